package sim

import (
	"bytes"
	"context"
	"encoding/csv"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func TestParseSweep(t *testing.T) {
	tests := []struct {
		in     string
		key    string
		values []string
		err    string
	}{
		{"cards=3,4, 5", "cards", []string{"3", "4", "5"}, ""},
		{" timer = 0", "timer", []string{"0"}, ""},
		{"cards", "", nil, `sweep "cards" is not KEY=VALUE1,VALUE2,…`},
		{"=3,4", "", nil, "is not KEY=VALUE1"},
		{"cards=3,,4", "", nil, `sweep "cards=3,,4" has an empty value`},
		{"cards=", "", nil, "has an empty value"},
		{"cards=3,4,3", "", nil, `sweep "cards=3,4,3" gives 3 twice`},
	}
	for _, tt := range tests {
		key, values, err := ParseSweep(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || game.ErrorCode(err) != game.CodeInvalid {
				t.Errorf("ParseSweep(%q) = %q %q %v; want an invalid error saying %q", tt.in, key, values, err, tt.err)
			}
			continue
		}
		if err != nil || key != tt.key || !slices.Equal(values, tt.values) {
			t.Errorf("ParseSweep(%q) = %q %q %v; want %q %q", tt.in, key, values, err, tt.key, tt.values)
		}
	}
}

func TestSweepRefused(t *testing.T) {
	g := gametest.Goofspiel()
	tests := []struct {
		name   string
		cfg    Config
		key    string
		values []string
		want   string
	}{
		{"ErrNoSuchOption", Config{Game: g}, "deck", []string{"1"}, "sweep: Goofspiel has no option deck (it has cards, timer)"},
		{"ErrAlsoSet", Config{Game: g, Options: game.Options{"cards": "4"}}, "cards", []string{"3", "5"}, "sweep: option cards is swept, so it cannot also be set"},
		{"ErrValues", Config{Game: g}, "cards", []string{"3", "99", "x"}, `sweep: option cards: 99 is outside 3 to 13; option cards: "x" is not a whole number`},
		{"ErrNoValues", Config{Game: g}, "cards", nil, "sweep: option cards has no values"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := RunSweep(context.Background(), tt.cfg, tt.key, tt.values)
			if err == nil || !strings.Contains(err.Error(), tt.want) || game.ErrorCode(err) != game.CodeInvalid {
				t.Fatalf("got %v; want an invalid error saying %q", err, tt.want)
			}
		})
	}
}

