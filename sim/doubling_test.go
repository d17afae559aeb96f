package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/minerals"
	"minehall/games/tf22"
)

// TestDoublingPlaysEachBudgetAgainstItsDouble runs Minerals' hard level at
// 10, 20 and 40 iterations against twice as many: each step is the level
// against itself at twice the budget, its share is the larger budget's
// wins, its Elo the share's, and the same seed gives the same bytes.
func TestDoublingPlaysEachBudgetAgainstItsDouble(t *testing.T) {
	cfg := Config{Game: minerals.New(), Games: 4, Seed: 5, Workers: 2}
	d, err := RunDoubling(context.Background(), cfg, "hard", 10, 3, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Failed(); err != nil {
		t.Fatal(err)
	}
	if len(d.Steps) != 3 {
		t.Fatalf("%d steps; want 3", len(d.Steps))
	}
	for i, st := range d.Steps {
		weak := 10 << i
		if st.Weak != weak || st.Strong != 2*weak {
			t.Errorf("step %d compares %d with %d; want %d with %d", i, st.Weak, st.Strong, weak, 2*weak)
		}
		if want := []string{"hard:" + itoa(weak), "hard:" + itoa(2*weak)}; strings.Join(st.Run.Bots, ",") != strings.Join(want, ",") || st.Run.Players != 2 || st.Run.Seating != "rotated" {
			t.Errorf("step %d played %v (%d players, %s seats); want %v, 2 players, rotated", i, st.Run.Bots, st.Run.Players, st.Run.Seating, want)
		}
		var strong Rate
		for _, r := range st.Run.WinsByBot {
			if r.Bot == st.Run.Bots[1] {
				strong = r.Rate
			}
		}
		if st.Share != strong || st.Share.Games != 4 {
			t.Errorf("step %d's share %+v; want the larger budget's wins %+v over 4 games", i, st.Share, strong)
		}
		if want := eloOf(st.Share.Rate, 4); st.Elo != want || st.EloLow > st.Elo || st.EloHigh < st.Elo {
			t.Errorf("step %d: Elo %v [%v, %v]; want %v inside its interval", i, st.Elo, st.EloLow, st.EloHigh, want)
		}
	}
	again, err := RunDoubling(context.Background(), Config{Game: minerals.New(), Games: 4, Seed: 5, Workers: 1}, "hard", 10, 3, "")
	if err != nil {
		t.Fatal(err)
	}
	d.WithoutTimes()
	again.WithoutTimes()
	a, _ := json.Marshal(d)
	b, _ := json.Marshal(again)
	if !bytes.Equal(a, b) {
		t.Errorf("the same seed gave different runs:\n%s\n%s", a, b)
	}
	var text, plot bytes.Buffer
	if err := d.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "10 → 20") || !strings.Contains(text.String(), "40 → 80") {
		t.Errorf("the table lacks a doubling:\n%s", text.String())
	}
	if err := d.WritePlot(&plot, "svg"); err != nil || !bytes.Contains(plot.Bytes(), []byte("<svg")) {
		t.Errorf("the plot: %v, %d bytes", err, plot.Len())
	}
}

// TestDoublingResumesFromItsJournals stops nothing but runs a doubling
// twice with the same journal directory: the second run plays no game and
// reports the same.
func TestDoublingResumesFromItsJournals(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Game: tf22.New(), Games: 2, Seed: 3, Workers: 2}
	first, err := RunDoubling(context.Background(), cfg, "easy", 4, 2, dir)
	if err != nil {
		t.Fatal(err)
	}
	second, err := RunDoubling(context.Background(), cfg, "easy", 4, 2, dir)
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range second.Steps {
		if st.Run.Resumed != 2 {
			t.Errorf("step %d of the second run read %d games from its journal; want 2", i, st.Run.Resumed)
		}
		if st.Share != first.Steps[i].Share {
			t.Errorf("step %d: %+v after resuming; want %+v", i, st.Share, first.Steps[i].Share)
		}
	}
}

func TestDoublingRefuses(t *testing.T) {
	tests := []struct {
		name      string
		cfg       Config
		level     string
		from, dbl int
		want      string
	}{
		{"a game without budgeted levels", Config{Game: gametest.ConnectFour()}, "hard", 10, 2, "has no search level whose iterations can be set"},
		{"a level that is no search", Config{Game: minerals.New()}, "greedy", 10, 2, "the greedy bot of Minerals is no search"},
		{"an unknown level", Config{Game: minerals.New()}, "wizard", 10, 2, `no bot "wizard"`},
		{"no iterations", Config{Game: minerals.New()}, "hard", 0, 2, "want at least 1"},
		{"no doublings", Config{Game: minerals.New()}, "hard", 10, 0, "want 1 to 20"},
		{"too many doublings", Config{Game: minerals.New()}, "hard", 10, 21, "want 1 to 20"},
		{"past the bound", Config{Game: minerals.New()}, "hard", 5_000_000, 2, "passes the bound"},
		{"three players", Config{Game: minerals.New(), Players: 3}, "hard", 10, 2, "3 players; the budgets are compared in two-player games"},
		{"bots given", Config{Game: minerals.New(), Bots: []string{"random"}}, "hard", 10, 2, "give no bots"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DoublingConfig(tt.cfg, tt.level, tt.from, tt.dbl, "")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error with %q", err, tt.want)
			}
			if game.ErrorCode(err) != game.CodeInvalid {
				t.Errorf("code %v; want invalid", game.ErrorCode(err))
			}
		})
	}
}

// TestEloOf checks the Elo difference of a share, kept half a game from
// 0 and 1.
func TestEloOf(t *testing.T) {
	tests := []struct {
		p    float64
		n    int
		want float64
	}{
		{0.5, 100, 0},
		{0.75, 100, 400 * math.Log10(3)},
		{0.25, 100, -400 * math.Log10(3)},
		{1, 10, 400 * math.Log10(0.95/0.05)},
		{0, 10, -400 * math.Log10(0.95/0.05)},
		{0.6, 0, 0},
	}
	for _, tt := range tests {
		if got := eloOf(tt.p, tt.n); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("eloOf(%v, %d) = %v; want %v", tt.p, tt.n, got, tt.want)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
