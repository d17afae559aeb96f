package hammertime

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// The conformance kit on a short 3-player game (one wagon to fill) of the
// expert variant, which exercises every rule of the basic game too; the
// golden game covers 2 players and the view tests 4. Physics under the race detector is slow, so the kit
// plays few games and samples few actions per step.
func TestConformance(t *testing.T) {
	gametest.Run(t, New(), gametest.Config{
		Players:          []int{3},
		Options:          []game.Options{{"wagons": "1", "expert": "true"}},
		Games:            1,
		Seed:             3,
		LegalSamples:     2,
		IllegalSamples:   2,
		DeterminizeEvery: 4,
	})
}

func TestGolden(t *testing.T) {
	gametest.Golden(t, New(), 2, game.Options{"wagons": "1", "expert": "true"}, 11, "testdata/golden/expert-2p.json")
}

func FuzzActions(f *testing.F) {
	gametest.FuzzActions(f, New(), game.Options{"wagons": "1"})
}
