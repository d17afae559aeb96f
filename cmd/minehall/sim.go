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
	plotPath   string
	recordsDir string
	fixedSeats bool
	maxActions int
	report     string
}

func newSimCmd(reg *game.Registry) *cobra.Command {
	var f simFlags
	cmd := &cobra.Command{
		Use:   "sim GAME",
		Short: "Play games between bots and report win rates, scores and game length",
		Long: `Sim plays games of GAME between bots and prints win rates by seat and by bot with 95% confidence
intervals (Wilson score intervals; a shared win counts as a fraction), score distributions, game
length and errors. Results depend only on --seed, never on --workers. Unless --fixed-seats is
given, the bot list turns by one seat per game, so seat and bot effects can be told apart.

Bots: random, greedy, easy, medium, hard, mcts[:easy|medium|hard|N], ismcts[:…] (hidden-information
games), and every bot the game offers itself. One bot plays every seat, or give one per seat.

With --report FILE, sim instead writes the Markdown balance report for the GAMEs given (every
registered game if none): every player count, the same bot in every seat, --games games each.`,
		Example: `  minehall sim minerals --players 3 --bots greedy,random,mcts:hard --games 500 --json out.json --plot out.svg
  minehall sim outofmine --players 4 --bots medium --option clock=120 --csv games.csv
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
	fl.IntVar(&f.players, "players", 0, "play with `N` players (default: the game's minimum)")
	fl.StringVar(&f.bots, "bots", "random", "bot names `B1,B2,...`: one for every seat or one per seat")
	fl.IntVar(&f.games, "games", 100, "play `N` games")
	fl.Uint64Var(&f.seed, "seed", 1, "seed `S` of the run: game i plays with a seed derived from S and i")
	fl.IntVar(&f.workers, "workers", 0, "play `K` games at once (default: the number of CPUs); never changes results")
	fl.StringArrayVar(&f.options, "option", nil, "game option `KEY=VALUE` (repeatable); see minehall games")
	fl.StringVar(&f.jsonPath, "json", "", "write the summary as JSON to `FILE` (- for standard output)")
	fl.StringVar(&f.csvPath, "csv", "", "write one CSV row per game to `FILE` (- for standard output)")
	fl.StringVar(&f.plotPath, "plot", "", "plot score distribution and win rate by seat to `FILE`.png or .svg")
	fl.StringVar(&f.recordsDir, "records", "", "write every game's record into directory `DIR` (replay with minehall replay --check)")
	fl.BoolVar(&f.fixedSeats, "fixed-seats", false, "keep bot i in seat i in every game instead of turning the list")
	fl.IntVar(&f.maxActions, "max-actions", 0, "count a game as an error after `N` actions (default 100000)")
	fl.StringVar(&f.report, "report", "", "write the balance report of the given games (all if none) to `FILE`.md")
	return cmd
}

func known(reg *game.Registry) string {
	if ids := reg.IDs(); len(ids) > 0 {
		return strings.Join(ids, ", ")
	}
	return "none registered"
}

// check refuses malformed flag values with usage errors, all at once.
func (f simFlags) check(cmd *cobra.Command) error {
	var errs []string
	if f.games < 1 {
		errs = append(errs, fmt.Sprintf("--games must be at least 1, not %d", f.games))
	}
	if f.workers < 0 {
		errs = append(errs, fmt.Sprintf("--workers must be at least 1 (or 0 for the number of CPUs), not %d", f.workers))
	}
	if f.players < 0 {
		errs = append(errs, fmt.Sprintf("--players must be positive, not %d", f.players))
	}
	if f.maxActions < 0 {
		errs = append(errs, fmt.Sprintf("--max-actions must be positive, not %d", f.maxActions))
	}
	for _, b := range strings.Split(f.bots, ",") {
		if strings.TrimSpace(b) == "" {
			errs = append(errs, fmt.Sprintf("--bots %q has an empty name", f.bots))
			break
		}
	}
	if f.plotPath != "" {
		if _, err := sim.PlotFormat(f.plotPath); err != nil {
			errs = append(errs, "--plot: "+err.Error())
		}
	}
	for _, p := range []struct{ flag, path string }{{"--json", f.jsonPath}, {"--csv", f.csvPath}, {"--plot", f.plotPath}, {"--report", f.report}} {
		if p.path == "" || p.path == "-" {
			continue
		}
		if st, err := os.Stat(filepath.Dir(p.path)); err != nil || !st.IsDir() {
			errs = append(errs, fmt.Sprintf("%s %s: directory %s does not exist", p.flag, p.path, filepath.Dir(p.path)))
		}
	}
	if f.recordsDir != "" {
		if st, err := os.Stat(f.recordsDir); err != nil || !st.IsDir() {
			errs = append(errs, fmt.Sprintf("--records: directory %s does not exist", f.recordsDir))
		}
	}
	if f.jsonPath == "-" && f.csvPath == "-" {
		errs = append(errs, "--json and --csv cannot both write to standard output")
	}
	if f.report != "" {
		for _, name := range []string{"players", "option", "json", "csv", "plot", "records", "fixed-seats"} {
			if cmd.Flags().Changed(name) {
				errs = append(errs, fmt.Sprintf("--%s does not apply to --report", name))
			}
		}
		if strings.Contains(f.bots, ",") {
			errs = append(errs, "--report plays one bot in every seat; give one name to --bots")
		}
	}
	if len(errs) > 0 {
		return usageError{fmt.Errorf("%s", strings.Join(errs, "; "))}
	}
	return nil
}

// progress returns a progress callback drawing a bar on stderr when stderr
// is a terminal, and nil otherwise.
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
	bots := strings.Split(f.bots, ",")
	for i := range bots {
		bots[i] = strings.TrimSpace(bots[i])
	}
	cfg := sim.Config{Game: g, Players: f.players, Options: opts, Bots: bots, Games: f.games, Seed: f.seed,
		Workers: f.workers, FixedSeats: f.fixedSeats, MaxActions: f.maxActions, RecordsDir: f.recordsDir}
	if _, err := cfg.Resolved(); err != nil {
		return err
	}
	cfg.Progress = progress(cmd, f.games, id)
	sum, results, err := sim.Run(cmd.Context(), cfg)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	if f.jsonPath != "-" && f.csvPath != "-" {
		if err := sum.WriteText(out); err != nil {
			return err
		}
	}
	if f.jsonPath != "" {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sum); err != nil {
			return fmt.Errorf("summary does not encode: %v", err)
		}
		if err := writeOutput(out, f.jsonPath, buf.Bytes()); err != nil {
			return err
		}
	}
	if f.csvPath != "" {
		var buf bytes.Buffer
		if err := sim.WriteCSV(&buf, sum.Players, results); err != nil {
			return err
		}
		if err := writeOutput(out, f.csvPath, buf.Bytes()); err != nil {
			return err
		}
	}
	if f.plotPath != "" {
		format, _ := sim.PlotFormat(f.plotPath)
		var buf bytes.Buffer
		if err := sum.WritePlot(&buf, format); err != nil {
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
	bot := strings.TrimSpace(f.bots)
	for _, g := range games {
		if err := sim.CheckBots(g, []string{bot}); err != nil {
			return err
		}
	}
	command := []string{"minehall", "sim", "--report", filepath.ToSlash(f.report)}
	command = append(command, ids...)
	command = append(command, "--games", fmt.Sprint(f.games), "--bots", bot, "--seed", fmt.Sprint(f.seed))
	if f.maxActions > 0 {
		command = append(command, "--max-actions", fmt.Sprint(f.maxActions))
	}
	cfg := sim.BalanceConfig{Games: games, GamesPerCount: f.games, Bot: bot, Seed: f.seed, Workers: f.workers, Command: strings.Join(command, " ")}
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
	return nil
}
