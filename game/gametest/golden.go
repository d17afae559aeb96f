package gametest

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"minehall/game"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/golden")

// Golden plays a seeded random game of g and compares its record, as
// indented JSON, with the file at path; `go test -update` rewrites the file.
// It also replays the stored file and verifies its hash, so a change to the
// rules that alters a recorded game fails here until the golden file is
// deliberately regenerated.
func Golden(t *testing.T, g game.Game, players int, opts game.Options, seed uint64, path string) {
	t.Helper()
	rec, _, err := RandomGame(g, players, opts, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	want := GoldenText(t, path, got)
	stored, err := game.ReadRecord(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	var reg game.Registry
	reg.Register(g)
	if _, err := game.Verify(&reg, stored); err != nil {
		t.Fatalf("%s does not replay: %v", path, err)
	}
}

// GoldenText compares got with the file at path and returns the file;
// `go test -update` rewrites the file with got first. A difference fails
// the test with the first line that differs.
func GoldenText(t *testing.T, path string, got []byte) []byte {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the result differs from %s (run go test -update to accept the change)\n%s", path, firstDiff(got, want))
	}
	return want
}

func firstDiff(got, want []byte) string {
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w []byte
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if !bytes.Equal(g, w) {
			return "line " + itoa(i+1) + ":\n got: " + string(g) + "\nwant: " + string(w)
		}
	}
	return ""
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }
