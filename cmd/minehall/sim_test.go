package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minehall/ai/agenttest"
	"minehall/game"
)

func TestSim(t *testing.T) {
	reg := testRegistry()
	dir := t.TempDir()
	t.Run("OK text", func(t *testing.T) {
		code, out, errOut := runCmd(t, reg, "sim", "connectfour", "--games", "20", "--bots", "random,mcts:easy", "--seed", "3")
		if code != 0 || errOut != "" {
			t.Fatalf("got %d %q %q; want 0 and no error output", code, out, errOut)
		}
		for _, want := range []string{"Connect Four, 2 players, 20 games, seed 3", "bots: random, mcts:easy (rotated seats)", "completed: 20, errors: 0", "95% interval", "mcts:easy"} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q:\n%s", want, out)
			}
		}
	})
	t.Run("OK files", func(t *testing.T) {
		js, csv, png, svg, recs := filepath.Join(dir, "s.json"), filepath.Join(dir, "g.csv"), filepath.Join(dir, "p.png"), filepath.Join(dir, "p.svg"), filepath.Join(dir, "recs")
		if err := os.Mkdir(recs, 0o755); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runCmd(t, reg, "sim", "goofspiel", "--players", "3", "--bots", "greedy,random,ismcts:10", "--games", "12",
			"--option", "cards=4", "--option", "timer=0", "--json", js, "--csv", csv, "--plot", png, "--records", recs)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var sum map[string]any
		b, _ := os.ReadFile(js)
		if err := json.Unmarshal(b, &sum); err != nil {
			t.Fatalf("JSON summary: %v", err)
		}
		for _, k := range []string{"game", "players", "games", "seed", "bots", "wins_by_seat", "wins_by_bot", "mean_score_by_seat", "mean_turns", "errors", "elapsed_s"} {
			if _, ok := sum[k]; !ok {
				t.Errorf("JSON lacks %q", k)
			}
		}
		if opts := sum["options"].(map[string]any); opts["cards"] != "4" || opts["timer"] != "0" {
			t.Errorf("options %v; want cards=4 timer=0", opts)
		}
		if b, _ := os.ReadFile(csv); strings.Count(string(b), "\n") != 13 || !strings.HasPrefix(string(b), "game,seed,bot_1,bot_2,bot_3,score_1") {
			t.Errorf("CSV: got %q; want a header and 12 rows", b)
		}
		if b, _ := os.ReadFile(png); !strings.HasPrefix(string(b), "\x89PNG") {
			t.Errorf("plot is not a PNG")
		}
		code, _, errOut = runCmd(t, reg, "sim", "goofspiel", "--games", "5", "--plot", svg)
		if b, _ := os.ReadFile(svg); code != 0 || !strings.HasPrefix(string(b), "<?xml") {
			t.Errorf("SVG plot: exit %d %q", code, errOut)
		}
		code, out, errOut := runCmd(t, reg, "replay", filepath.Join(recs, "game-000011.json"), "--check")
		if code != 0 || !strings.HasPrefix(out, "ok: goofspiel, 3 players") {
			t.Errorf("replay --check of a simulated game: %d %q %q", code, out, errOut)
		}
	})
	t.Run("OK JSON to stdout", func(t *testing.T) {
		code, out, _ := runCmd(t, reg, "sim", "connectfour", "--games", "3", "--json", "-")
		var sum struct{ Games int }
		if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.Games != 3 {
			t.Fatalf("got %d %q; want only the JSON summary", code, out)
		}
	})
	t.Run("OK journal", func(t *testing.T) {
		// A run played in two parts through its journal reports what the
		// whole run reports at once.
		journal := filepath.Join(dir, "run.jsonl")
		args := []string{"sim", "connectfour", "--bots", "random,mcts:easy", "--seed", "5", "--journal", journal, "--no-times"}
		if code, _, errOut := runCmd(t, reg, append(args, "--games", "6")...); code != 0 {
			t.Fatalf("first part: exit %d %s", code, errOut)
		}
		code, resumed, errOut := runCmd(t, reg, append(args, "--games", "10")...)
		if code != 0 || !strings.Contains(resumed, "resumed: 6 games read from the journal, 4 played\n") {
			t.Fatalf("second part: exit %d %q %s; want 6 games read and 4 played", code, resumed, errOut)
		}
		_, whole, _ := runCmd(t, reg, "sim", "connectfour", "--bots", "random,mcts:easy", "--seed", "5", "--games", "10", "--no-times")
		tables := func(out string) string {
			s, _, _ := strings.Cut(out, "resumed:")
			s, _, _ = strings.Cut(s, "elapsed:")
			return s
		}
		if tables(resumed) != tables(whole) {
			t.Errorf("the run resumed from its journal reports\n%s\nthe whole run\n%s", resumed, whole)
		}
		code, _, errOut = runCmd(t, reg, "sim", "connectfour", "--bots", "random", "--seed", "5", "--games", "10", "--journal", journal)
		if code != 1 || !strings.Contains(errOut, "journal of another run (connectfour, 2 players, bots random, mcts:easy, seed 5") {
			t.Errorf("another run with the journal: exit %d %q; want it refused", code, errOut)
		}
	})
	t.Run("OK same results with 1 and 4 workers", func(t *testing.T) {
		var outs []string
		for _, w := range []string{"1", "4"} {
			code, out, errOut := runCmd(t, reg, "sim", "goofspiel", "--players", "4", "--bots", "ismcts:10,random,greedy,mcts:10", "--games", "16", "--seed", "11", "--workers", w, "--csv", "-")
			if code != 0 {
				t.Fatalf("workers %s: exit %d %s", w, code, errOut)
			}
			outs = append(outs, out)
		}
		if outs[0] != outs[1] {
			t.Fatalf("per-game rows differ:\n1 worker:\n%s\n4 workers:\n%s", outs[0], outs[1])
		}
	})
}

