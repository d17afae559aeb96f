package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

// doublingFlags are the flags of minehall sim doubling besides sim's own.
type doublingFlags struct {
	level      string
	from       int
	doublings  int
	journalDir string
}

// newSimDoublingCmd returns minehall sim doubling: the strength a search
// level gains from each doubling of its iteration budget.
func newSimDoublingCmd(reg *game.Registry) *cobra.Command {
	var f simFlags
	var d doublingFlags
	cmd := &cobra.Command{
		Use:   "doubling GAME",
		Short: "Measure the strength a search level gains per doubling of its budget",
		Long: `Doubling plays a game's search level (easy, medium, hard or expert, in the games whose levels take
an iteration budget: "LEVEL:N" bots) against itself at twice the iterations, for budgets --from,
2·from, 4·from, … (--doublings steps), each step --games two-player games with the seats alternated
and the same game seeds. It prints each step's share of the games for the larger budget with its
Wilson 95% interval, the Elo difference of that share (400·log10(p/(1−p)), with the interval's),
the gains summed from the first budget, and the larger budget's mean decision time in CPU time of
one core; --plot draws the gain per doubling with its interval bars, --json writes every step's
whole summary. Results depend only on --seed. With --journal-dir DIR, each step keeps its games in
DIR (LEVEL-N-2N.jsonl): the same command run again after an interruption plays only what is missing.`,
		Example: `  minehall sim doubling minerals --level expert --from 2500 --doublings 4 --games 100 --plot doubling.svg
  minehall sim doubling tf22 --level expert --from 750 --doublings 4 --games 100 --journal-dir tf22-doubling`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError{fmt.Errorf("%s takes one game (known: %s), got %d arguments", cmd.CommandPath(), known(reg), len(args))}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return runDoubling(cmd, reg, args[0], f, d) },
	}
	fl := cmd.Flags()
	fl.StringVar(&d.level, "level", "expert", "the search `LEVEL` whose budget is doubled")
	fl.IntVar(&d.from, "from", 1000, "the first budget, `N` iterations a decision, at least 1")
	fl.IntVar(&d.doublings, "doublings", 4, "the number of doublings `K`, from 1 to 20")
	fl.StringVar(&d.journalDir, "journal-dir", "", "keep each step's games in directory `DIR` (made if need be), and resume from it")
	fl.IntVar(&f.games, "games", 100, "play `N` games per doubling, at least 1")
	fl.Uint64Var(&f.seed, "seed", 1, "seed `S` of the run: game i of every step plays with a seed derived from S and i")
	fl.IntVar(&f.workers, "workers", 0, "play `K` games at once, at least 1 (default: the number of CPUs); never changes results")
	fl.StringArrayVar(&f.options, "option", nil, "game option `KEY=VALUE` (repeatable); see minehall games")
	fl.StringVar(&f.jsonPath, "json", "", "write the steps and their summaries as JSON to `FILE` (- for standard output)")
	fl.StringVar(&f.plotPath, "plot", "", "plot the Elo gained per doubling to `FILE`.png or .svg")
	fl.IntVar(&f.maxActions, "max-actions", sim.DefaultMaxActions, "count a game as an error after `N` actions, at least 1")
	fl.BoolVar(&f.noTimes, "no-times", false, "leave out the measured figures (elapsed and decision times): the output then depends only on the run")
	return cmd
}

func runDoubling(cmd *cobra.Command, reg *game.Registry, id string, f simFlags, d doublingFlags) error {
	f.agentWait, f.agentStart, f.bots = ai.DefaultAgentTimeout, ai.DefaultAgentStartup, "random"
	if err := f.check(cmd); err != nil {
		return err
	}
	if cmd.Flags().Changed("from") && d.from < 1 || cmd.Flags().Changed("doublings") && d.doublings < 1 {
		return usageError{fmt.Errorf("--from and --doublings must be at least 1, not %d and %d", d.from, d.doublings)}
	}
	if d.journalDir != "" {
		if st, err := os.Stat(d.journalDir); err == nil && !st.IsDir() {
			return usageError{fmt.Errorf("--journal-dir %s is a file, not a directory", d.journalDir)}
		}
	}
	g, err := reg.Lookup(id)
	if err != nil {
		return err
	}
	opts, err := game.ParseOptions(f.options)
	if err != nil {
		return usageError{fmt.Errorf("--option: %v", err)}
	}
	cfg := sim.Config{Game: g, Options: opts, Games: f.games, Seed: f.seed, Workers: f.workers, MaxActions: f.maxActions}
	if _, err := sim.DoublingConfig(cfg, d.level, d.from, d.doublings, ""); err != nil {
		return err
	}
	if d.journalDir != "" {
		if err := os.MkdirAll(d.journalDir, 0o755); err != nil {
			return err
		}
	}
	cfg.Progress = progress(cmd, f.games*d.doublings, id+" "+d.level)
	res, err := sim.RunDoubling(cmd.Context(), cfg, d.level, d.from, d.doublings, d.journalDir)
	if err != nil {
		return err
	}
	if f.noTimes {
		res.WithoutTimes()
	}
	var text bytes.Buffer
	if err := res.WriteText(&text); err != nil {
		return err
	}
	if err := writeOutputs(cmd, f, text.Bytes(), res, nil, res.WritePlot); err != nil {
		return err
	}
	return res.Failed()
}
