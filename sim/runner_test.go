package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/game/gametest"
)

// updating reports whether go test runs with -update (the flag the
// conformance kit defines): golden files are then rewritten.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func run(t *testing.T, cfg Config) (*Summary, []GameResult) {
	t.Helper()
	sum, results, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sum, results
}

// summaryJSON encodes a summary without its wall-clock time.
func summaryJSON(t *testing.T, s *Summary) string {
	t.Helper()
	c := *s
	c.WithoutTimes()
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// untimed clears the measured times of ts, keeping the counts.
func untimed(ts []Think) {
	for i := range ts {
		ts[i] = Think{Decisions: ts[i].Decisions}
	}
}

func TestSameSeedSameResultsAnyWorkers(t *testing.T) {
	configs := []Config{
		{Game: gametest.ConnectFour(), Bots: []string{"random", "mcts:20"}, Games: 24, Seed: 7},
		{Game: gametest.Goofspiel(), Players: 3, Bots: []string{"ismcts:20", "greedy", "random"}, Games: 24, Seed: 7},
		{Game: gametest.HighCard(), Bots: []string{"random"}, Games: 24, Seed: 7},
		{Game: tapper{}, Bots: []string{"random"}, Options: game.Options{"clock": "3"}, Games: 24, Seed: 7},
	}
	for _, cfg := range configs {
		t.Run(cfg.Game.Spec().ID, func(t *testing.T) {
			one, four := cfg, cfg
			one.Workers, four.Workers = 1, 4
			s1, r1 := run(t, one)
			s4, r4 := run(t, four)
			if a, b := summaryJSON(t, s1), summaryJSON(t, s4); a != b {
				t.Fatalf("summaries differ:\n1 worker:  %s\n4 workers: %s", a, b)
			}
			for i := range r1 {
				if len(r1[i].Think) != len(r1[i].Bots) || r1[i].Think[0].Decisions == 0 {
					t.Errorf("game %d: think %+v; want a count of decisions for each of the %d seats", i, r1[i].Think, len(r1[i].Bots))
				}
				// How long bots think is measured, not derived from the
				// seed; how often they are asked is.
				untimed(r1[i].Think)
				untimed(r4[i].Think)
				if !reflect.DeepEqual(r1[i], r4[i]) {
					t.Fatalf("game %d differs:\n1 worker:  %+v\n4 workers: %+v", i, r1[i], r4[i])
				}
			}
			other := cfg
			other.Seed++
			if s, _ := run(t, other); summaryJSON(t, s) == summaryJSON(t, s1) {
				t.Fatalf("seeds %d and %d gave the same summary", cfg.Seed, other.Seed)
			}
		})
	}
}

func TestSeatBots(t *testing.T) {
	cfg := Config{Bots: []string{"a", "b", "c"}}
	for i, want := range [][]string{{"a", "b", "c"}, {"b", "c", "a"}, {"c", "a", "b"}, {"a", "b", "c"}} {
		if got := cfg.SeatBots(i); !slices.Equal(got, want) {
			t.Errorf("rotated game %d: got %v; want %v", i, got, want)
		}
	}
	cfg.FixedSeats = true
	if got := cfg.SeatBots(1); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("fixed game 1: got %v; want [a b c]", got)
	}
}

