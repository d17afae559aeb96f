package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"minehall/game"
)

func newGamesCmd(reg *game.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games, their player counts and options",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			specs := make([]game.Spec, 0)
			for _, g := range reg.Games() {
				specs = append(specs, g.Spec())
			}
			if asJSON {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(specs)
			}
			if len(specs) == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "no games")
				return nil
			}
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "ID\tTITLE\tPLAYERS\tOPTIONS (default)")
			for _, s := range specs {
				opts := make([]string, len(s.Options))
				for i, o := range s.Options {
					opts[i] = o.Key + "=" + o.Default
				}
				fmt.Fprintf(w, "%s\t%s\t%d-%d\t%s\n", s.ID, s.Title, s.MinPlayers, s.MaxPlayers, strings.Join(opts, " "))
			}
			return w.Flush()
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON array of game specs")
	return cmd
}
