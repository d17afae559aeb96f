package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"minehall/games/outofmine"
)

// newSolveCmd returns `minehall solve outofmine`: the fewest empty spaces
// and the number of exact tilings for Out of Mine board sides and cards.
func newSolveCmd() *cobra.Command {
	var req outofmine.SolveRequest
	cmd := &cobra.Command{
		Use:   "solve outofmine [--board ID] [--side A|B] [--card ID] [--all] [--json]",
		Short: "Solve Out of Mine boards: fewest empty spaces and exact tilings",
		Long: "Solve Out of Mine: for a board side and a treasure card, find a placement with the fewest empty\n" +
			"gallery spaces (then the best elves and finds score with --elves, --finds) and count the exact tilings.\n" +
			"Without --card every card is solved, without --side both sides. --all solves all card x side pairs\n" +
			"and summarises how many pairs have an exact tiling, per card and per side.",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || args[0] != "outofmine" {
				return usageError{fmt.Errorf("%s takes the game to solve, and only outofmine can be solved", cmd.CommandPath())}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if !req.All && req.Board == 0 {
				return usageError{fmt.Errorf("give --board ID (and optionally --side and --card), or --all")}
			}
			return outofmine.WriteSolve(cmd.OutOrStdout(), outofmine.DefaultPack(), req)
		},
	}
	f := cmd.Flags()
	f.IntVar(&req.Board, "board", 0, "board id")
	f.StringVar(&req.Side, "side", "", "board side, A or B (default both)")
	f.IntVar(&req.Card, "card", 0, "treasure card id (default every card)")
	f.BoolVar(&req.All, "all", false, "solve all card x side pairs and summarise")
	f.BoolVar(&req.JSON, "json", false, "print JSON instead of a table")
	f.BoolVar(&req.Obj.Elves, "elves", false, "among the fewest empty spaces, maximise the elves bonus (variant A)")
	f.BoolVar(&req.Obj.Finds, "finds", false, "among the fewest empty spaces, maximise the finds score (variant B)")
	return cmd
}