func TestConfigRefused(t *testing.T) {
	c4 := gametest.ConnectFour()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"ErrNoGame", Config{}, "no game to simulate"},
		{"ErrPlayers", Config{Game: c4, Players: 3}, "Connect Four is played by 2 to 2 players, not 3"},
		{"ErrBotCount", Config{Game: c4, Bots: []string{"random", "random", "random"}}, "3 bots for 2 players"},
		{"ErrUnknownBot", Config{Game: c4, Bots: []string{"random", "wizard"}}, `Connect Four has no bot "wizard" (it has random, greedy,`},
		{"ErrLevel", Config{Game: c4, Bots: []string{"mcts:extreme"}}, `bot "mcts:extreme": level "extreme" is not easy, medium, hard or a number of iterations`},
		{"ErrZeroIterations", Config{Game: c4, Bots: []string{"mcts:0"}}, `level "0" is not easy`},
		{"ErrISMCTSPerfect", Config{Game: c4, Bots: []string{"ismcts"}}, "Connect Four has perfect information; use mcts"},
		{"ErrRandomLevel", Config{Game: c4, Bots: []string{"random:hard"}}, "random has no levels"},
		{"ErrOption", Config{Game: gametest.Goofspiel(), Options: game.Options{"cards": "99"}}, "option cards: 99 is outside 3 to 13"},
		{"ErrUnknownOption", Config{Game: c4, Options: game.Options{"size": "9"}}, "option size: Connect Four has no such option"},
		{"ErrGames", Config{Game: c4, Games: -1}, "the number of games must be positive, not -1"},
		{"ErrWorkers", Config{Game: c4, Workers: -2}, "the number of workers must be positive, not -2"},
		{"ErrRecordsDir", Config{Game: c4, RecordsDir: file}, "records directory " + file + " is a file, not a directory"},
		{"ErrAgentTimeout", Config{Game: c4, AgentTimeout: -time.Second}, "the agent timeout must be positive, not -1s"},
		{"ErrAgentCommand", Config{Game: c4, Bots: []string{"ext:agent 'open"}}, `bot "ext:agent 'open": command "agent 'open" has an unterminated single quote`},
		{"ErrAgentProgram", Config{Game: c4, Bots: []string{"ext:/nonexistent/agent --fast"}}, `bot "ext:/nonexistent/agent --fast": exec: "/nonexistent/agent": stat /nonexistent/agent: no such file or directory`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Run(context.Background(), tt.cfg)
			code := game.CodeInvalid
			if tt.name == "ErrUnknownBot" {
				code = game.CodeNotFound // ai.NoSuchBot's, as everywhere
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || game.ErrorCode(err) != code {
				t.Fatalf("got %v (code %s); want a %s error containing %q", err, game.ErrorCode(err), code, tt.want)
			}
		})
	}
}

func TestBotLookup(t *testing.T) {
	g := withBots{gametest.Goofspiel()}
	tests := []struct {
		name string
		want string // the bot's type
	}{
		{"random", "sim.ownRandom"}, // the game's own bot comes first
		{"hard", "sim.ownRandom"},
		{"greedy", "*sim.Greedy"},
		{"mcts:hard", "*ai.Search"},
		{"ismcts:50", "*ai.Search"},
	}
	for _, tt := range tests {
		b, err := NewBot(g, tt.name, 1)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := reflect.TypeOf(b).String(); got != tt.want {
			t.Errorf("%s: got %s; want %s", tt.name, got, tt.want)
		}
	}
	if b, _ := NewBot(gametest.HighCard(), "easy", 1); reflect.TypeOf(b).String() != "*ai.Search" {
		t.Errorf("generic easy for High Card: got %T; want *ai.Search", b)
	}
	names := BotNames(g)
	if names[0] != "random" || !slices.Contains(names, "panicking") || !slices.Contains(names, "ismcts:hard") {
		t.Errorf("BotNames = %v; want the game's own names then the generic ones", names)
	}
}

// results builds finished two-player game results by hand.
func handResults() []GameResult {
	return []GameResult{
		{Index: 0, Bots: []string{"a", "b"}, Scores: []float64{3, 1}, Returns: []float64{1, 0}, Turns: 10, Actions: 12, Ms: 1000},
		{Index: 1, Bots: []string{"b", "a"}, Scores: []float64{0, 2}, Returns: []float64{0, 1}, Turns: 20, Actions: 22, Ms: 3000},
		{Index: 2, Bots: []string{"a", "b"}, Scores: []float64{2, 2}, Returns: []float64{0.5, 0.5}, Turns: 30, Actions: 32, Ms: 2000},
		{Index: 3, Bots: []string{"b", "a"}, Error: "seat 1 (bot a) chose \"x\": it is not legal", Seed: 42},
	}
}

