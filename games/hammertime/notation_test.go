package hammertime

import (
	"strings"
	"testing"

	"minehall/game"
)

func TestNotationRoundTrip(t *testing.T) {
	s := newTestState(t, 2, nil)
	for a := game.Action(0); a < numActions; a++ {
		str := s.ActionString(0, a)
		back, err := s.ParseAction(0, str)
		if err != nil || back != a {
			t.Errorf("action %d is %q, which parses to %d, %v", a, str, back, err)
		}
	}
	if got := s.ActionString(0, HitAction(East, 3, 7)); got != "hit east 3 strength 7" {
		t.Errorf("got %q; want %q", got, "hit east 3 strength 7")
	}
	for tech, want := range map[Technique]string{Handle: "roll handle", WeakHand: "roll weak-hand", Fist: "roll fist",
		HeadDown: "roll head-down", ThumbOff: "roll thumb-off", EyesClosed: "roll eyes-closed"} {
		if got := s.ActionString(game.Chance, RollAction(tech)); got != want {
			t.Errorf("the roll of %s is written %q; want %q", tech, got, want)
		}
	}
	if RollAction(EyesClosed) != actRevealWagon-1 || RollAction(Handle) != actFill+game.Action(numFillings) {
		t.Errorf("the rolls are actions %d to %d; want the six after the fillings, before the cards turned up (%d)", RollAction(Handle), RollAction(EyesClosed), actRevealWagon)
	}
	for a, want := range map[game.Action]string{actRevealWagon: "reveal orange-1", actRevealWagon + 15: "reveal " + s.pack.Wagons[15].ID,
		actRevealMission: "reveal mission-1", numActions - 1: "reveal mission-9"} {
		if got := s.ActionString(game.Chance, a); got != want {
			t.Errorf("action %d is written %q; want %q", a, got, want)
		}
	}
}

func TestNotationErrors(t *testing.T) {
	s := newTestState(t, 2, nil)
	tests := []struct{ in, want string }{
		{"", "it is empty"},
		{"hit up 3 strength 2", `"up" is not a side`},
		{"hit north 0 strength 2", "position \"0\" is not a whole number from 1 to 9"},
		{"hit north 3 strength 11", "strength \"11\" is not a whole number from 1 to 10"},
		{"hit north 3", "a hit is written"},
		{"turn around", "turn left"},
		{"push up", "push SIDE"},
		{"use missions", "when you fill your wagon"},
		{"fill", "a filling is written"},
		{"fill red", "a filling is written"},
		{"fill black 1", "black gems fill no wagon"},
		{"fill red 1 red 1", "red is named twice"},
		{"fill red x", `the count of red, "x"`},
		{"fill red 4 white 3", "at most 6 slots"},
		{"fill purple 1", `"purple" is not blue`},
		{"roll", "roll FACE"},
		{"roll none", "roll FACE"},
		{"roll six", "roll FACE"},
		{"dance", "a move starts with"},
	}
	for _, tt := range tests {
		_, err := s.ParseAction(0, tt.in)
		if game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v; want an invalid-input error containing %q", tt.in, err, tt.want)
		}
	}
}
