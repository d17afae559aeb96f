package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"minehall/game"
)

func newReplayCmd(reg *game.Registry) *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a game record; with --check, verify its final state hash",
		Long:  "Replay re-runs every action of a game record through the rules and prints the game move by move.\nWith --check it prints only a verdict, and exits non-zero unless the replay reaches the recorded final state and result.",
		Args:  exactArgs(1, "one record file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			rec, err := game.ReadRecordFile(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if check {
				s, err := game.Verify(reg, rec)
				if err != nil {
					return fmt.Errorf("%s: %v", args[0], err)
				}
				state := "unfinished"
				if s.Terminal() {
					state = "finished"
				}
				fmt.Fprintf(out, "ok: %s, %d players, %d actions, %s, hash %s\n", rec.Game, rec.Players, len(rec.Actions), state, rec.Hash)
				return nil
			}
			s, err := game.Replay(reg, rec)
			if err != nil {
				return fmt.Errorf("%s: %v", args[0], err)
			}
			fmt.Fprintf(out, "%s, %d players, options %s\n", rec.Game, rec.Players, formatOptions(rec.Options))
			for i, a := range rec.Actions {
				fmt.Fprintf(out, "%5d %9.3fs %-9s %s\n", i+1, float64(a.Ms)/1000, a.Player, a.Move)
			}
			if s.Terminal() {
				r := game.ResultOf(s)
				fmt.Fprintf(out, "result: scores %v, winners %v\n", r.Scores, r.Winners)
			} else {
				fmt.Fprintln(out, "result: the game is not finished")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "verify the final state hash and result; print only the verdict")
	return cmd
}

func formatOptions(o game.Options) string {
	if len(o) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + o[k]
	}
	return strings.Join(parts, " ")
}
