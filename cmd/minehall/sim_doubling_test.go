package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimDoubling runs minehall sim doubling on Minerals' hard level at
// small budgets: the table names each doubling, the JSON has its steps,
// the plot is written and the journals are kept.
func TestSimDoubling(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "d.json")
	plot := filepath.Join(dir, "d.svg")
	code, stdout, stderr := runCmd(t, registry(), "sim", "doubling", "minerals", "--level", "hard", "--from", "8", "--doublings", "2",
		"--games", "2", "--seed", "4", "--json", out, "--plot", plot, "--journal-dir", filepath.Join(dir, "j"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Minerals, hard at doubling budgets", "8 → 16", "16 → 32", "Elo gain"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the table lacks %q:\n%s", want, stdout)
		}
	}
	var d struct {
		Steps []struct {
			Weak, Strong int
			Run          struct{ Bots []string }
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &d); err != nil || len(d.Steps) != 2 || d.Steps[1].Weak != 16 || d.Steps[1].Run.Bots[1] != "hard:32" {
		t.Fatalf("the JSON's steps %+v (%v); want 8→16 and 16→32", d.Steps, err)
	}
	for _, f := range []string{plot, filepath.Join(dir, "j", "hard-8-16.jsonl"), filepath.Join(dir, "j", "hard-16-32.jsonl")} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", filepath.Base(f), err)
		}
	}
}

func TestSimDoublingRefuses(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no game", []string{"sim", "doubling"}, 2, "takes one game"},
		{"unknown game", []string{"sim", "doubling", "chess"}, 1, "chess"},
		{"no budgeted level", []string{"sim", "doubling", "outofmine"}, 1, "Out of Mine has no search level whose iterations can be set"},
		{"greedy", []string{"sim", "doubling", "minerals", "--level", "greedy"}, 1, "the greedy bot of Minerals is no search"},
		{"zero budget", []string{"sim", "doubling", "minerals", "--from", "0"}, 2, "--from and --doublings must be at least 1"},
		{"zero games", []string{"sim", "doubling", "minerals", "--games", "0"}, 2, "--games must be at least 1"},
		{"journal dir a file", []string{"sim", "doubling", "minerals", "--journal-dir", file}, 2, "is a file, not a directory"},
		{"bad plot", []string{"sim", "doubling", "minerals", "--plot", "d.gif"}, 2, ".png or .svg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, registry(), tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Fatalf("exit %d, %q; want %d with %q", code, stderr, tt.code, tt.want)
			}
		})
	}
}
