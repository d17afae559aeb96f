package minerals

import (
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// TestReasonsInEveryLanguage asks Explain about every illegal action of
// the player to act (and of the others) along random games of every
// version and tool side, at every 7th step and every step of the cut, sack
// and after phases, and checks that each reason has words in German,
// French and Dutch: the explain frame says the engine's reason in the
// reader's language. Under the race detector it asks at every 210th step
// and every 40th step of those phases (see racedetector).
func TestReasonsInEveryLanguage(t *testing.T) {
	seen := map[string]bool{}
	for i, opts := range []game.Options{{"tools": "AAAAA"}, {"tools": "BBBBB"}, {"version": "7+"}, {"version": "6+"}} {
		s := newState(t, 3, opts, uint64(40+i))
		rng := game.NewRand(uint64(i + 1))
		special := 0 // steps in the cut, sack and after phases, where most reasons lie
		for step := 0; !s.Terminal(); step++ {
			check := step%racedetector.Pick(7, 210) == 0
			if s.phase == phaseCut || s.phase == phaseSack || s.phase == phaseAfter {
				special++
				check = check || special%racedetector.Pick(1, 40) == 0
			}
			if check {
				gametest.CheckReasonsLocalized(t, s, Game{}, []game.Player{game.Chance, 0, 1, 2}, game.Action(numActions), seen)
			}
			p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
			s.Apply(p, a)
		}
	}
	if len(seen) < 40 {
		t.Fatalf("only %d distinct reasons met; the test should meet most of them", len(seen))
	}
}

// TestReasonInGerman checks one reason word for word: "Move your pawn in
// a straight line a number of hexes equal to the value of the Mineral the
// pawn is currently standing on" (rulebook, Movement).
func TestReasonInGerman(t *testing.T) {
	err := game.Errorf(game.CodeIllegal, "move e4: your pawn stands on kyanite and must move exactly 2 hexes, not 3")
	got, ok := Game{}.LocalizeError(err, "de")
	want := "move e4: Deine Figur steht auf Kyanit und muss genau 2 Felder ziehen, nicht 3."
	if !ok || got != want {
		t.Fatalf("got %q, %v; want %q", got, ok, want)
	}
	if _, ok := (Game{}).LocalizeError(game.Errorf(game.CodeIllegal, "no such sentence"), "de"); ok {
		t.Fatal("an unknown sentence was translated")
	}
	if !strings.HasPrefix(got, "move e4") {
		t.Fatal("the move as written must stay")
	}
}
