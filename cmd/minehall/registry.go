package main

import (
	"github.com/spf13/cobra"

	"minehall/game"
	"minehall/games/all"
)

// registry returns the games this binary offers.
func registry() *game.Registry { return all.Registry() }

// extraCommands are the subcommands that need the registry and live in
// their own files (serve, sim, solve).
var extraCommands []func(*game.Registry) *cobra.Command
