package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

// simFlags are the flags of minehall sim.
type simFlags struct {
	players    int
	bots       string
	games      int
	seed       uint64
	workers    int
	options    []string
	jsonPath   string
	csvPath    string
	journal    string
	plotPath   string
	recordsDir string
	fixedSeats bool
	maxActions int
	report     string
	sweep      string
	agentWait  time.Duration
}

func newSimCmd(reg *game.Registry) *cobra.Command {
	var f simFlags
	cmd := &cobra.Command{
		Use:   "sim GAME",
		Short: "Play games between bots and report win rates, scores and game length",
		Long: `Sim plays games of GAME between bots and prints win rates by seat and by bot with 95% confidence
intervals (Wilson score intervals; a shared win counts as a fraction), score distributions, game
length and errors. Seats are counted from 1. Results depend only on --seed, never on --workers.
Unless --fixed-seats is given, the bot list turns by one seat per game, so seat and bot effects can
be told apart.

Bots: random, greedy, easy, medium, hard, mcts[:easy|medium|hard|N], ismcts[:…] (hidden-information
games), every bot the game offers itself, and ext:COMMAND, an external agent in any language that
plays over the line protocol of docs/agents.md (one process per seat and game; quote a comma in
COMMAND). One bot plays every seat, or give one per seat.

With --sweep KEY=V1,V2,… the run is repeated for each value of the option KEY, on the same seeds,
and sim prints a table (win rate by seat, mean scores, game length per value); --plot draws it.

With --journal FILE, each game is kept in FILE as it ends; run the same command again with the same
FILE after an interruption and only the games FILE lacks are played (a longer --games adds games to
a finished run). The summary is the one the whole run would have given at once.

With --report FILE, sim instead writes the Markdown balance report for the GAMEs given (every
registered game if none): every player count, the same bot in every seat, --games games each.

Sim exits with status 1 when any game ended in error (after writing its outputs), naming the first.`,
		Example: `  minehall sim minerals --players 3 --bots greedy,random,mcts:hard --games 500 --json out.json --plot out.svg
  minehall sim outofmine --players 4 --bots medium --option clock=120 --csv games.csv
  minehall sim minerals --bots 'ext:python3 agent.py,greedy' --games 50
  minehall sim hammertime --players 4 --bots easy --sweep wagons=1,2,3,4 --plot wagons.png
  minehall sim hammertime --players 4 --bots hard --games 2000 --journal ht-4-hard.jsonl
  minehall sim --report docs/balance.md --games 200 --bots easy`,
		Args: func(cmd *cobra.Command, args []string) error {
			if f.report == "" && len(args) != 1 {
				return usageError{fmt.Errorf("%s takes one game (known: %s), got %d arguments", cmd.CommandPath(), known(reg), len(args))}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.report != "" {
				return runReport(cmd, reg, args, f)
			}
			return runSim(cmd, reg, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&f.players, "players", 0, "play with `N` players, at least 1 (default: the game's minimum)")
	fl.StringVar(&f.bots, "bots", "random", "bot names `B1,B2,...`: one for every seat or one per seat")
	fl.IntVar(&f.games, "games", 100, "play `N` games, at least 1 (per value with --sweep)")
	fl.Uint64Var(&f.seed, "seed", 1, "seed `S` of the run: game i plays with a seed derived from S and i")
	fl.IntVar(&f.workers, "workers", 0, "play `K` games at once, at least 1 (default: the number of CPUs); never changes results")
	fl.StringArrayVar(&f.options, "option", nil, "game option `KEY=VALUE` (repeatable); see minehall games")
	fl.StringVar(&f.jsonPath, "json", "", "write the summary as JSON to `FILE` (- for standard output)")
	fl.StringVar(&f.csvPath, "csv", "", "write one CSV row per game to `FILE` (- for standard output)")
	fl.StringVar(&f.journal, "journal", "", "keep each finished game in `FILE`, and resume the run from it: only the games it lacks are played")
	fl.StringVar(&f.plotPath, "plot", "", "plot score distribution and win rate by seat to `FILE`.png or .svg")
	fl.StringVar(&f.recordsDir, "records", "", "write every game's record into directory `DIR`, made if need be (replay with minehall replay --check)")
	fl.BoolVar(&f.fixedSeats, "fixed-seats", false, "keep bot i in seat i in every game instead of turning the list")
	fl.IntVar(&f.maxActions, "max-actions", sim.DefaultMaxActions, "count a game as an error after `N` actions, at least 1")
	fl.StringVar(&f.sweep, "sweep", "", "repeat the run for each value of an option, `KEY=V1,V2,...`")
	fl.DurationVar(&f.agentWait, "agent-timeout", ai.DefaultAgentTimeout, "time an external agent (ext: bot) may take per answer, more than 0")
	fl.StringVar(&f.report, "report", "", "write the balance report of the given games (all if none) to `FILE`.md")
	return cmd
}

func known(reg *game.Registry) string {
	if ids := reg.IDs(); len(ids) > 0 {
		return strings.Join(ids, ", ")
	}
	return "none registered"
}

// check refuses malformed flag values with usage errors, all at once. A
// count given as 0 is refused like a negative one: leave a flag out for
// its default.
func (f simFlags) check(cmd *cobra.Command) error {
	var errs []string
	changed := cmd.Flags().Changed
	atLeastOne := func(flag string, v int) {
		if changed(flag) && v < 1 {
			errs = append(errs, fmt.Sprintf("--%s must be at least 1, not %d", flag, v))
		}
	}
	atLeastOne("games", f.games)
	atLeastOne("workers", f.workers)
	atLeastOne("players", f.players)
	atLeastOne("max-actions", f.maxActions)
	if f.agentWait <= 0 {
		errs = append(errs, fmt.Sprintf("--agent-timeout must be more than 0, not %s", f.agentWait))
	}
	if _, err := sim.ParseBots(f.bots); err != nil {
		errs = append(errs, "--bots: "+err.Error())
	}
	if f.plotPath != "" {
		if _, err := sim.PlotFormat(f.plotPath); err != nil {
			errs = append(errs, "--plot: "+err.Error())
		}
	}
	for _, p := range []struct{ flag, path string }{{"--json", f.jsonPath}, {"--csv", f.csvPath}, {"--plot", f.plotPath}, {"--report", f.report}, {"--journal", f.journal}} {
		if p.path == "" || p.path == "-" {
			continue
		}
		if st, err := os.Stat(filepath.Dir(p.path)); err != nil || !st.IsDir() {
			errs = append(errs, fmt.Sprintf("%s %s: directory %s does not exist", p.flag, p.path, filepath.Dir(p.path)))
		}
	}
	if f.recordsDir != "" {
		if st, err := os.Stat(f.recordsDir); err == nil && !st.IsDir() {
			errs = append(errs, fmt.Sprintf("--records %s is a file, not a directory", f.recordsDir))
		}
	}
	if f.sweep != "" {
		if _, _, err := sim.ParseSweep(f.sweep); err != nil {
			errs = append(errs, "--sweep: "+err.Error())
		}
	}
	if f.journal == "-" {
		errs = append(errs, "--journal must name a file, not standard output")
	}
	if f.journal != "" && f.sweep != "" {
		errs = append(errs, "--journal keeps one run; it does not apply to --sweep")
	}
	if f.jsonPath == "-" && f.csvPath == "-" {
		errs = append(errs, "--json and --csv cannot both write to standard output")
	}
	if f.report != "" {
		for _, name := range []string{"players", "option", "json", "csv", "plot", "records", "fixed-seats", "sweep", "journal"} {
			if changed(name) {
				errs = append(errs, fmt.Sprintf("--%s does not apply to --report", name))
			}
		}
		if bots, err := sim.ParseBots(f.bots); err == nil && len(bots) > 1 {
			errs = append(errs, "--report plays one bot in every seat; give one name to --bots")
		}
	}
	if len(errs) > 0 {
		return usageError{fmt.Errorf("%s", strings.Join(errs, "; "))}
	}
	return nil
}

// progress returns a function that moves a progress bar on stderr to n of
// total, or nil when stderr is not a terminal (runs in scripts stay quiet).
func progress(cmd *cobra.Command, total int, label string) func(int) {
	f := terminal(cmd)
	if f == nil {
		return nil
	}
	return newBar(f, total, label)
}

// terminal returns the command's stderr if it is a terminal, else nil.
func terminal(cmd *cobra.Command) *os.File {
	f, ok := cmd.ErrOrStderr().(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return f
}

func newBar(f *os.File, total int, label string) func(int) {
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(label),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(f) }),
	)
	return func(n int) { bar.Set(n) }
}

func runSim(cmd *cobra.Command, reg *game.Registry, id string, f simFlags) error {
	if err := f.check(cmd); err != nil {
		return err
	}
	g, err := reg.Lookup(id)
	if err != nil {
		return err
	}
	opts, err := game.ParseOptions(f.options)
	if err != nil {
		return usageError{fmt.Errorf("--option: %v", err)}
	}
	bots, _ := sim.ParseBots(f.bots)
	cfg := sim.Config{Game: g, Players: f.players, Options: opts, Bots: bots, Games: f.games, Seed: f.seed,
		Workers: f.workers, FixedSeats: f.fixedSeats, MaxActions: f.maxActions, RecordsDir: f.recordsDir, AgentTimeout: f.agentWait, Journal: f.journal}
	if f.sweep != "" {
		return runSweep(cmd, cfg, f)
	}
	if _, err := cfg.Resolved(); err != nil {
		return err
	}
	cfg.Progress = progress(cmd, f.games, id)
	sum, results, err := sim.Run(cmd.Context(), cfg)
	if err != nil {
		return err
	}
	var text, csvOut bytes.Buffer
	if err := sum.WriteText(&text); err != nil {
		return err
	}
	if f.csvPath != "" {
		if err := sim.WriteCSV(&csvOut, sum.Players, results); err != nil {
			return err
		}
	}
	if err := writeOutputs(cmd, f, text.Bytes(), sum, csvOut.Bytes(), sum.WritePlot); err != nil {
		return err
	}
	return sum.Failed()
}

// runSweep runs cfg for each value of the option --sweep names.
func runSweep(cmd *cobra.Command, cfg sim.Config, f simFlags) error {
	key, values, _ := sim.ParseSweep(f.sweep)
	if _, err := sim.ResolvedSweep(cfg, key, values); err != nil {
		return err
	}
	cfg.Progress = progress(cmd, f.games*len(values), cfg.Game.Spec().ID+" "+key)
	sw, results, err := sim.RunSweep(cmd.Context(), cfg, key, values)
	if err != nil {
		return err
	}
	var text, csvOut bytes.Buffer
	if err := sw.WriteText(&text); err != nil {
		return err
	}
	if f.csvPath != "" {
		if err := sim.WriteSweepCSV(&csvOut, sw, results); err != nil {
			return err
		}
	}
	if err := writeOutputs(cmd, f, text.Bytes(), sw, csvOut.Bytes(), sw.WritePlot); err != nil {
		return err
	}
	return sw.Failed()
}

// writeOutputs writes what a run found: the text to standard output unless
// the JSON or the CSV go there, and each file asked for.
func writeOutputs(cmd *cobra.Command, f simFlags, text []byte, summary any, csv []byte, plot func(io.Writer, string) error) error {
	out := cmd.OutOrStdout()
	if f.jsonPath != "-" && f.csvPath != "-" {
		if _, err := out.Write(text); err != nil {
			return err
		}
	}
	if f.jsonPath != "" {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		if err := enc.Encode(summary); err != nil {
			return fmt.Errorf("summary does not encode: %v", err)
		}
		if err := writeOutput(out, f.jsonPath, buf.Bytes()); err != nil {
			return err
		}
	}
	if f.csvPath != "" {
		if err := writeOutput(out, f.csvPath, csv); err != nil {
			return err
		}
	}
	if f.plotPath != "" {
		format, _ := sim.PlotFormat(f.plotPath)
		var buf bytes.Buffer
		if err := plot(&buf, format); err != nil {
			return err
		}
		if err := writeOutput(out, f.plotPath, buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// writeOutput writes b to path, or to stdout for "-".
func writeOutput(stdout io.Writer, path string, b []byte) error {
	if path == "-" {
		_, err := stdout.Write(b)
		return err
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

func runReport(cmd *cobra.Command, reg *game.Registry, ids []string, f simFlags) error {
	if err := f.check(cmd); err != nil {
		return err
	}
	games := reg.Games()
	if len(ids) > 0 {
		games = games[:0]
		for _, id := range ids {
			g, err := reg.Lookup(id)
			if err != nil {
				return err
			}
			games = append(games, g)
		}
	}
	bots, _ := sim.ParseBots(f.bots)
	bot := bots[0]
	for _, g := range games {
		if err := sim.CheckBots(g, []string{bot}); err != nil {
			return err
		}
	}
	command := []string{"minehall", "sim", "--report", filepath.ToSlash(f.report)}
	command = append(command, ids...)
	command = append(command, "--games", fmt.Sprint(f.games), "--bots", bot, "--seed", fmt.Sprint(f.seed))
	if cmd.Flags().Changed("max-actions") {
		command = append(command, "--max-actions", fmt.Sprint(f.maxActions))
	}
	cfg := sim.BalanceConfig{Games: games, GamesPerCount: f.games, Bot: bot, Seed: f.seed, Workers: f.workers,
		MaxActions: f.maxActions, AgentTimeout: f.agentWait, Command: strings.Join(command, " ")}
	if ef := terminal(cmd); ef != nil {
		bars := map[string]func(int){}
		cfg.Progress = func(id string, players, done, total int) {
			key := fmt.Sprintf("%s, %d players", id, players)
			if bars[key] == nil {
				bars[key] = newBar(ef, total, key)
			}
			bars[key](done)
		}
	}
	sums, err := sim.Balance(cmd.Context(), cfg)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := sim.WriteBalance(&buf, cfg, sums); err != nil {
		return err
	}
	if err := writeOutput(cmd.OutOrStdout(), f.report, buf.Bytes()); err != nil {
		return err
	}
	if f.report != "-" {
		fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: %d games in %d runs\n", f.report, len(sums)*f.games, len(sums))
	}
	for _, s := range sums {
		if err := s.Failed(); err != nil {
			return fmt.Errorf("%s with %d players: %v", s.Game, s.Players, err)
		}
	}
	return nil
}
