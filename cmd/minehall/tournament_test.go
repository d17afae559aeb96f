package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minehall/sim"
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

// In a 3-player tournament the players who did not win are ranked by
// score, not tied: Out of Mine's easy bot, which scores more than random
// but never beats medium, rates between them, and finishes ahead of random
// in the head-to-head count.
func TestTournamentRanksEveryPlayer(t *testing.T) {
	code, out, errOut := runCmd(t, registry(), "tournament", "outofmine", "--players", "3", "--bots", "easy,medium,random", "--games", "2", "--seed", "3", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var tr sim.Tournament
	if err := json.Unmarshal([]byte(out), &tr); err != nil {
		t.Fatal(err)
	}
	var order []string
	mu := map[string]float64{}
	for _, s := range tr.Standings {
		order = append(order, s.Bot)
		mu[s.Bot] = s.Mu
	}
	if strings.Join(order, " ") != "medium easy random" || mu["easy"]-mu["random"] < 5 {
		t.Errorf("standings %v with ratings %v; want medium, easy, random, easy well above random", order, mu)
	}
	easy, random := 0, 2
	if h := tr.Cross[easy][random]; h.Games != 12 || h.Ahead+h.Level == 0 || h.Share <= 0.5 {
		t.Errorf("easy against random: %+v; want easy ahead in most of their 12 games", h)
	}
}