func TestSweep(t *testing.T) {
	dir := t.TempDir()
	var progress []int
	cfg := Config{Game: gametest.Goofspiel(), Players: 3, Bots: []string{"greedy", "random", "random"}, Options: game.Options{"timer": "0"},
		Games: 12, Seed: 4, Workers: 2, RecordsDir: filepath.Join(dir, "recs"), Progress: func(n int) { progress = append(progress, n) }}
	sw, results, err := RunSweep(context.Background(), cfg, "cards", []string{"3", "5", "8"})
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Runs) != 3 || len(results) != 3 || sw.Key != "cards" {
		t.Fatalf("got %d runs, %d result sets; want 3 each", len(sw.Runs), len(results))
	}
	// Each value is the same run as a plain run with that option set, so
	// the values are compared on the same seeds.
	for i, v := range sw.Values {
		plain := cfg
		plain.Options = game.Options{"timer": "0", "cards": v}
		plain.RecordsDir, plain.Progress = "", nil
		want, _ := run(t, plain)
		if a, b := summaryJSON(t, sw.Runs[i]), summaryJSON(t, want); a != b {
			t.Fatalf("cards=%s: the sweep's run differs from a plain run:\n%s\n%s", v, a, b)
		}
		// Goofspiel with k cards lasts k rounds of 3 bids and a prize.
		cards := plain.Options.Int("cards")
		if got := sw.Runs[i].Actions.Mean; got != float64(4*cards) {
			t.Errorf("cards=%s: %g actions a game; want 4 per card", v, got)
		}
		rec, err := game.ReadRecordFile(filepath.Join(dir, "recs", "cards="+v, "game-000011.json"))
		if err != nil || rec.Options["cards"] != v {
			t.Errorf("cards=%s: record %v, %v; want the last game's record in recs/cards=%s", v, rec, err, v)
		}
	}
	if len(progress) != 36 || progress[35] != 36 || !slices.IsSorted(progress) {
		t.Errorf("progress %v; want 1 to 36 over the whole sweep", progress)
	}
	if err := sw.Failed(); err != nil {
		t.Errorf("Failed() = %v; want nil", err)
	}
	var text bytes.Buffer
	if err := sw.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Goofspiel, 3 players, 12 games per value, seed 4, sweep of cards over 3, 5, 8", "other options: timer=0",
		"cards  completed  errors  seat 1 win rate [95%]", "seat 3 win rate [95%]  greedy win rate [95%]  random win rate [95%]  mean score by seat  mean turns  mean actions", "\n3      12         0       ", "\n8      12 "} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("sweep table lacks %q:\n%s", want, text.String())
		}
	}
	// Win rates by bot, for each value: greedy held one seat of each game,
	// random two.
	for i, run := range sw.Runs {
		if b := run.WinsByBot; len(b) != 2 || b[0].Bot != "greedy" || b[0].Games != 12 || b[1].Games != 24 {
			t.Errorf("cards=%s: wins by bot %+v; want greedy over 12 seat-games and random over 24", sw.Values[i], b)
		}
	}
	var out bytes.Buffer
	if err := WriteSweepCSV(&out, sw, results); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(rows) != 37 || rows[0][0] != "cards" || rows[0][3] != "bot_1" || rows[1][0] != "3" || rows[36][0] != "8" {
		t.Fatalf("CSV %v, %v; want a header with cards first and 36 rows", rows[:min(len(rows), 2)], err)
	}
	var svg bytes.Buffer
	if err := sw.WritePlot(&svg, "svg"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"win rate by seat", "mean score by seat", "game length", "seat 3", "fair share 1/3", ">cards<", ">5<"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("sweep plot lacks %q", want)
		}
	}
	var png bytes.Buffer
	if err := sw.WritePlot(&png, "png"); err != nil || !strings.HasPrefix(png.String(), "\x89PNG") {
		t.Errorf("PNG sweep plot: %v", err)
	}
}

func TestSweepFailed(t *testing.T) {
	sw, _, err := RunSweep(context.Background(), Config{Game: gametest.ConnectFour(), Games: 4, Seed: 1, MaxActions: 9}, "", nil)
	if err == nil {
		t.Fatalf("got %+v; want Connect Four, which has no options, refused", sw)
	}
	cfg := Config{Game: gametest.Goofspiel(), Games: 4, Seed: 1, MaxActions: 9, Options: game.Options{"timer": "0"}}
	sw, _, err = RunSweep(context.Background(), cfg, "cards", []string{"3", "4"})
	if err != nil {
		t.Fatal(err)
	}
	// 3 cards end after 9 actions (3 rounds of a prize and 2 bids); 4 do not.
	if sw.Runs[0].Errors != 0 || sw.Runs[1].Errors != 4 {
		t.Fatalf("errors %d and %d; want 0 and 4", sw.Runs[0].Errors, sw.Runs[1].Errors)
	}
	err = sw.Failed()
	if err == nil || !strings.HasPrefix(err.Error(), "4 of 8 games ended in error; the first, with cards=4, game 0 (seed ") || !strings.HasSuffix(err.Error(), "the game did not end within 9 actions") {
		t.Fatalf("Failed() = %v; want the count and the first error with its value", err)
	}
	var text bytes.Buffer
	if err := sw.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "\n4      0          4       –") || !strings.Contains(text.String(), "cards=4: 4 error games, the first game 0") {
		t.Errorf("sweep table does not show the failed value:\n%s", text.String())
	}
}
