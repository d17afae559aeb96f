package main

import (
	"github.com/spf13/cobra"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
)

// registry returns the games this binary offers.
func registry() *game.Registry {
	var reg game.Registry
	reg.Register(hammertime.New())
	reg.Register(minerals.New())
	reg.Register(outofmine.New())
	reg.Register(tf22.New())
	return &reg
}

// extraCommands are the subcommands that need the registry and live in
// their own files (serve, sim, solve).
var extraCommands []func(*game.Registry) *cobra.Command
