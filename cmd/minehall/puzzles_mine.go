package main

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"minehall/puzzle"
)

func init() { puzzleMiners["minerals"] = newMineMineralsCmd }

// newMineMineralsCmd returns `minehall puzzles mine minerals`: it builds
// the Minerals tactics set.
func newMineMineralsCmd() *cobra.Command {
	var games, workers int
	var seed uint64
	var out string
	mine := &cobra.Command{
		Use:   "minerals [--games N] [--seed S] [--workers K] [--out FILE]",
		Short: "Mine Minerals tactics puzzles from self-play between hard bots",
		Long: "Mine Minerals tactics: play --games self-play games between hard bots (2 players, the 7+ version)\n" +
			"from --seed and keep the positions where a deep search (four whole turns, every chance outcome\n" +
			"weighed) puts one move at least 1.5 points ahead of every other, at most 4 per game. The set is\n" +
			"written as JSON to --out (standard output by default); the same --games and --seed always give\n" +
			"the same set, whatever --workers.",
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if games < 1 {
				return usageError{fmt.Errorf("--games must be at least 1, not %d", games)}
			}
			if workers < 1 {
				return usageError{fmt.Errorf("--workers must be at least 1, not %d", workers)}
			}
			start := time.Now()
			ps, err := puzzle.MineMinerals(cmd.Context(), puzzle.MineConfig{Games: games, Seed: seed, Workers: workers, Log: cmd.ErrOrStderr()})
			if err != nil {
				return err
			}
			set := puzzle.MineralsSet{
				Command: fmt.Sprintf("minehall puzzles mine minerals --games %d --seed %d", games, seed),
				Games:   games, Seed: seed, Turns: puzzle.MineralsTurns, Margin: puzzle.MineralsMinMargin, Puzzles: ps,
			}
			b, err := set.Encode()
			if err != nil {
				return err
			}
			if out == "" {
				_, err = cmd.OutOrStdout().Write(b)
			} else {
				err = os.WriteFile(out, b, 0o644)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%d puzzles from %d games in %s\n", len(ps), games, time.Since(start).Round(time.Millisecond))
			return err
		},
	}
	f := mine.Flags()
	f.IntVar(&games, "games", 100, "self-play games to play")
	f.Uint64Var(&seed, "seed", 1, "the seed every game's seed derives from")
	f.IntVar(&workers, "workers", 1, "play `K` games at once; never changes the set")
	f.StringVar(&out, "out", "", "write the set to `FILE` instead of standard output")
	return mine
}
