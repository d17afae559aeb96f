package tf22

import (
	"slices"
	"testing"

	"minehall/game"
)

// yellowOneDeliveryFromThree starts a 4-player game on a cleared planet in
// which seat 0, with 2 markers, leads the yellow crew, whose crossing is
// open east to a loader: a delivery ("I yellow") is one action away once
// the crew carries Ranium.
func yellowOneDeliveryFromThree(t *testing.T) *State {
	t.Helper()
	s := started(t, 4, "standard", "white", "red", "blue", "yellow")
	clearPlanet(t, s)
	// Seat 0 has the yellow crew (chosen last); open its crossing east.
	setTunnels(t, s, at(4, 4), map[string]string{"blue": "NESW", "yellow": "EW"})
	setTunnels(t, s, at(4, 5), map[string]string{"yellow": "EW"})
	setTunnels(t, s, at(4, 6), map[string]string{"yellow": "EW"})
	s.loader[0] = 9
	s.markers[0] = 2
	return s
}

func TestThreeMarkersWinWithFourPlayers(t *testing.T) {
	s := yellowOneDeliveryFromThree(t)
	s.crewRanium[yellow] = 1
	s.ranium &^= 1 << innerCorners[0]
	if s.crewOwner[yellow] != 0 {
		t.Fatalf("yellow crew belongs to seat %d; want 0", s.crewOwner[yellow])
	}
	play(t, s, "I yellow")
	if !s.Terminal() {
		t.Fatalf("3 markers did not end the game")
	}
	if got := s.Returns(nil); !slices.Equal(got, []float64{1, 0, 0, 0}) {
		t.Fatalf("returns %v; want seat 0 alone to win", got)
	}
	refuse(t, s, "A 1,1", "game is over")
}

// TestWinningDeliveryOfTwoRaniumPassesTheGoal delivers two Ranium at once
// when one would reach the goal: both count, so the winner ends with 4
// markers, and the view shows the 4 the end screen reports.
func TestWinningDeliveryOfTwoRaniumPassesTheGoal(t *testing.T) {
	s := yellowOneDeliveryFromThree(t)
	s.crewRanium[yellow] = 2
	s.ranium &^= 1<<innerCorners[0] | 1<<innerCorners[1]
	play(t, s, "I yellow")
	if !s.Terminal() || s.winner != 0 {
		t.Fatalf("2 markers plus a delivery of 2: terminal %v winner %d; want seat 0 to win", s.Terminal(), s.winner)
	}
	if got := s.Scores(nil)[0]; got != 4 {
		t.Fatalf("seat 0's score %v; want 4, both Ranium counted", got)
	}
	if got := s.View(game.Spectator).(*View).Seats[0].Markers; got != 4 {
		t.Fatalf("the view shows %d markers for seat 0; want 4", got)
	}
}

func TestTwoPlayersNeedFiveMarkersWithBothCrews(t *testing.T) {
	s := twoPlayers(t, "standard")
	deliveryRoute(t, s)
	s.markers[0] = 3
	s.crewRanium[blue] = 1
	s.ranium &^= 1 << innerCorners[1]
	play(t, s, "I blue")
	if s.Terminal() {
		t.Fatalf("4 markers ended a 2-player game; the goal is 5")
	}
	for s.placeCount > 0 {
		l := s.Legal(s.Actors(nil)[0], nil)
		s.Apply(s.Actors(nil)[0], l[0])
	}
	// The white crew of the same seat carries one and delivers it.
	s.crewPos[white] = s.crewPos[blue]
	s.crewTunnel[white] = blue
	s.crewRanium[white] = 1
	s.ranium &^= 1 << innerCorners[2]
	play(t, s, "I white")
	if !s.Terminal() || s.winner != 0 {
		t.Fatalf("5 markers with both crews: terminal %v winner %d; want seat 0 to win", s.Terminal(), s.winner)
	}
}

func TestRaniumRidesOnTheCrewThatTookIt(t *testing.T) {
	s := twoPlayers(t, "standard")
	s.ranium &^= 1 << innerCorners[1]
	s.ranium |= 1 << centerPos[blue]
	play(t, s, "F blue")
	if s.crewRanium[blue] != 1 || s.crewRanium[white] != 0 {
		t.Fatalf("carried %d by blue and %d by white; want the Ranium on the blue crew's base", s.crewRanium[blue], s.crewRanium[white])
	}
	deliveryRoute(t, s)
	s.crewPos[white], s.crewTunnel[white] = s.crewPos[blue], blue
	refuse(t, s, "I white", "carries no Ranium")
	refuse(t, s, "J blue to 1,1", "closed to the blue crew")
}

func TestRoundLimitSharesTheWin(t *testing.T) {
	s, _, err := game.Start(New(), 3, game.Options{OptionRoundLimit: "1"}, 9)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"keep planet", "choose red", "choose blue", "choose yellow"} {
		play(t, s, m)
	}
	st := s.(*State)
	st.markers = [4]int8{1, 0, 1, 0}
	for range 3 * 4 {
		play(t, s, "A 1,1")
	}
	if !s.Terminal() {
		t.Fatalf("the game goes on after the round limit")
	}
	if got := s.Returns(nil); !slices.Equal(got, []float64{0.5, 0, 0.5}) {
		t.Fatalf("returns %v; want seats 0 and 2 to share", got)
	}
}

func TestThreePlayersLeaveWhiteOut(t *testing.T) {
	s := started(t, 3, "standard", "red", "blue", "yellow")
	for k := range numColors {
		if k == white && (s.crewOwner[k] >= 0 || s.crewPos[k] >= 0) {
			t.Fatalf("the white crew is in a 3-player game")
		}
	}
	for seat := range int8(3) {
		if s.seatColor[seat] == white {
			t.Fatalf("seat %d plays the white symbol cards", seat)
		}
	}
	if v := s.View(game.Spectator).(*View); len(v.Crews) != 3 {
		t.Fatalf("%d crews in the view; want 3", len(v.Crews))
	}
}
