package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"minehall/puzzle"
)

func init() { puzzleMiners["tf22"] = newMineTF22Cmd }

// newMineTF22Cmd returns `minehall puzzles mine tf22`: it tries the seeds
// S, S+1, … in turn (tf22.RouteSetupFromSeed), keeps each route puzzle
// whose optimum the exact search proves with exactly one plan
// (puzzle.MineRoute), and writes the first COUNT as 001.json, 002.json, …
// into the output directory. The same flags give the same files.
func newMineTF22Cmd() *cobra.Command {
	var seed uint64
	var count, tries int
	var budget int64
	var out string
	cmd := &cobra.Command{
		Use:   "tf22 --seed S --count N [--out DIR]",
		Short: "Mine TF22 route puzzles: deliver a Ranium in the fewest ore, with one shortest plan",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if count < 1 || tries < count || budget < 1 {
				return usageError{fmt.Errorf("--count must be at least 1, --tries at least --count and --budget positive")}
			}
			if err := os.MkdirAll(out, 0o755); err != nil {
				return err
			}
			start := time.Now()
			found := 0
			for i := 0; i < tries && found < count; i++ {
				p, ok := puzzle.MineRoute(seed+uint64(i), budget)
				if !ok {
					continue
				}
				found++
				p.ID = fmt.Sprintf("tf22-%03d", found)
				b, err := json.MarshalIndent(p, "", "  ")
				if err != nil {
					return err
				}
				name := filepath.Join(out, fmt.Sprintf("%03d.json", found))
				if err := os.WriteFile(name, append(b, '\n'), 0o644); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s: seed %d, %d ore, %d positions: %s\n", p.ID, p.Setup.Seed, p.Optimum, p.Nodes, p.Reason)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%d puzzles in %s\n", found, time.Since(start).Round(time.Second))
			if found < count {
				return fmt.Errorf("only %d of %d puzzles within %d seeds", found, count, tries)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "the first seed tried")
	f.IntVar(&count, "count", 30, "how many puzzles to keep")
	f.IntVar(&tries, "tries", 5000, "how many seeds to try at most")
	f.Int64Var(&budget, "budget", puzzle.RouteBudget, "positions the search may expand per puzzle")
	f.StringVar(&out, "out", filepath.Join("puzzle", "data", "tf22"), "the output `DIR`")
	return cmd
}