func TestSimRefusesBadFlags(t *testing.T) {
	reg := testRegistry()
	missing := filepath.Join(t.TempDir(), "no", "out.json")
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	notJournal := filepath.Join(t.TempDir(), "games.csv")
	if err := os.WriteFile(notJournal, []byte("game,seed\n0,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"ErrNoGame", []string{"sim"}, 2, "takes one game (known: connectfour, goofspiel), got 0 arguments"},
		{"ErrTwoGames", []string{"sim", "connectfour", "goofspiel"}, 2, "got 2 arguments"},
		{"ErrUnknownGame", []string{"sim", "chess"}, 1, `unknown game "chess" (known: connectfour, goofspiel)`},
		{"ErrGamesNotNumber", []string{"sim", "connectfour", "--games", "many"}, 2, `--games takes a whole number, not "many"`},
		{"ErrGamesTooMany", []string{"sim", "connectfour", "--games", "99999999999999999999"}, 2, `--games takes a whole number from -9223372036854775808 to 9223372036854775807, not "99999999999999999999"`},
		{"ErrSeed", []string{"sim", "connectfour", "--seed", "-1"}, 2, `--seed takes a whole number from 0 to 18446744073709551615, not "-1"`},
		{"ErrAgentTimeoutWord", []string{"sim", "connectfour", "--agent-timeout", "soon"}, 2, `--agent-timeout takes a duration such as 500ms, 90s or 1h30m, not "soon"`},
		{"ErrFlagNoValue", []string{"sim", "connectfour", "--games"}, 2, "flag needs an argument: --games"},
		{"ErrBoolWord", []string{"sim", "connectfour", "--fixed-seats=maybe"}, 2, `--fixed-seats takes true or false, not "maybe"`},
		{"ErrPlayers", []string{"sim", "connectfour", "--players", "3"}, 1, "Connect Four is played by 2 to 2 players, not 3"},
		{"ErrBotsCount", []string{"sim", "connectfour", "--bots", "random,random,random"}, 1, "3 bots for 2 players"},
		{"ErrBotsEmpty", []string{"sim", "connectfour", "--bots", "random,"}, 2, `--bots: bot list "random," has an empty name`},
		{"ErrBotsQuote", []string{"sim", "connectfour", "--bots", "ext:prog 'a,random"}, 2, `--bots: bot list "ext:prog 'a,random" has an unterminated quote`},
		{"ErrUnknownBot", []string{"sim", "connectfour", "--bots", "wizard"}, 1, `Connect Four has no bot "wizard" (it has random, greedy`},
		{"ErrAgentProgram", []string{"sim", "connectfour", "--bots", "ext:/nonexistent/agent"}, 1, `bot "ext:/nonexistent/agent": exec: "/nonexistent/agent": stat /nonexistent/agent: no such file or directory`},
		{"ErrAgentTimeout", []string{"sim", "connectfour", "--agent-timeout", "0s"}, 2, "--agent-timeout must be more than 0, not 0s"},
		{"ErrAgentStartup", []string{"sim", "connectfour", "--agent-startup", "-1s"}, 2, "--agent-startup must be more than 0, not -1s"},
		{"ErrBotLevel", []string{"sim", "connectfour", "--bots", "mcts:insane"}, 1, `level "insane" is not easy, medium, hard or a number of iterations`},
		{"ErrOptionForm", []string{"sim", "goofspiel", "--option", "cards"}, 2, `--option: option "cards" is not KEY=VALUE`},
		{"ErrOptionKey", []string{"sim", "goofspiel", "--option", "deck=5"}, 1, "option deck: Goofspiel has no such option (it has cards, timer)"},
		{"ErrOptionValue", []string{"sim", "goofspiel", "--option", "cards=99"}, 1, "option cards: 99 is outside 3 to 13"},
		{"ErrPlotExt", []string{"sim", "connectfour", "--plot", "out.gif"}, 2, "--plot: plot file out.gif must end in .png or .svg"},
		{"ErrJSONDir", []string{"sim", "connectfour", "--json", missing}, 2, "does not exist"},
		{"ErrRecordsFile", []string{"sim", "connectfour", "--records", file}, 2, "--records " + file + " is a file, not a directory"},
		{"ErrSweepForm", []string{"sim", "goofspiel", "--sweep", "cards"}, 2, `--sweep: sweep "cards" is not KEY=VALUE1,VALUE2,…`},
		{"ErrSweepKey", []string{"sim", "goofspiel", "--sweep", "deck=1,2"}, 1, "sweep: Goofspiel has no option deck (it has cards, timer)"},
		{"ErrSweepValue", []string{"sim", "goofspiel", "--sweep", "cards=4,99"}, 1, "sweep: option cards: 99 is outside 3 to 13"},
		{"ErrSweepAndOption", []string{"sim", "goofspiel", "--sweep", "cards=4,5", "--option", "cards=6"}, 1, "sweep: option cards is swept, so it cannot also be set"},
		{"ErrReportSweep", []string{"sim", "--report", "-", "--sweep", "cards=4,5"}, 2, "--sweep does not apply to --report"},
		{"ErrJournalStdout", []string{"sim", "connectfour", "--journal", "-"}, 2, "--journal must name a file, not standard output"},
		{"ErrJournalDir", []string{"sim", "connectfour", "--journal", missing}, 2, "--journal " + missing + ": directory"},
		{"ErrJournalSweep", []string{"sim", "goofspiel", "--sweep", "cards=4,5", "--journal", file}, 2, "--journal keeps one run; it does not apply to --sweep"},
		{"ErrReportJournal", []string{"sim", "--report", "-", "--journal", file}, 2, "--journal does not apply to --report"},
		{"ErrJournalNotOne", []string{"sim", "connectfour", "--journal", notJournal}, 1, "line 1: not a journal of minehall sim"},
		{"ErrBothStdout", []string{"sim", "connectfour", "--json", "-", "--csv", "-"}, 2, "cannot both write to standard output"},
		{"ErrUnknownFlag", []string{"sim", "connectfour", "--turbo"}, 2, "unknown flag: --turbo"},
		{"ErrReportFlags", []string{"sim", "--report", "-", "--players", "2"}, 2, "--players does not apply to --report"},
		{"ErrReportBots", []string{"sim", "--report", "-", "--bots", "random,greedy"}, 2, "give one name to --bots"},
		{"ErrReportGame", []string{"sim", "--report", "-", "chess"}, 1, `unknown game "chess"`},
	}
	// A count given as 0 is refused as a negative one is.
	for _, flag := range []string{"games", "workers", "players", "max-actions"} {
		for _, v := range []string{"0", "-3"} {
			tests = append(tests, struct {
				name string
				args []string
				code int
				want string
			}{"ErrCount " + flag + v, []string{"sim", "connectfour", "--" + flag, v}, 2, "--" + flag + " must be at least 1, not " + v})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, reg, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Fatalf("got %d %q; want %d and %q", code, errOut, tt.code, tt.want)
			}
			if out != "" {
				t.Fatalf("stdout %q; want nothing on a refused command", out)
			}
		})
	}
}

