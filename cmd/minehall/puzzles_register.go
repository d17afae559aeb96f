package main

import (
	"github.com/spf13/cobra"

	"minehall/game"
)

func init() {
	extraCommands = append(extraCommands, func(*game.Registry) *cobra.Command { return newPuzzlesCmd() })
}
