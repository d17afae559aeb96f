package outofmine

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func TestConformance(t *testing.T) {
	gametest.Run(t, New(), gametest.Config{
		Options: []game.Options{
			nil,
			{OptAssist: "true", OptElves: "true", OptFinds: "true", OptClock: "60"},
		},
		Games:            4,
		DeterminizeEvery: 25,
	})
}

func TestGolden(t *testing.T) {
	gametest.Golden(t, New(), 3, game.Options{OptElves: "true", OptFinds: "true"}, 42, "testdata/golden/three-players.json")
}

func FuzzGame(f *testing.F) {
	gametest.FuzzActions(f, New(), nil)
}
