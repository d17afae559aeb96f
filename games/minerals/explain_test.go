package minerals

import (
	"slices"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// TestExplainAgreesWithLegal asks Explain about every action for every
// seat and Chance at states along a random game: nil exactly for the legal
// actions, otherwise an error with a code and a message.
func TestExplainAgreesWithLegal(t *testing.T) {
	s := newState(t, 3, nil, 77)
	rng := game.NewRand(1)
	for step := 0; !s.Terminal(); step++ {
		if step%20 == 0 || s.phase == phaseCut || s.phase == phaseChestDraw {
			for p := game.Chance; p < game.Player(s.n); p++ {
				legal := s.Legal(p, nil)
				for a := range game.Action(numActions) {
					err := s.Explain(p, a)
					isLegal := slices.Contains(legal, a)
					if (err == nil) != isLegal {
						t.Fatalf("step %d, seat %s, %s: Explain says %v; legal %v", step, p, s.ActionString(p, a), err, isLegal)
					}
					if err != nil && (game.ErrorCode(err) == game.CodeInternal || err.Error() == "") {
						t.Fatalf("step %d, seat %s, %s: error %q of code %s", step, p, s.ActionString(p, a), err, game.ErrorCode(err))
					}
				}
			}
		}
		p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
		s.Apply(p, a)
	}
}
