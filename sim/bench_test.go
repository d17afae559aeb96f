package sim

import (
	"context"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// BenchmarkPlayGame measures the driver with random bots: one op is one
// whole recorded game; actions/op tells the cost per action.
func BenchmarkPlayGame(b *testing.B) {
	for _, bm := range []struct {
		name  string
		setup GameSetup
	}{
		{"connectfour", GameSetup{Game: gametest.ConnectFour(), Players: 2, Bots: []string{"random", "random"}}},
		{"goofspiel-4p", GameSetup{Game: gametest.Goofspiel(), Players: 4, Bots: []string{"random", "random", "random", "random"}}},
		{"tapper-realtime", GameSetup{Game: tapper{}, Players: 2, Options: game.Options{"clock": "0"}, Bots: []string{"random", "random"}}},
	} {
		b.Run(bm.name, func(b *testing.B) {
			actions := 0
			for i := 0; b.Loop(); i++ {
				bm.setup.Seed = uint64(i)
				res, err := PlayGame(context.Background(), bm.setup)
				if err != nil || !res.OK() {
					b.Fatal(err, res.Error)
				}
				actions += res.Actions
			}
			b.ReportMetric(float64(actions)/float64(b.N), "actions/op")
		})
	}
}

// BenchmarkRun measures a whole run of 100 Connect Four games between
// random and mcts:easy, with 1 and 2 workers.
func BenchmarkRun(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[workers], func(b *testing.B) {
			for b.Loop() {
				if _, _, err := Run(context.Background(), Config{Game: gametest.ConnectFour(), Bots: []string{"random", "mcts:easy"}, Games: 100, Seed: 1, Workers: workers}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
