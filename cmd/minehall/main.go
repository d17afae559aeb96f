// Command minehall is the one binary of Minehall: it serves the web page
// where people play the four mining games, runs batch self-play for
// designers, seats external agents at tables, solves Out of Mine boards,
// replays and reviews game records, and backs the SQLite database up.
//
//	minehall serve [--addr 127.0.0.1:8080] [--db sqlite:minehall.db] [flags]
//	minehall backup FILE [--db sqlite:minehall.db]
//	minehall games [--json]
//	minehall sim GAME [flags]
//	minehall agent URL --table ID [flags] -- COMMAND [ARG]...
//	minehall solve outofmine [flags]
//	minehall puzzles mine minerals [--games N] [--seed S] [--out FILE]
//	minehall puzzles mine tf22 --seed S --count N [--out DIR]
//	minehall replay FILE [--check]
//	minehall review FILE [--budget N] [--seed S]
//	minehall version
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"minehall/game"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, registry(), os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line args with the games of reg and returns the
// exit status: 0 on success, 1 when the command failed, 2 for a usage
// error.
func run(ctx context.Context, reg *game.Registry, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(reg)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "minehall: %v\n", err)
	if _, isUsage := err.(usageError); isUsage || cmd == root || !cmd.Runnable() {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return 2
	}
	return 1
}

// usageError marks an error in how a command was called.
type usageError struct{ error }

func newRootCmd(reg *game.Registry) *cobra.Command {
	root := &cobra.Command{
		Use:           "minehall",
		Short:         "Minehall: play Out of Mine, Minerals, TF22 Mine and Hammer Time",
		Long:          "Minehall is the digital home of four mining board games: Out of Mine, Minerals, TF22 Mine and Hau Weg! (Hammer Time).\nIt serves a web page for playing them with friends and bots, runs self-play for designers, and replays game records.",
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return flagError(err) })
	root.AddCommand(newGamesCmd(reg), newReplayCmd(reg), newVersionCmd())
	for _, extra := range extraCommands {
		root.AddCommand(extra(reg))
	}
	return root
}

// exactArgs is cobra.ExactArgs with a usage error.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usageError{fmt.Errorf("%s takes %s, got %d arguments", cmd.CommandPath(), what, len(args))}
		}
		return nil
	}
}
