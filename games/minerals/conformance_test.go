package minerals

import (
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// TestConformance runs the conformance kit: the default options at every
// player count, and each other version, board and tool side at three
// players. Under the race detector it plays one game of each player count
// instead of two (see racedetector); the fuzz target and the benchmarks
// play many more games.
func TestConformance(t *testing.T) {
	gametest.Run(t, New(), gametest.Config{Games: racedetector.Pick(2, 1), LegalSamples: 4, IllegalSamples: 2})
	gametest.Run(t, New(), gametest.Config{
		Players: []int{3},
		Games:   1,
		Options: []game.Options{
			{"version": "6+"},
			{"version": "7+", "board": "random"},
			{"tools": "AAAAA", "board": "rectangle"},
			{"tools": "BBBBB", "board": "triangle"},
		},
		LegalSamples: 4, IllegalSamples: 2,
	})
}
