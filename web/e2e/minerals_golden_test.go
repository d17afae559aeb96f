package e2e

import (
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/minerals"
)

// mineralsPrefer plays Minerals like a person in a hurry: a move of the
// pawn or a card when there is one, tools now and then.
func mineralsPrefer(_ game.State, _ game.Player, move string) int {
	switch {
	case strings.HasPrefix(move, "move "), strings.HasPrefix(move, "take "):
		return 3
	case move == "cut", move == "end", move == "no move", strings.HasPrefix(move, "place "), strings.HasPrefix(move, "remove "):
		return 2
	}
	return 1
}

// mineralsGoldens are Minerals' fixed positions: a 4-player table on the
// person's turn, with their pawn selected so that its destinations are
// marked, and the same table in color-blind mode in German: seat colors
// on the pawns, the player boards and the player list, the values and
// symbols on the hexes.
func mineralsGoldens() []goldenCase {
	reach := func(s game.State, plies int) bool {
		v := s.View(game.Player(0)).(minerals.View)
		return v.Phase == "move" && slices.Contains(s.Actors(nil), 0) && v.Turn >= 16
	}
	base := goldenCase{
		Game: minerals.New(), Players: 4, Seed: 20260101, Options: game.Options{"tools": "ABAAA"},
		Names: []string{"Ann", "Beryl", "Cleo", "Dara"}, Bots: []string{"", "medium", "", "easy"}, You: 0,
		Reach: reach, Prefer: mineralsPrefer,
		Ready:        `document.querySelector('#board .mcard .points') !== null`,
		Prepare:      `document.querySelector('#board .pawn.selectable')?.dispatchEvent(new MouseEvent('click', { bubbles: true }))`,
		PrepareReady: `document.querySelectorAll('#board .hex.legal').length > 0`,
	}
	turn := base
	turn.Name = "minerals-turn"
	cb := base
	cb.Name, cb.ColorBlind, cb.Lang = "minerals-colorblind-de", true, "de"
	return []goldenCase{turn, cb}
}

// TestGoldenMinerals compares Minerals' fixed positions with their golden
// images.
func TestGoldenMinerals(t *testing.T) {
	t.Parallel()
	runGoldens(t, mineralsGoldens())
}
