package main

import (
	"bytes"
	"encoding/json"
	"errors"
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
	agentStart time.Duration
	shard      string
	shards     int
	noTimes    bool
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
and sim prints a table (win rate by seat and by bot, mean scores, game length per value); --plot
draws it.

With --journal FILE, each game is kept in FILE as it ends; run the same command again with the same
FILE after an interruption and only the games FILE lacks are played (a longer --games adds games to
a finished run). The summary is the one the whole run would have given at once.

With --shard K/N, sim plays only shard K of N of the run (counted from 1): the games i with
i mod N = K-1, each with the seed it has in the whole run, so N machines can share a run. Each shard
keeps its games in its --journal, and 'minehall sim merge JOURNAL…' reports what the whole run
would have reported at once, byte for byte with --no-times (see docs/scale.md). Without --shard, the
shard comes from a batch system: a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based; give
--shards N, the Job's completions) or a Slurm array task's SLURM_ARRAY_TASK_ID (of
SLURM_ARRAY_TASK_COUNT tasks from SLURM_ARRAY_TASK_MIN). The --shard flag wins over both.

Measured figures (elapsed time; decision times per bot: median, p90 and max, in CPU time of one
core) are the only ones that differ between runs of the same seed; --no-times leaves them out.

With --report FILE, sim instead writes the Markdown balance report for the GAMEs given (every
registered game if none): every player count, the same bot in every seat, --games games each.

Sim exits with status 1 when any game ended in error (after writing its outputs), naming the first.`,
		Example: `  minehall sim minerals --players 3 --bots greedy,random,mcts:hard --games 500 --json out.json --plot out.svg
  minehall sim outofmine --players 4 --bots medium --option clock=120 --csv games.csv
  minehall sim minerals --bots 'ext:python3 agent.py,greedy' --games 50
  minehall sim hammertime --players 4 --bots easy --sweep wagons=1,2,3,4 --plot wagons.png
  minehall sim hammertime --players 4 --bots hard --games 2000 --journal ht-4-hard.jsonl
  minehall sim --report docs/balance.md --games 200 --bots easy
  minehall sim minerals --players 4 --bots hard --games 4000 --shard 3/8 --journal shard-3.jsonl
  minehall sim merge shard-*.jsonl --json run.json`,
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
	fl.DurationVar(&f.agentStart, "agent-startup", ai.DefaultAgentStartup, "time an external agent may take for its first answer, its start included, more than 0")
	fl.StringVar(&f.shard, "shard", "", "play only shard `K/N` of the run (K from 1 to N); wins over JOB_COMPLETION_INDEX and SLURM_ARRAY_TASK_ID")
	fl.IntVar(&f.shards, "shards", 0, "the number of shards `N` when a batch system gives the shard's index (a Kubernetes Indexed Job's completions)")
	fl.BoolVar(&f.noTimes, "no-times", false, "leave out the measured figures (elapsed and decision times): the output then depends only on the run")
	cmd.AddCommand(newSimMergeCmd(reg), newSimDoublingCmd(reg))
	return cmd
}

// newSimMergeCmd returns minehall sim merge: the summary of a run from its
// shards' journals.
func newSimMergeCmd(reg *game.Registry) *cobra.Command {
	var f simFlags
	cmd := &cobra.Command{
		Use:   "merge JOURNAL…",
		Short: "Report a run from the journals of its shards",
		Long: `Merge reads the journals of every shard of one run (minehall sim --shard K/N --journal FILE, in any
order) and reports what the run played at once would have reported: the same text, JSON, CSV and
plot, byte for byte with --no-times (without it, decision times are those the shards measured and
elapsed is the merge's own time). It refuses journals of different runs, a shard given twice or
missing, and a shard whose journal lacks games (run that shard again with its journal to finish it).`,
		Example: `  minehall sim merge shard-1.jsonl shard-2.jsonl shard-3.jsonl shard-4.jsonl --json run.json --csv games.csv`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError{fmt.Errorf("%s takes the journals of a run's shards, got none", cmd.CommandPath())}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runMerge(cmd, reg, args, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.jsonPath, "json", "", "write the summary as JSON to `FILE` (- for standard output)")
	fl.StringVar(&f.csvPath, "csv", "", "write one CSV row per game to `FILE` (- for standard output)")
	fl.StringVar(&f.plotPath, "plot", "", "plot score distribution and win rate by seat to `FILE`.png or .svg")
	fl.BoolVar(&f.noTimes, "no-times", false, "leave out the measured figures (elapsed and decision times)")
	return cmd
}

func runMerge(cmd *cobra.Command, reg *game.Registry, paths []string, f simFlags) error {
	f.agentWait, f.agentStart, f.bots = ai.DefaultAgentTimeout, ai.DefaultAgentStartup, "random"
	if err := f.check(cmd); err != nil {
		return err
	}
	start := time.Now()
	cfg, results, err := sim.Merge(paths, reg.Lookup)
	if err != nil {
		return err
	}
	sum := sim.Summarize(cfg, results)
	sum.ElapsedS = time.Since(start).Seconds()
	return report(cmd, f, sum, results)
}

// resolveShard returns the shard the flags or the batch system name.
func (f simFlags) resolveShard(cmd *cobra.Command) (sim.Shard, error) {
	if f.shard != "" {
		s, err := sim.ParseShard(f.shard)
		if err != nil {
			return s, usageError{fmt.Errorf("--shard: %v", err)}
		}
		if cmd.Flags().Changed("shards") && f.shards != s.N {
			return s, usageError{fmt.Errorf("--shard %s and --shards %d disagree on the number of shards", f.shard, f.shards)}
		}
		return s, nil
	}
	s, from, err := sim.ShardFromEnv(os.Getenv, f.shards)
	if err != nil {
		return s, usageError{err}
	}
	if !s.Whole() && f.journal == "" {
		return s, usageError{fmt.Errorf("%s makes this run shard %s; give --journal FILE to keep its games for minehall sim merge", from, s)}
	}
	return s, nil
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
	if f.agentStart <= 0 {
		errs = append(errs, fmt.Sprintf("--agent-startup must be more than 0, not %s", f.agentStart))
	}
	if changed("shards") && f.shards < 1 {
		errs = append(errs, fmt.Sprintf("--shards must be at least 1, not %d", f.shards))
	}
	if f.shard != "" && f.journal == "" {
		errs = append(errs, "--shard plays part of a run; give --journal FILE to keep its games for minehall sim merge")
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
	if (f.shard != "" || changed("shards")) && f.sweep != "" {
		errs = append(errs, "--shard plays part of one run; it does not apply to --sweep")
	}
	if f.jsonPath == "-" && f.csvPath == "-" {
		errs = append(errs, "--json and --csv cannot both write to standard output")
	}
	if f.report != "" {
		for _, name := range []string{"players", "option", "json", "csv", "plot", "records", "fixed-seats", "sweep", "journal", "shard", "shards"} {
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
		Workers: f.workers, FixedSeats: f.fixedSeats, MaxActions: f.maxActions, RecordsDir: f.recordsDir, AgentTimeout: f.agentWait,
		AgentStartup: f.agentStart, Journal: f.journal}
	if f.sweep != "" {
		return runSweep(cmd, cfg, f)
	}
	if cfg.Shard, err = f.resolveShard(cmd); err != nil {
		return err
	}
	if _, err := cfg.Resolved(); err != nil {
		return err
	}
	cfg.Progress = progress(cmd, cfg.Shard.Count(f.games), id)
	sum, results, err := sim.Run(cmd.Context(), cfg)
	var stopped *sim.Interrupted
	if errors.As(err, &stopped) {
		return fmt.Errorf("%v; resume with:\n  %s", stopped, resumeCommand(cmd, id, cfg.Shard))
	}
	if err != nil {
		return err
	}
	return report(cmd, f, sum, results)
}

// resumeCommand is the command line that runs cmd again as it was given,
// for shard: with its journal, it resumes the run.
func resumeCommand(cmd *cobra.Command, id string, shard sim.Shard) string {
	words := []string{"minehall", "sim", shellQuote(id)}
	for _, name := range simFlagNames {
		fl := cmd.Flags().Lookup(name)
		if fl == nil || !fl.Changed {
			continue
		}
		switch v := fl.Value.(type) {
		case interface{ GetSlice() []string }:
			for _, x := range v.GetSlice() {
				words = append(words, "--"+name, shellQuote(x))
			}
		default:
			if fl.Value.Type() == "bool" {
				words = append(words, "--"+name+"="+fl.Value.String())
			} else {
				words = append(words, "--"+name, shellQuote(fl.Value.String()))
			}
		}
	}
	if fl := cmd.Flags().Lookup("shard"); !shard.Whole() && fl != nil && !fl.Changed {
		// The batch system named the shard: name it, to resume anywhere.
		words = append(words, "--shard", shard.String())
	}
	return strings.Join(words, " ")
}

// simFlagNames are the flags of minehall sim a run's command line may
// give, in the order a resumed command gives them.
var simFlagNames = []string{"players", "bots", "games", "seed", "workers", "option", "fixed-seats", "max-actions", "agent-timeout", "agent-startup",
	"shard", "shards", "journal", "json", "csv", "plot", "records", "no-times"}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=,+@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// report writes a run's summary and games as the flags ask.
func report(cmd *cobra.Command, f simFlags, sum *sim.Summary, results []sim.GameResult) error {
	if f.noTimes {
		sum.WithoutTimes()
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
		MaxActions: f.maxActions, AgentTimeout: f.agentWait, AgentStartup: f.agentStart, Command: strings.Join(command, " ")}
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