func TestSummarizeByHand(t *testing.T) {
	cfg, err := Config{Game: gametest.ConnectFour(), Bots: []string{"a", "b"}, Games: 4}.withoutBotCheck()
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(cfg, handResults())
	// Seat 0 won 1 + 0 + 0.5 = 1.5 of 3 finished games, seat 1 1.5;
	// bot a won 1 + 1 + 0.5 = 2.5 of its 3 seat-games, bot b 0.5 of 3.
	if s.Completed != 3 || s.Errors != 1 || len(s.ErrorGames) != 1 || s.ErrorGames[0].Seed != 42 {
		t.Fatalf("completed %d, errors %d %+v; want 3 and 1 (seed 42)", s.Completed, s.Errors, s.ErrorGames)
	}
	if r := s.WinsBySeat[0]; r.Wins != 1.5 || r.Games != 3 || r.Rate != 0.5 {
		t.Fatalf("seat 0: got %+v; want 1.5 wins of 3", r)
	}
	if a, b := s.WinsByBot[0], s.WinsByBot[1]; a.Bot != "a" || a.Wins != 2.5 || a.Games != 3 || b.Bot != "b" || b.Wins != 0.5 {
		t.Fatalf("by bot: got %+v %+v; want a 2.5 of 3, b 0.5 of 3", a, b)
	}
	// Seat 0 scores 3, 0, 2: mean 5/3, sd sqrt(((4/3)² + (5/3)² + (1/3)²) / 2) = sqrt(7/3).
	if d := s.ScoreBySeat[0]; !near(d.Mean, 5.0/3, 1e-12) || !near(d.SD, 1.527525, 1e-6) || s.MeanScoreBySeat[1] != 5.0/3 {
		t.Fatalf("seat 0 scores %+v, seat 1 mean %g; want mean 1.6667 sd 1.5275, seat 1 mean 1.6667", d, s.MeanScoreBySeat[1])
	}
	// Turns 10, 20, 30: mean 20, sd 10; actions mean 22; virtual seconds mean 2.
	if s.MeanTurns != 20 || s.Turns.SD != 10 || s.Actions.Mean != 22 || s.VirtualSeconds.Mean != 2 {
		t.Fatalf("turns %+v, actions %+v, seconds %+v; want 20 sd 10, 22, 2", s.Turns, s.Actions, s.VirtualSeconds)
	}
	// Scores 0 to 3 in whole-number bins: seat 0 has 0, 2, 3; seat 1 has 1, 2, 2.
	if h := s.ScoreHistograms; !slices.Equal(h[0].Counts, []int{1, 0, 1, 1}) || !slices.Equal(h[1].Counts, []int{0, 1, 2, 0}) {
		t.Fatalf("histograms %+v; want [1 0 1 1] and [0 1 2 0]", h)
	}
	if s.SeatChiSquare != 0 || s.SeatBalanceP != 1 {
		t.Fatalf("chi-square %g p %g; want 0 and 1", s.SeatChiSquare, s.SeatBalanceP)
	}
	var text bytes.Buffer
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"completed: 3, errors: 1", "\n1     1.5   50.0%", "\n2     1.5   50.0%", "a    3           2.5   83.3%     [31.0%, 98.2%]  2.33", "b    3           0.5   16.7%     [1.8%, 69.0%]   1.00", "; virtual time: mean 2.0 s\n", "error in game 3 (seed 42): seat 1 (bot a)"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text summary lacks %q:\n%s", want, text.String())
		}
	}
	// A turn-based game spends no virtual time, and the summary does not
	// report a 0.0 s that would read as a measurement.
	s.VirtualSeconds.Mean = 0
	text.Reset()
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text.String(), "virtual time") || !strings.Contains(text.String(), "turns: mean 20.0") {
		t.Errorf("summary of games without virtual time:\n%s", text.String())
	}
}

// TestFormatWins checks that wins shared three ways print as a reader writes
// them, without the rounding noise of summing thirds.
func TestFormatWins(t *testing.T) {
	var thirds float64
	for range 6000 {
		thirds += 1.0 / 3
	}
	for _, c := range []struct {
		wins float64
		want string
	}{
		{0, "0"},
		{1.5, "1.5"},
		{681 + 1.0/6, "681.17"},
		{thirds, "2000"},
		{2.0 / 3, "0.67"},
	} {
		if got := formatWins(c.wins); got != c.want {
			t.Errorf("formatWins(%v) = %q; want %q", c.wins, got, c.want)
		}
	}
}

