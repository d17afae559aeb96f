package tournament

import "time"

// Game is one game of a tournament as the runner records it.
//
// A game is running while Ranks is nil and Aborted is false; finished when
// Ranks is set; aborted when Aborted is set (Ranks is then ignored).
type Game struct {
	// Round is the Swiss round the game belongs to, from 1. It is 0 in an
	// arena.
	Round int `json:"round,omitempty"`
	// Start is when an arena game started; zero in a Swiss event.
	Start time.Time `json:"start,omitzero"`
	// End is when an arena game ended; zero while it runs and in a Swiss
	// event. Arena games are scored in the order they ended (equal ends in
	// slice order).
	End time.Time `json:"end,omitzero"`
	// Players are the entrants' IDs in seat order (first seat first).
	Players []string `json:"players"`
	// Ranks are the final ranks per seat, as the game's final order gives
	// them: 1 is first, and equal ranks are a tie. A rank is one more than
	// the number of players ranked strictly better, so two players tied
	// for first are 1, 1 and the next is 3.
	Ranks []int `json:"ranks,omitempty"`
	// Aborted games ended without a result: nobody scores, they are not
	// counted as played and add nothing to tie-breaks, but the players
	// still count as having met (a Swiss event does not pair them again
	// while it can avoid it).
	Aborted bool `json:"aborted,omitempty"`
	// Forfeit marks a game decided by a forfeit (a player left or did not
	// show). Ranks still say who won, and the game is scored by them like
	// any other; the flag is kept for display.
	Forfeit bool `json:"forfeit,omitempty"`
}

// Running reports whether the game has neither a result nor been aborted.
func (g Game) Running() bool { return g.Ranks == nil && !g.Aborted }

// Finished reports whether the game has a result that scores.
func (g Game) Finished() bool { return g.Ranks != nil && !g.Aborted }

// SwissPoints returns the Swiss points of each seat of a finished game with
// the given ranks: at N players a player ranked r scores (N-r)/(N-1), and
// players tied at a rank share the points of the places they hold (the mean).
// At two players that is 1 for a win, 0.5 for a draw and 0 for a loss. Ranks
// must be valid (see [Game.Ranks]); SwissPoints does not check them.
func SwissPoints(ranks []int) []float64 {
	return nil
}

// ArenaPoints returns the base arena points of each seat of a finished game
// with the given ranks, before any streak doubling: at N players a player
// ranked r scores 2(N-r)/(N-1), tied players share the mean of their places'
// points, and the result is rounded to the nearest integer, halves up. At
// two players that is 2 for a win, 1 for a draw and 0 for a loss. Ranks must
// be valid (see [Game.Ranks]); ArenaPoints does not check them.
func ArenaPoints(ranks []int) []int {
	return nil
}
