package sim

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/game/gametest"
)

// journalRunConfig is the run the journal tests stop and resume.
func journalRunConfig() Config {
	return Config{Game: gametest.ConnectFour(), Bots: []string{"random", "mcts:20"}, Games: 8, Seed: 7, Workers: 2}
}

// sameRun fails unless the resumed run's summary and games are those of
// the run played at once (measured times and the count of resumed games
// aside).
func sameRun(t *testing.T, whole *Summary, wholeGames []GameResult, got *Summary, gotGames []GameResult) {
	t.Helper()
	g := *got
	g.Resumed = 0
	if a, b := summaryJSON(t, whole), summaryJSON(t, &g); a != b {
		t.Errorf("the resumed run's summary differs from the run played at once:\n%s\nwant\n%s", b, a)
	}
	clean := func(rs []GameResult) []GameResult {
		out := make([]GameResult, len(rs))
		for i, r := range rs {
			r.Record = nil
			r.Think = append([]Think(nil), r.Think...)
			untimed(r.Think)
			out[i] = r
		}
		return out
	}
	if !reflect.DeepEqual(clean(wholeGames), clean(gotGames)) {
		t.Errorf("the resumed run's games differ from those of the run played at once")
	}
}

func journalLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(b, []byte("\n")) {
		t.Errorf("the journal does not end with a whole line")
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// A run stopped part way (here its context is cancelled after three games,
// as an interrupted command's is) keeps the games it finished in its
// journal; run again with the same journal it plays only the others, and
// its summary and games are those of the run played at once.
func TestJournalResumesAStoppedRun(t *testing.T) {
	whole, wholeGames := run(t, journalRunConfig())

	cfg := journalRunConfig()
	cfg.Journal = filepath.Join(t.TempDir(), "run.jsonl")
	ctx, stop := context.WithCancel(context.Background())
	cfg.Progress = func(done int) {
		if done == 3 {
			stop()
		}
	}
	if _, _, err := Run(ctx, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("the stopped run: got %v; want it cancelled", err)
	}
	kept := len(journalLines(t, cfg.Journal)) - 1
	if kept < 3 || kept >= 8 {
		t.Fatalf("the stopped run's journal holds %d games; want 3 or more of 8", kept)
	}

	var progress []int
	cfg.Progress = func(done int) { progress = append(progress, done) }
	sum, games := run(t, cfg)
	if sum.Resumed != kept {
		t.Errorf("resumed %d games; want the journal's %d", sum.Resumed, kept)
	}
	if progress[0] != kept || progress[len(progress)-1] != 8 || len(progress) != 8-kept+1 {
		t.Errorf("progress went %v; want from %d, one step a game played, to 8", progress, kept)
	}
	sameRun(t, whole, wholeGames, sum, games)
	if n := len(journalLines(t, cfg.Journal)); n != 9 {
		t.Errorf("the journal has %d lines; want the run's and 8 games'", n)
	}
	var text bytes.Buffer
	sum.WriteText(&text)
	if want := fmt.Sprintf("resumed: %d games read from the journal, %d played\n", kept, 8-kept); !strings.Contains(text.String(), want) {
		t.Errorf("the text summary does not say %q:\n%s", want, text.String())
	}

	// A finished run, run again, reads every game and plays none; a longer
	// run with the same journal plays only the games beyond it.
	again, _ := run(t, cfg)
	if again.Resumed != 8 {
		t.Errorf("a finished run run again resumed %d games; want 8", again.Resumed)
	}
	longer := cfg
	longer.Games = 10
	full := journalRunConfig()
	full.Games = 10
	wholeLonger, wholeLongerGames := run(t, full)
	sum, games = run(t, longer)
	if sum.Resumed != 8 {
		t.Errorf("the longer run resumed %d games; want 8", sum.Resumed)
	}
	sameRun(t, wholeLonger, wholeLongerGames, sum, games)
}

// A line cut short by a process killed while writing it is dropped and its
// game played again; the journal then ends with whole lines.
func TestJournalDropsALineCutShort(t *testing.T) {
	whole, wholeGames := run(t, journalRunConfig())
	cfg := journalRunConfig()
	cfg.Journal = filepath.Join(t.TempDir(), "run.jsonl")
	run(t, cfg)
	b, _ := os.ReadFile(cfg.Journal)
	cut := bytes.LastIndexByte(b[:len(b)-1], '\n') + 1 + 25 // into the last game's line
	if err := os.WriteFile(cfg.Journal, b[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	sum, games := run(t, cfg)
	if sum.Resumed != 7 {
		t.Errorf("resumed %d games; want the 7 whole lines", sum.Resumed)
	}
	sameRun(t, whole, wholeGames, sum, games)
	if n := len(journalLines(t, cfg.Journal)); n != 9 {
		t.Errorf("the journal has %d lines; want the run's and 8 games'", n)
	}
}

// A journal whose first line was cut short holds no game: the run starts
// it again and plays every game.
func TestJournalFirstLineCutShort(t *testing.T) {
	cfg := journalRunConfig()
	cfg.Journal = filepath.Join(t.TempDir(), "run.jsonl")
	if err := os.WriteFile(cfg.Journal, []byte(`{"game":"connectfour","play`), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, _ := run(t, cfg)
	if sum.Resumed != 0 || sum.Completed != 8 {
		t.Errorf("resumed %d, completed %d; want 0 and 8", sum.Resumed, sum.Completed)
	}
	if n := len(journalLines(t, cfg.Journal)); n != 9 {
		t.Errorf("the journal has %d lines; want the run's and 8 games'", n)
	}
}

// A journal that is not this run's is refused with an error that says
// what is wrong, and the file is left as it was.
func TestJournalRefusesAnotherRunsGames(t *testing.T) {
	dir := t.TempDir()
	base := journalRunConfig()
	base.Journal = filepath.Join(dir, "base.jsonl")
	base.Workers = 1 // games in order: line n+2 holds game n
	run(t, base)
	good, _ := os.ReadFile(base.Journal)
	lines := strings.SplitAfter(string(good), "\n")
	edit := func(f func([]string) []string) string {
		return strings.Join(f(append([]string(nil), lines...)), "")
	}
	for _, tc := range []struct {
		name    string
		journal string
		change  func(*Config)
		want    string
	}{
		{"another seed", string(good), func(c *Config) { c.Seed = 8 }, "journal of another run (connectfour, 2 players, bots random, mcts:20, seed 7"},
		{"other bots", string(good), func(c *Config) { c.Bots = []string{"random", "random"} }, "this run is connectfour, 2 players, bots random, random"},
		{"another action limit", string(good), func(c *Config) { c.MaxActions = 50 }, "action limit 50"},
		{"fixed seats", string(good), func(c *Config) { c.FixedSeats = true }, "journal of another run"},
		{"a game beyond the run", string(good), func(c *Config) { c.Games = 5 }, "holds game 5; this run has games 0 to 4 (give --games 6 or more)"},
		{"a game twice", edit(func(l []string) []string { return append(l[:len(l)-1], l[2], l[len(l)-1]) }), nil, "is held twice"},
		{"a broken line before the last", edit(func(l []string) []string { l[3] = "{\"index\": 2,\n"; return l }), nil, "line 4: the game does not decode"},
		{"not a journal", "game,seed\n0,1\n", nil, "line 1: not a journal of minehall sim"},
		{"a file of one line", "notes without a newline", nil, "line 1: not a journal of minehall sim"},
		{"a game of another seed", edit(func(l []string) []string { l[3] = strings.Replace(l[3], `"seed":`, `"seed":1`, 1); return l }), nil, "line 4: game 2 has seed 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := journalRunConfig()
			cfg.Journal = filepath.Join(t.TempDir(), "j.jsonl")
			if err := os.WriteFile(cfg.Journal, []byte(tc.journal), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.change != nil {
				tc.change(&cfg)
			}
			_, _, err := Run(context.Background(), cfg)
			if game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v; want an invalid-input error saying %q", err, tc.want)
			}
			if after, _ := os.ReadFile(cfg.Journal); string(after) != tc.journal {
				t.Errorf("the refused journal was changed")
			}
		})
	}
}

// A game's line keeps everything the summary reads, the round components
// and think times included.
func TestJournalKeepsWholeGames(t *testing.T) {
	cfg, err := journalRunConfig().Resolved()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j, kept, err := OpenJournal(path, cfg)
	if err != nil || len(kept) != 0 {
		t.Fatalf("a new journal: %v, %d games", err, len(kept))
	}
	games := []GameResult{
		{Index: 2, Seed: GameSeed(7, 2), Bots: cfg.SeatBots(2), Scores: []float64{1, 0}, Returns: []float64{1, 0}, Actions: 9, Turns: 9, Ms: 1500,
			Think:      []Think{{Decisions: 5, Total: 3 * time.Millisecond, Slowest: time.Millisecond, Wall: 4 * time.Millisecond}, {Decisions: 4}},
			Components: []ComponentRound{{Seat: 1, Round: 0, Components: map[string]string{KindCard: "12"}, Score: 8}}},
		{Index: 0, Seed: GameSeed(7, 0), Bots: cfg.SeatBots(0), Actions: 100, Error: "action limit"},
	}
	for i := range games {
		if err := j.Add(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	j, kept, err = OpenJournal(path, cfg)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if want := []GameResult{games[1], games[0]}; !reflect.DeepEqual(kept, want) {
		t.Errorf("read back %+v; want %+v, in game order", kept, want)
	}
}