func TestSimReport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "balance.md")
	code, out, errOut := runCmd(t, testRegistry(), "sim", "--report", path, "--games", "10", "--bots", "greedy", "--seed", "2")
	if code != 0 || !strings.Contains(out, "balance.md: 40 games in 4 runs") {
		t.Fatalf("got %d %q %q", code, out, errOut)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, want := range []string{"minehall sim --report " + filepath.ToSlash(path) + " --games 10 --bots greedy --seed 2", "## Connect Four", "## Goofspiel", "| Goofspiel | 4 | 10 |"} {
		if !strings.Contains(doc, want) {
			t.Errorf("report lacks %q:\n%s", want, doc)
		}
	}
	code, out, _ = runCmd(t, &game.Registry{}, "sim", "--report", "-")
	if code != 0 || !strings.Contains(out, "No games are registered.") {
		t.Fatalf("empty registry: got %d %q", code, out)
	}
}

func TestSimExitsOneOnErrorGames(t *testing.T) {
	code, out, errOut := runCmd(t, testRegistry(), "sim", "connectfour", "--max-actions", "5", "--games", "3")
	if code != 1 {
		t.Fatalf("exit %d; want 1 when games ended in error", code)
	}
	want := "minehall: 3 of 3 games ended in error; the first, game 0 (seed "
	if !strings.HasPrefix(errOut, want) || strings.Count(errOut, "did not end within 5 actions") != 1 {
		t.Errorf("stderr %q; want %q… naming the first error once", errOut, want)
	}
	if !strings.Contains(out, "completed: 0, errors: 3") || strings.Contains(out, "seat balance") {
		t.Errorf("stdout %q; want the summary without statistics over no games", out)
	}
	// One unknown bot for every seat is reported once.
	code, _, errOut = runCmd(t, testRegistry(), "sim", "goofspiel", "--players", "4", "--bots", "wizard")
	if code != 1 || strings.Count(errOut, "wizard") != 1 || !strings.HasPrefix(errOut, `minehall: Goofspiel has no bot "wizard" (it has random, `) {
		t.Errorf("got %d %q; want the unknown bot named once", code, errOut)
	}
}

