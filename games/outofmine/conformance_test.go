package outofmine

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// TestConformance runs the conformance kit on four games of each player
// count, with the default options and with every option on; one game
// under the race detector (see racedetector).
func TestConformance(t *testing.T) {
	gametest.Run(t, New(), gametest.Config{
		Options: []game.Options{
			nil,
			{OptAssist: "true", OptElves: "true", OptFinds: "true", OptClock: "60"},
		},
		Games:            racedetector.Pick(4, 1),
		DeterminizeEvery: 25,
	})
}

func TestGolden(t *testing.T) {
	gametest.Golden(t, New(), 3, game.Options{OptElves: "true", OptFinds: "true"}, 42, "testdata/golden/three-players.json")
}

func FuzzGame(f *testing.F) {
	gametest.FuzzActions(f, New(), nil)
}
