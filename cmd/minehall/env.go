package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"minehall/envproto"
	"minehall/game"
)

// newEnvCmd returns `minehall env`: a long-lived environment server for
// learning agents, speaking envproto's line protocol on stdin and stdout.
func newEnvCmd(reg *game.Registry) *cobra.Command {
	var maxSteps int
	var pace time.Duration
	cmd := &cobra.Command{
		Use:   "env [--max-steps N] [--pace 1s]",
		Short: "Serve reinforcement-learning environments of the games on stdin/stdout",
		Long: "Env serves episodes of any game, one after another, to a client such as the Python package in python/:\n" +
			"one JSON request per line on standard input (describe, reset, step, observe, advise), one JSON answer\n" +
			"per line on standard output (docs/env.md). Chance is drawn inside from the episode's seed; real-time\n" +
			"games run on a virtual clock where each step takes --pace. --max-steps truncates an episode after\n" +
			"that many steps (0: no limit). A bad request gets an error answer and changes nothing.",
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if maxSteps < 0 {
				return usageError{fmt.Errorf("--max-steps must be 0 (no limit) or more, not %d", maxSteps)}
			}
			if pace < time.Millisecond {
				return usageError{fmt.Errorf("--pace must be at least 1ms, not %s", pace)}
			}
			srv := envproto.NewServer(reg, envproto.Config{MaxSteps: maxSteps, Pace: pace})
			return srv.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	cmd.Flags().IntVar(&maxSteps, "max-steps", 0, "truncate an episode after this many steps (0: no limit)")
	cmd.Flags().DurationVar(&pace, "pace", envproto.DefaultPace, "virtual time a step takes in a real-time game")
	return cmd
}
