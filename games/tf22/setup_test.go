package tf22

import (
	"math/bits"
	"testing"

	"minehall/game"
)

func TestSetUpByPlayerCount(t *testing.T) {
	for _, c := range []struct {
		players     int
		ranium      int
		whiteInGame bool
		cornerEmpty bool
	}{
		{2, 3, true, true},
		{3, 3, false, true},
		{4, 4, true, false},
	} {
		s, _, err := game.Start(New(), c.players, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*State)
		if got := bits.OnesCount64(st.ranium); got != c.ranium {
			t.Errorf("%d players: %d Ranium on the planet; want %d", c.players, got, c.ranium)
		}
		for i, p := range innerCorners {
			want := !(i == 0 && c.cornerEmpty)
			if got := st.ranium&(1<<p) != 0; got != want {
				t.Errorf("%d players: Ranium on inner corner %s is %v; want %v", c.players, posName(p), got, want)
			}
		}
		if got := st.crewPos[white] >= 0; got != c.whiteInGame {
			t.Errorf("%d players: white crew in game %v; want %v", c.players, got, c.whiteInGame)
		}
		for col, p := range centerPos {
			if st.card[p] != st.pack.startCard[col] {
				t.Errorf("%d players: card at %s is %s; want the %s start card", c.players, posName(p), st.pack.cardIDs[st.card[p]], colorNames[col])
			}
			if col != white || c.whiteInGame {
				if int(st.crewPos[col]) != p || int(st.crewTunnel[col]) != col {
					t.Errorf("%d players: %s crew at %d in %d; want on its crossing", c.players, colorNames[col], st.crewPos[col], st.crewTunnel[col])
				}
			}
		}
		if st.loader != [3]int8{0, 8, 16} {
			t.Errorf("%d players: loaders at %v; want docks 0, 8, 16", c.players, st.loader)
		}
		if err := st.CheckInvariants(); err != nil {
			t.Errorf("%d players: %v", c.players, err)
		}
	}
}

func TestStartPlayerSwapsTwoPairs(t *testing.T) {
	s, _, _ := game.Start(New(), 4, nil, 5)
	st := s.(*State)
	a, b := st.card[at(1, 1)], st.card[at(2, 2)]
	refuse(t, s, "choose red", "swap two pairs")
	refuse(t, s, "swap 3,3 and 1,1", "start cards stay in the center")
	refuse(t, s, "swap 1,1 and 1,1", "two different ring cards")
	play(t, s, "swap 1,1 and 2,2")
	if st.card[at(1, 1)] != b || st.card[at(2, 2)] != a {
		t.Fatalf("swap did not exchange the cards at 1,1 and 2,2")
	}
	if st.ranium&(1<<at(2, 2)) == 0 {
		t.Fatalf("the Ranium on 2,2 left its place with the card")
	}
	if st.phase != phaseSwap {
		t.Fatalf("phase %d after one swap; want the second swap", st.phase)
	}
	play(t, s, "swap 6,6 and 5,5")
	if st.phase != phaseChoose {
		t.Fatalf("phase %d after two swaps; want choosing crews", st.phase)
	}
}

func TestCrewsAreChosenCounterclockwise(t *testing.T) {
	for _, c := range []struct {
		players int
		order   []game.Player
	}{
		{4, []game.Player{3, 2, 1, 0}},
		{3, []game.Player{2, 1, 0}},
		{2, []game.Player{1, 0, 1, 0}},
	} {
		s, _, _ := game.Start(New(), c.players, nil, 1)
		play(t, s, "keep planet")
		st := s.(*State)
		if c.players == 3 {
			refuse(t, s, "choose white", "not in the game with 3 players")
		}
		colors := []string{"red", "blue", "yellow", "white"}
		for i, want := range c.order {
			if got := st.actor(); got != want {
				t.Fatalf("%d players: choice %d by seat %d; want seat %d", c.players, i, got, want)
			}
			play(t, s, "choose "+colors[i])
			if i == 0 {
				refuse(t, s, "choose red", "already belongs to seat")
			}
		}
		if st.phase != phaseTurn || st.actor() != 0 || st.ore != 4 {
			t.Fatalf("%d players: after choosing, phase %d actor %d ore %d; want seat 0's turn with 4 ore", c.players, st.phase, st.actor(), st.ore)
		}
		if c.players == 2 {
			if st.seatColor[1] != red || st.seatColor[0] != blue {
				t.Fatalf("2 players: symbol colors %v; want the first color each seat took", st.seatColor)
			}
			if st.crewOwner != [4]int8{0, 1, 0, 1} {
				t.Fatalf("2 players: crew owners %v; want white and blue seat 0, red and yellow seat 1", st.crewOwner)
			}
		}
	}
}

func TestLoadersAdvanceTwoDocksEachTurn(t *testing.T) {
	s := started(t, 2, "standard", "red", "blue", "yellow", "white")
	if s.loader != [3]int8{2, 10, 18} {
		t.Fatalf("loaders at %v at the first turn; want 2, 10, 18", s.loader)
	}
	for range 4 {
		play(t, s, "A 1,1")
	}
	if s.active != 1 || s.ore != 4 {
		t.Fatalf("after 4 ore: seat %d has %d ore; want seat 1 with 4", s.active, s.ore)
	}
	if s.loader != [3]int8{4, 12, 20} {
		t.Fatalf("loaders at %v at the second turn; want 4, 12, 20", s.loader)
	}
}
