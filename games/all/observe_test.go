package all_test

import (
	"fmt"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/all"
	"minehall/internal/racedetector"
)

// TestObservationsStayInRange plays long random games of every game,
// with the options that make them longest (TF22 without a round limit
// reached "turns begun / 100" = 35 before its tensor was bounded), and
// checks every value of every viewer's tensor at every state against the
// contract's bounds, [-1, 1] (counts are in [0, 1]; positions and points
// that may be lost are signed). Under the race detector it plays one game
// of each (see racedetector).
func TestObservationsStayInRange(t *testing.T) {
	tests := []struct {
		id      string
		players int
		opts    game.Options
		seeds   int
	}{
		{"hammertime", 4, game.Options{"missions": "true", "expert": "true"}, 1},
		{"minerals", 5, nil, 3},
		{"outofmine", 4, game.Options{"clock": "60", "elves": "true", "finds": "true"}, 3},
		{"tf22", 4, nil, 3},
		{"tf22", 2, game.Options{"symbol_cards": "strategy", "round_limit": "1000"}, 3},
	}
	reg := all.Registry()
	for _, tc := range tests {
		g, err := reg.Lookup(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		for seed := 1; seed <= racedetector.Pick(tc.seeds, 1); seed++ {
			t.Run(fmt.Sprintf("%s/%dp/%v/seed%d", tc.id, tc.players, tc.opts, seed), func(t *testing.T) {
				if err := gametest.CheckObservationRange(g, tc.players, tc.opts, uint64(seed), 0); err != nil {
					t.Error(err)
				}
			})
		}
	}
}