// withoutBotCheck resolves a config whose bots are labels, not bots.
func (cfg Config) withoutBotCheck() (Config, error) {
	bots := cfg.Bots
	cfg.Bots = nil
	cfg, err := cfg.Resolved()
	cfg.Bots = bots
	return cfg, err
}

func TestJSONFields(t *testing.T) {
	s, _ := run(t, Config{Game: gametest.ConnectFour(), Bots: []string{"random", "greedy"}, Games: 10, Seed: 1})
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "players", "games", "seed", "bots", "wins_by_seat", "wins_by_bot", "mean_score_by_seat", "mean_turns", "errors", "elapsed_s"} {
		if _, ok := m[k]; !ok {
			t.Errorf("JSON summary lacks %q", k)
		}
	}
	if m["game"] != "connectfour" || m["games"] != 10.0 || m["players"] != 2.0 {
		t.Errorf("game %v, games %v, players %v; want connectfour, 10, 2", m["game"], m["games"], m["players"])
	}
}

func TestCSVGolden(t *testing.T) {
	_, results := run(t, Config{Game: withBots{gametest.ConnectFour()}, Bots: []string{"greedy", "random"}, Games: 6, Seed: 5, Workers: 2, MaxActions: 15})
	var buf bytes.Buffer
	if err := WriteCSV(&buf, 2, results); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/golden/connectfour.csv", buf.Bytes())
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func TestRecordsDir(t *testing.T) {
	// Run makes the directory, parents included.
	dir := filepath.Join(t.TempDir(), "new", "records")
	run(t, Config{Game: gametest.Goofspiel(), Players: 3, Bots: []string{"random", "greedy", "ismcts:10"}, Games: 3, Seed: 2, RecordsDir: dir})
	reg := testRegistry()
	for i := range 3 {
		rec, err := game.ReadRecordFile(filepath.Join(dir, "game-00000"+string(rune('0'+i))+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := game.Verify(reg, rec); err != nil {
			t.Fatalf("record %d does not verify: %v", i, err)
		}
		if len(rec.Names) != 3 || !strings.HasPrefix(rec.Names[0], "bot ") {
			t.Fatalf("record %d names %v; want a bot name per seat", i, rec.Names)
		}
	}
}

func TestRunStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := 0
	cfg := Config{Game: gametest.ConnectFour(), Games: 1000, Workers: 2, Seed: 1, Progress: func(n int) {
		done = n
		if n == 5 {
			cancel()
		}
	}}
	if _, _, err := Run(ctx, cfg); err != context.Canceled {
		t.Fatalf("got %v; want context.Canceled", err)
	}
	if done < 5 || done >= 1000 {
		t.Fatalf("progress reached %d; want a stop soon after 5", done)
	}
}

func TestFailedRun(t *testing.T) {
	s, _ := run(t, Config{Game: gametest.ConnectFour(), Games: 3, Seed: 1, MaxActions: 5})
	err := s.Failed()
	if err == nil || !strings.HasPrefix(err.Error(), "3 of 3 games ended in error; the first, game 0 (seed ") || !strings.HasSuffix(err.Error(), "): the game did not end within 5 actions") {
		t.Fatalf("Failed() = %v; want the count and the first error", err)
	}
	var text bytes.Buffer
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	// No table of win rates over no games, and no seat balance p = 1.
	for _, bad := range []string{"seat balance", "95% interval", "mean score"} {
		if strings.Contains(out, bad) {
			t.Errorf("summary of a run without finished games shows %q:\n%s", bad, out)
		}
	}
	for _, want := range []string{"completed: 0, errors: 3", "no game ended, so there are no win rates, scores or lengths", "error in game 0 (seed ", "error in game 2 (seed "} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	ok, _ := run(t, Config{Game: gametest.ConnectFour(), Games: 3, Seed: 1})
	if err := ok.Failed(); err != nil {
		t.Errorf("Failed() = %v for a run without errors; want nil", err)
	}
}
