package tf22

import (
	"encoding/json"
	"testing"

	"minehall/game"
)

func TestMoveIsPublicInACombat(t *testing.T) {
	s := twoPlayers(t, "strategy")
	s.crewPos[red] = s.crewPos[blue]
	s.crewRanium[red] = 1
	s.ranium &^= 1 << innerCorners[1]
	steps := []struct {
		move   string
		public bool
	}{
		{"G blue attacks red", true},
		{"card 5", false}, // the attacker's card lies face down
		{"card 6", true},  // the defender's answer reveals both
		{"A 1,1", true},
	}
	for _, st := range steps {
		p := s.Actors(nil)[0]
		a, err := s.ParseAction(p, st.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.MoveIsPublic(p, a); got != st.public {
			t.Errorf("MoveIsPublic(%s) = %v; want %v", st.move, got, st.public)
		}
		// Of the hidden card everyone may know that it was laid, and
		// the same words for every card.
		for _, b := range s.Legal(p, nil) {
			want := ""
			if !st.public {
				want = "card"
			}
			if got := s.HiddenMove(p, b); got != want {
				t.Errorf("before %s: HiddenMove(%s) = %q; want %q", st.move, s.ActionString(p, b), got, want)
			}
		}
		hidden := checkPublicAgainstViews(t, s)
		if want := len(s.Legal(p, nil)); !st.public && hidden != want {
			t.Errorf("before %s, %d of the %d cards are hidden from the defender; want all", st.move, hidden, want)
		}
		play(t, s, st.move)
	}
}

// TestMoveIsPublicAgreesWithViews checks, on the states of random games of
// every variant, that a move is public exactly when every other seat can
// tell it from the other legal moves of the same player by its view after
// the move.
func TestMoveIsPublicAgreesWithViews(t *testing.T) {
	step, checked := 0, 0
	randomStates(t, 2, func(s *State) {
		if step++; s.phase != phaseTurn || step%11 != 0 {
			return
		}
		checkPublicAgainstViews(t, s)
		checked++
	})
	if checked < 15 {
		t.Fatalf("checked %d states; want at least 15", checked)
	}
}

// checkPublicAgainstViews checks MoveIsPublic for every legal move in s
// against the views of the other seats after it, and returns how many
// (move, seat) pairs were hidden.
func checkPublicAgainstViews(t *testing.T, s *State) int {
	t.Helper()
	hidden := 0
	p := game.Player(s.actor())
	legal := s.Legal(p, nil)
	for q := range s.n {
		if game.Player(q) == p {
			continue
		}
		after := map[string]int{}
		keys := make([]string, len(legal))
		for i, a := range legal {
			c := *s
			c.Apply(p, a)
			b, err := json.Marshal(c.View(game.Player(q)))
			if err != nil {
				t.Fatal(err)
			}
			keys[i] = string(b)
			after[keys[i]]++
		}
		for i, a := range legal {
			told := after[keys[i]] == 1
			if got := s.MoveIsPublic(p, a); got != told {
				t.Fatalf("MoveIsPublic(%s) = %v, but whether seat %d can tell it from the other moves is %v", s.ActionString(p, a), got, q, told)
			}
			if !told {
				hidden++
			}
		}
	}
	return hidden
}
