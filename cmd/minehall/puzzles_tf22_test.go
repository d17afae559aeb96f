package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minehall/puzzle"
)

// TestPuzzlesMineTF22 mines from seed 9 into a directory: the first puzzle
// kept is seed 9's (one shortest plan of 4 ore), written as 001.json with
// the id tf22-001, and the same flags write the same file again.
func TestPuzzlesMineTF22(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, testRegistry(), "puzzles", "mine", "tf22", "--seed", "9", "--count", "1", "--out", dir)
	if code != 0 || !strings.Contains(out, "tf22-001: seed 9, 4 ore") {
		t.Fatalf("got %d %q %q", code, out, errOut)
	}
	b, err := os.ReadFile(filepath.Join(dir, "001.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p puzzle.RoutePuzzle
	if err := json.Unmarshal(b, &p); err != nil || p.ID != "tf22-001" || p.Setup.Seed != 9 || p.Optimum != 4 || len(p.Plan) != 4 {
		t.Fatalf("001.json: %+v (err %v)", p, err)
	}
	if err := puzzle.VerifyRoute(p); err != nil {
		t.Errorf("the mined puzzle does not re-verify: %v", err)
	}
	runCmd(t, testRegistry(), "puzzles", "mine", "tf22", "--seed", "9", "--count", "1", "--out", dir)
	if b2, _ := os.ReadFile(filepath.Join(dir, "001.json")); string(b2) != string(b) {
		t.Error("the same flags wrote another file")
	}
	if code, _, _ := runCmd(t, testRegistry(), "puzzles", "mine", "tf22", "--count", "0", "--out", dir); code != 2 {
		t.Errorf("--count 0: exit %d; want 2 (usage)", code)
	}
}
