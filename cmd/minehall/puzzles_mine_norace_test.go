//go:build !race

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minehall/puzzle"
)

// `minehall puzzles mine minerals` writes the set it mines, with the
// command that rebuilds it. Mining one game runs the deep search at every
// move: about 15 s, ten times that under the race detector, so this runs
// in the build without it (.ci/run's step for the Minerals tactics).
func TestPuzzlesMineMineralsWritesTheSet(t *testing.T) {
	out := filepath.Join(t.TempDir(), "set.json")
	code, _, errOut := runCmd(t, testRegistry(), "puzzles", "mine", "minerals", "--games", "1", "--seed", "2026", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var set puzzle.MineralsSet
	if err := json.Unmarshal(b, &set); err != nil {
		t.Fatalf("the set is not JSON: %v", err)
	}
	if set.Command != "minehall puzzles mine minerals --games 1 --seed 2026" || set.Games != 1 || set.Seed != 2026 || len(set.Puzzles) == 0 || set.Puzzles[0].ID != "m0001" {
		t.Errorf("set %q, %d games, seed %d, %d puzzles; want the command that rebuilds it and puzzles from m0001", set.Command, set.Games, set.Seed, len(set.Puzzles))
	}
	if !strings.Contains(errOut, "puzzles from 1 games") {
		t.Errorf("standard error %q; want the count and the time", errOut)
	}
}
