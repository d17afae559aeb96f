package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"minehall/ai"
	"minehall/game"
	"minehall/review"
)

// newReviewCmd returns `minehall review FILE`: the review of a game record
// as the JSON the API answers.
func newReviewCmd(reg *game.Registry) *cobra.Command {
	var budget int
	var seed uint64
	cmd := &cobra.Command{
		Use:   "review FILE [--budget N] [--seed S]",
		Short: "Review a game record move by move and print the review as JSON",
		Long: "Review replays a game record and judges every decision of every seat against the best move the\n" +
			"game's strongest search finds from what the mover could know: each move's loss, its mark (best, good,\n" +
			"inaccuracy, mistake, blunder), the better move with the engine's reason in four languages, each\n" +
			"player's accuracy, the expected outcome over the game and the three largest swings (docs/review.md).\n" +
			"--budget sets the search's iterations per decision (default: the game's production budget);\n" +
			"the same record, budget and --seed give the same review.",
		Args: exactArgs(1, "one record file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("budget") && budget < 1 {
				return usageError{fmt.Errorf("--budget must be at least 1 iteration, not %d (leave it out for the game's own budget)", budget)}
			}
			rec, err := game.ReadRecordFile(args[0])
			if err != nil {
				return err
			}
			g, err := reg.Lookup(rec.Game)
			if err != nil {
				return fmt.Errorf("%s: %v", args[0], err)
			}
			res, err := review.Review(cmd.Context(), g, rec, review.Config{Budget: ai.Budget{Iterations: budget}, Seed: seed})
			if err != nil {
				return fmt.Errorf("%s: %v", args[0], err)
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetIndent("", "  ")
			return enc.Encode(res)
		},
	}
	cmd.Flags().IntVar(&budget, "budget", 0, "search iterations per decision (default: the game's production budget)")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the judge's search")
	return cmd
}
