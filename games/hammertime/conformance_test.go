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
		Options:          []game.Options{{"wagons": "1", "expert": "true"}, {"wagons": "1", "expert": "true", "piles": "setup"}},
		Games:            1,
		Seed:             3,
		LegalSamples:     2,
		IllegalSamples:   2,
		DeterminizeEvery: 4,
	})
}

// TestGolden plays a game of the rules version new games get, the drawn
// piles (its record holds the cards chance turns up).
func TestGolden(t *testing.T) {
	gametest.Golden(t, New(), 2, game.Options{"wagons": "1", "expert": "true"}, 11, "testdata/golden/expert-2p-drawn.json")
}

// TestGoldenOfPilesSetAtSetup plays the game of expert-2p.json, recorded
// before the piles option existed (its options lack it), with piles set at
// setup, and checks that the stored record still replays to its final
// hash: the rules an old record was played under are kept.
func TestGoldenOfPilesSetAtSetup(t *testing.T) {
	const path = "testdata/golden/expert-2p.json"
	old, err := game.ReadRecordFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := old.Options["piles"]; ok {
		t.Fatalf("%s has options %v; want a record made before the piles option", path, old.Options)
	}
	var reg game.Registry
	reg.Register(New())
	if _, err := game.Verify(&reg, old); err != nil {
		t.Fatalf("%s does not replay: %v", path, err)
	}
	rec, _, err := gametest.RandomGame(New(), 2, game.Options{"wagons": "1", "expert": "true", "piles": "setup"}, 11, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Actions) != len(old.Actions) || rec.Hash != old.Hash {
		t.Errorf("the game played again with piles=setup has %d actions and hash %s; want %d and %s", len(rec.Actions), rec.Hash, len(old.Actions), old.Hash)
	}
	for i := range min(len(rec.Actions), len(old.Actions)) {
		if rec.Actions[i].Move != old.Actions[i].Move {
			t.Fatalf("action %d is %q; the old record has %q", i, rec.Actions[i].Move, old.Actions[i].Move)
		}
	}
}

func FuzzActions(f *testing.F) {
	gametest.FuzzActions(f, New(), game.Options{"wagons": "1"})
}