func TestSimRecordsDirIsMade(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	code, _, errOut := runCmd(t, testRegistry(), "sim", "connectfour", "--games", "2", "--records", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, err := game.ReadRecordFile(filepath.Join(dir, "game-000001.json")); err != nil {
		t.Fatalf("record: %v", err)
	}
}

func TestSimSweep(t *testing.T) {
	dir := t.TempDir()
	js, png := filepath.Join(dir, "sweep.json"), filepath.Join(dir, "sweep.png")
	code, out, errOut := runCmd(t, testRegistry(), "sim", "goofspiel", "--players", "3", "--bots", "greedy,random,random", "--games", "10",
		"--option", "timer=0", "--sweep", "cards=3,6", "--json", js, "--plot", png, "--workers", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Goofspiel, 3 players, 10 games per value, seed 1, sweep of cards over 3, 6", "seat 1 win rate [95%]", "\n3      10         0  ", "\n6      10         0  "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	var sw struct {
		Key    string   `json:"key"`
		Values []string `json:"values"`
		Runs   []struct {
			Options   map[string]string `json:"options"`
			Completed int               `json:"completed"`
		} `json:"runs"`
	}
	b, _ := os.ReadFile(js)
	if err := json.Unmarshal(b, &sw); err != nil || sw.Key != "cards" || len(sw.Runs) != 2 || sw.Runs[1].Options["cards"] != "6" || sw.Runs[1].Completed != 10 {
		t.Fatalf("JSON %s (%v); want both runs", b, err)
	}
	if b, _ := os.ReadFile(png); !strings.HasPrefix(string(b), "\x89PNG") {
		t.Errorf("sweep plot is not a PNG")
	}
	code, out, _ = runCmd(t, testRegistry(), "sim", "goofspiel", "--games", "4", "--sweep", "cards=3,4", "--option", "timer=0", "--csv", "-")
	if code != 0 || !strings.HasPrefix(out, "cards,game,seed,bot_1,bot_2,") || strings.Count(out, "\n") != 9 {
		t.Errorf("sweep CSV: exit %d, %q; want a header and 8 rows", code, out)
	}
}

func TestSimExternalAgent(t *testing.T) {
	bin := agenttest.Build(t)
	code, out, errOut := runCmd(t, testRegistry(), "sim", "goofspiel", "--players", "3", "--games", "4",
		"--bots", "ext:"+bin+" -answer number,random,ext:"+bin+" -answer 'json'")
	if code != 0 || !strings.Contains(out, "completed: 4, errors: 0") || !strings.Contains(out, "ext:"+bin+" -answer number") {
		t.Fatalf("got %d %q %q; want 4 games with the agents", code, out, errOut)
	}
	code, _, errOut = runCmd(t, testRegistry(), "sim", "connectfour", "--games", "3", "--bots", "ext:"+bin+" -mode sleep", "--agent-timeout", "200ms", "--agent-startup", "200ms", "--workers", "3")
	want := `did not answer the act request after 0 actions within 200ms (it was stopped)`
	if code != 1 || strings.Count(errOut, want) != 1 || !strings.HasPrefix(errOut, "minehall: 3 of 3 games ended in error; the first, game 0") {
		t.Fatalf("got %d %q; want exit 1 naming the slow agent once", code, errOut)
	}
}
