package hammertime

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// TestReasonsInEveryLanguage asks Explain about every action of every
// seat and of chance along random games with mission cards and in the
// expert variant, and checks that each reason has words in German,
// French and Dutch: the explain frame says the engine's reason in the
// reader's language. Under the race detector it asks at every fourth
// step (see racedetector).
func TestReasonsInEveryLanguage(t *testing.T) {
	seen := map[string]bool{}
	g := New().(*Game)
	for i, opts := range []game.Options{{"expert": "true", "wagons": "1"}, {"wagons": "1"}} {
		st, _, err := game.Start(g, 3, opts, uint64(31+i))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(uint64(5 + i))
		for step := 0; !st.Terminal() && step < 200; step++ {
			if step%racedetector.Pick(1, 4) == 0 {
				gametest.CheckReasonsLocalized(t, st, g, []game.Player{game.Chance, 0, 1, 2}, numActions, seen)
			}
			p, a, _ := gametest.RandomStep(st, &rng, nil, nil)
			st.Apply(p, a)
		}
	}
	if len(seen) < 20 {
		t.Fatalf("only %d distinct reasons met", len(seen))
	}
}
