package outofmine

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// TestReasonsInEveryLanguage asks Explain about every action of every
// seat, chance and the round clock along random games, with and without
// the assist mode, and checks that each reason has words in German,
// French and Dutch: the explain frame says the engine's reason in the
// reader's language. It asks at every third step, every 27th under the
// race detector (see racedetector).
func TestReasonsInEveryLanguage(t *testing.T) {
	seen := map[string]bool{}
	g := New().(*Game)
	for i, opts := range []game.Options{{"assist": "true"}, nil} {
		st, _, err := game.Start(g, 3, opts, uint64(77+i))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(uint64(3 + i))
		for step := 0; !st.Terminal() && step < 400; step++ {
			if step%racedetector.Pick(3, 27) == 0 {
				gametest.CheckReasonsLocalized(t, st, g, []game.Player{game.Chance, game.System, 0, 1, 2}, game.Action(numActions), seen)
			}
			p, a, _ := gametest.RandomStep(st, &rng, nil, nil)
			st.Apply(p, a)
		}
	}
	if len(seen) < 100 {
		t.Fatalf("only %d distinct reasons met", len(seen))
	}
}
