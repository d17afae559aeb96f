package main

import (
	"fmt"
	"io"

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
			"and summarises how many pairs have an exact tiling, per card and per side. Board and card ids count\n" +
			"from 1; leave --card out for every card. A legend under the tables says what the columns and the\n" +
			"drawing mean.",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || args[0] != "outofmine" {
				return usageError{fmt.Errorf("%s takes the game to solve, and only outofmine can be solved", cmd.CommandPath())}
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			pack := outofmine.DefaultPack()
			if err := checkSolveIDs(cmd, pack, req); err != nil {
				return err
			}
			if !req.All && req.Board == 0 {
				return usageError{fmt.Errorf("give --board ID (and optionally --side and --card), or --all")}
			}
			out := cmd.OutOrStdout()
			if err := outofmine.WriteSolve(out, pack, req); err != nil {
				return err
			}
			if req.JSON {
				return nil
			}
			return writeSolveLegend(out, pack, req)
		},
	}
	f := cmd.Flags()
	f.IntVar(&req.Board, "board", 0, "board `ID`, from 1")
	f.StringVar(&req.Side, "side", "", "board side, A or B (default both)")
	f.IntVar(&req.Card, "card", 0, "treasure card `ID`, from 1 (default every card)")
	f.BoolVar(&req.All, "all", false, "solve all card x side pairs and summarise")
	f.BoolVar(&req.JSON, "json", false, "print JSON instead of a table")
	f.BoolVar(&req.Obj.Elves, "elves", false, "among the fewest empty spaces, maximise the elves bonus (variant A)")
	f.BoolVar(&req.Obj.Finds, "finds", false, "among the fewest empty spaces, maximise the finds score (variant B)")
	return cmd
}

// checkSolveIDs refuses a board or card id of 0 or less with the same
// usage error, naming the ids there are.
func checkSolveIDs(cmd *cobra.Command, pack *outofmine.Pack, req outofmine.SolveRequest) error {
	changed := cmd.Flags().Changed
	if changed("board") && req.Board < 1 {
		return usageError{fmt.Errorf("--board must be a board id from %d to %d, not %d", pack.Boards[0].ID, pack.Boards[len(pack.Boards)-1].ID, req.Board)}
	}
	if changed("card") && req.Card < 1 {
		return usageError{fmt.Errorf("--card must be a card id from %d to %d, not %d (leave it out for every card)", pack.Cards[0].ID, pack.Cards[len(pack.Cards)-1].ID, req.Card)}
	}
	return nil
}

// writeSolveLegend explains the columns (and the drawing of a single
// pair) that WriteSolve printed for req.
func writeSolveLegend(w io.Writer, pack *outofmine.Pack, req outofmine.SolveRequest) error {
	legend := "\nLegend:\n"
	if req.All {
		legend += "" +
			fmt.Sprintf("  per card   CARD the treasure card; EXACT SIDES how many of the %d board sides it covers exactly\n", 2*len(pack.Boards)) +
			"             (no gallery space left empty); TILINGS its exact tilings over all sides; MIN and MAX\n" +
			"             the fewest and most exact tilings on one side.\n" +
			fmt.Sprintf("  per side   BOARD and SIDE the board side; EXACT CARDS how many of the %d cards cover it exactly;\n", len(pack.Cards)) +
			"             TILINGS their exact tilings; WORST EMPTY the most empty spaces the worst card leaves.\n" +
			"  An exact tiling covers every gallery space with the card's tiles; tiles of one shape count as one.\n"
	} else {
		legend += "" +
			"  BOARD, SIDE, CARD  the board side and the treasure card solved.\n" +
			"  EMPTY    the fewest gallery spaces a placement of the card's tiles leaves empty (0: exact).\n" +
			"  TILINGS  the number of exact tilings (every gallery space covered; tiles of one shape count\n" +
			"           as one); 0 when EMPTY is more than 0.\n" +
			"  BONUS    the best elves (--elves) plus finds (--finds) score among the placements with EMPTY\n" +
			"           empty spaces; 0 without those flags.\n"
		if req.Card != 0 && req.Side != "" {
			legend += "" +
				"  Drawing  one placement reaching EMPTY (and BONUS), one character a cell, row 1 at the top and\n" +
				"           column a on the left: '.' rock, '#' an empty gallery space, a letter a tile.\n" +
				"  Tiles    letter: shape (Y1 yellow monomino, B2 blue domino, I3 L3 green trominoes, I4 L4 O4 S4 T4\n" +
				"           red tetrominoes, F5 … Y5 white pentominoes), its element with --finds, its transform\n" +
				"           (r0 r90 r180 r270 turned clockwise; m0 … m270 the same turn, then mirrored left to\n" +
				"           right) and the cell of the top-left corner of its box, as the game's notation writes.\n"
		}
	}
	_, err := io.WriteString(w, legend)
	return err
}
