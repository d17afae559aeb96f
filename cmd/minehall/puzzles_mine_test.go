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
// command that rebuilds it; bad arguments are usage errors (exit 2).
func TestPuzzlesMineCommand(t *testing.T) {
	for _, args := range [][]string{
		{"puzzles", "mine", "outofmine"},
		{"puzzles", "mine", "minerals", "--games", "0"},
		{"puzzles", "mine", "minerals", "--workers", "0"},
		{"puzzles", "mine"},
	} {
		if code, _, errOut := runCmd(t, testRegistry(), args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want a usage error, exit 2", args, code, errOut)
		}
	}
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
