package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"minehall/game"
	"minehall/puzzle"
	"minehall/server"
	"minehall/store"
)

// puzzlesFor returns the puzzle service on st, or nil (no puzzles) when st
// keeps no puzzle tickets.
func puzzlesFor(st store.Store) server.Puzzles {
	ps, ok := st.(store.PuzzleStore)
	if !ok {
		return nil
	}
	return &puzzle.Service{Store: ps}
}

// puzzleMiners maps a game to the `minehall puzzles mine GAME` command
// that mines its puzzle set; each game's file registers its own.
var puzzleMiners = map[string]func() *cobra.Command{}

func init() {
	extraCommands = append(extraCommands, func(*game.Registry) *cobra.Command { return newPuzzlesCmd() })
}

// newPuzzlesCmd returns `minehall puzzles`, whose `mine GAME` subcommands
// build the shipped puzzle sets.
func newPuzzlesCmd() *cobra.Command {
	root := &cobra.Command{Use: "puzzles", Short: "Build the shipped puzzle sets"}
	games := make([]string, 0, len(puzzleMiners))
	for g := range puzzleMiners {
		games = append(games, g)
	}
	slices.Sort(games)
	mine := &cobra.Command{Use: "mine GAME", Short: "Mine a game's puzzle set, each puzzle proved by a search deeper than the bots'",
		// Reached only without a game, or with one that has no miner.
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError{fmt.Errorf("%s takes the game whose puzzles to mine: %s", cmd.CommandPath(), strings.Join(games, " or "))}
			}
			return usageError{fmt.Errorf("there are no %s puzzles to mine; the games with puzzles to mine are %s", args[0], strings.Join(games, " and "))}
		}}
	for _, g := range games {
		mine.AddCommand(puzzleMiners[g]())
	}
	root.AddCommand(mine)
	return root
}
