package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTournamentCommand(t *testing.T) {
	dir := t.TempDir()
	jsonPath, plotPath := filepath.Join(dir, "t.json"), filepath.Join(dir, "t.svg")
	code, out, errOut := runCmd(t, testRegistry(), "tournament", "connectfour", "--bots", "random,greedy", "--games", "3", "--seed", "5", "--json", jsonPath, "--plot", plotPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "2 seatings × 3 games = 6 games (0 errors)") || !strings.Contains(out, "head to head") {
		t.Errorf("output:\n%s\nwant the standings and the cross table of 6 games", out)
	}
	var got struct {
		Games     int `json:"games"`
		Standings []struct {
			Bot string  `json:"bot"`
			Mu  float64 `json:"mu"`
		} `json:"standings"`
	}
	b, err := os.ReadFile(jsonPath)
	if err != nil || json.Unmarshal(b, &got) != nil || got.Games != 6 || len(got.Standings) != 2 {
		t.Errorf("JSON %s (%v): want 6 games and two standings", b, err)
	}
	if svg, err := os.ReadFile(plotPath); err != nil || !strings.Contains(string(svg), "<svg") {
		t.Errorf("plot: %v; want an SVG", err)
	}
	for _, args := range [][]string{
		{"tournament", "connectfour", "--bots", "random"},
		{"tournament", "connectfour", "--bots", "random,nope"},
		{"tournament", "connectfour", "--bots", "random,greedy", "--games", "0"},
		{"tournament", "nogame", "--bots", "random,greedy"},
	} {
		if code, _, errOut := runCmd(t, testRegistry(), args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want a failure that says why", args, code, errOut)
		}
	}
}
