package minerals

import (
	"math"
	"testing"

	"minehall/game"
)

// Evaluate's values are the players' chances of winning: along random
// games of two to five players every state's values lie in [0, 1] and sum
// to 1, so a move that takes from the leader raises the others' values.
func TestEvaluateIsAChanceOfWinning(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		gs, _, err := game.Start(New(), n, nil, uint64(40+n))
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRand(uint64(n))
		var buf []game.Action
		var obuf []game.ChanceOutcome
		checked := 0
		for !gs.Terminal() {
			v := Evaluate(gs, nil)
			sum := 0.0
			for p, x := range v {
				if x < 0 || x > 1 || math.IsNaN(x) {
					t.Fatalf("%d players, action %d: seat %d's value %v; want it in [0, 1]", n, checked, p, x)
				}
				sum += x
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("%d players, action %d: values %v sum to %v; want 1", n, checked, v, sum)
			}
			checked++
			p := gs.Actors(nil)[0]
			if p == game.Chance {
				obuf = gs.(game.ChanceState).ChanceOutcomes(obuf[:0])
				gs.Apply(p, game.PickOutcome(obuf, rng.Float64()))
				continue
			}
			buf = gs.Legal(p, buf[:0])
			gs.Apply(p, buf[rng.IntN(len(buf))])
		}
		if checked < 50 {
			t.Errorf("%d players: %d states checked; want a whole game", n, checked)
		}
	}
}
