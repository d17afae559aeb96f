package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

func init() { extraCommands = append(extraCommands, newTournamentCmd) }

// newTournamentCmd returns `minehall tournament`: a round robin between
// bots with Weng-Lin ratings and a cross table.
func newTournamentCmd(reg *game.Registry) *cobra.Command {
	var f simFlags
	cmd := &cobra.Command{
		Use:   "tournament GAME --bots B1,B2,…",
		Short: "Play a round robin between bots and rate them",
		Long: `Tournament plays a round robin between the bots given: every ordered choice of --players of
them (every seating: who plays and in which seat) plays --games games. Each game's final order
(the winners, as the rulebook's tie-break has it, then everyone by score, as the end screen shows
them; seats with the same score and no win are level) updates the bots' Weng-Lin (Plackett-Luce)
ratings, game by game in a fixed order, so the result depends on --seed only, never on --workers. It prints the standings, best first (by the ordinal
mu − 3 sigma), each rating with its 95% interval and how long the bot thought (its mean and
slowest decision, in CPU time of one core: the one figure measured rather than derived from the
seed), and a cross table: the share of the games two bots played together that the row's bot
finished ahead. Bots are named as for sim (including
ext:COMMAND agents); name each once. It exits with status 1 when a game ended in error.`,
		Example: `  minehall tournament minerals --bots random,easy,medium,hard --games 20
  minehall tournament tf22 --players 3 --bots easy,medium,hard,greedy --json out.json --plot out.png`,
		Args: exactArgs(1, "one game"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTournament(cmd, reg, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&f.players, "players", 0, "seat `K` bots a game, at least 1 (default: 2, or the game's minimum)")
	fl.StringVar(&f.bots, "bots", "", "the entrants `B1,B2,...`, at least as many as --players")
	fl.IntVar(&f.games, "games", 10, "play `N` games of every seating, at least 1")
	fl.Uint64Var(&f.seed, "seed", 1, "seed `S` of the tournament")
	fl.IntVar(&f.workers, "workers", 0, "play `K` games at once, at least 1 (default: the number of CPUs); never changes results")
	fl.StringArrayVar(&f.options, "option", nil, "game option `KEY=VALUE` (repeatable); see minehall games")
	fl.StringVar(&f.jsonPath, "json", "", "write the standings and cross table as JSON to `FILE` (- for standard output)")
	fl.StringVar(&f.plotPath, "plot", "", "plot the ratings with their intervals to `FILE`.png or .svg")
	fl.IntVar(&f.maxActions, "max-actions", sim.DefaultMaxActions, "count a game as an error after `N` actions, at least 1")
	fl.DurationVar(&f.agentWait, "agent-timeout", ai.DefaultAgentTimeout, "time an external agent (ext: bot) may take per answer, more than 0")
	fl.DurationVar(&f.agentStart, "agent-startup", ai.DefaultAgentStartup, "time an external agent may take for its first answer, its start included, more than 0")
	return cmd
}

func runTournament(cmd *cobra.Command, reg *game.Registry, id string, f simFlags) error {
	if err := f.check(cmd); err != nil {
		return err
	}
	bots, _ := sim.ParseBots(f.bots)
	if f.bots == "" || len(bots) < 2 {
		return usageError{fmt.Errorf("--bots names the entrants: at least two, as in --bots easy,medium,hard")}
	}
	g, err := reg.Lookup(id)
	if err != nil {
		return err
	}
	if err := sim.CheckBots(g, bots); err != nil {
		return err
	}
	opts, err := game.ParseOptions(f.options)
	if err != nil {
		return usageError{fmt.Errorf("--option: %v", err)}
	}
	cfg := sim.TournamentConfig{Game: g, Players: f.players, Options: opts, Bots: bots, Games: f.games, Seed: f.seed,
		Workers: f.workers, MaxActions: f.maxActions, AgentTimeout: f.agentWait, AgentStartup: f.agentStart}
	if bar := terminal(cmd); bar != nil {
		var move func(int)
		cfg.Progress = func(done, total int) {
			if move == nil {
				move = newBar(bar, total, id+" seatings")
			}
			move(done)
		}
	}
	t, err := sim.RunTournament(cmd.Context(), cfg)
	if err != nil {
		return err
	}
	var text strings.Builder
	if err := t.WriteText(&text); err != nil {
		return err
	}
	if err := writeOutputs(cmd, f, []byte(text.String()), t, nil, t.WritePlot); err != nil {
		return err
	}
	if t.Errors > 0 {
		return fmt.Errorf("%d of %d games ended in error; the first: %s", t.Errors, t.Games, t.FirstError)
	}
	return nil
}
