package tournament

import (
	"time"

	"minehall/game"
)

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
	pts := make([]float64, len(ranks))
	for i := range ranks {
		num, den := placePoints(ranks, i)
		pts[i] = float64(num) / float64(2*den)
	}
	return pts
}

// ArenaPoints returns the base arena points of each seat of a finished game
// with the given ranks, before any streak doubling: at N players a player
// ranked r scores 2(N-r)/(N-1), tied players share the mean of their places'
// points, and the result is rounded to the nearest integer, halves up. At
// two players that is 2 for a win, 1 for a draw and 0 for a loss. Ranks must
// be valid (see [Game.Ranks]); ArenaPoints does not check them.
func ArenaPoints(ranks []int) []int {
	pts := make([]int, len(ranks))
	for i := range ranks {
		num, den := placePoints(ranks, i)
		// num/den arena points, rounded half up.
		pts[i] = (2*num + den) / (2 * den)
	}
	return pts
}

// placePoints returns seat i's share of places as the fraction num/(2·den)
// of a Swiss point, which is also num/den arena points: tied at rank r with
// c players in all at a table of n, it holds places r to r+c-1, worth
// (n-r-(c-1)/2)/(n-1) = (2n-2r-c+1)/(2(n-1)).
func placePoints(ranks []int, i int) (num, den int) {
	n := len(ranks)
	if n < 2 {
		return 1, 1
	}
	r, c := ranks[i], 0
	for _, x := range ranks {
		if x == r {
			c++
		}
	}
	return 2*n - 2*r - c + 1, n - 1
}

// wins reports whether seat i is the sole first of ranks.
func wins(ranks []int, i int) bool {
	if ranks[i] != 1 {
		return false
	}
	for j, r := range ranks {
		if j != i && r == 1 {
			return false
		}
	}
	return true
}

// versus returns seat i's result against seat j: 1 ranked better, 0.5 tied,
// 0 ranked worse.
func versus(ranks []int, i, j int) float64 {
	switch {
	case ranks[i] < ranks[j]:
		return 1
	case ranks[i] == ranks[j]:
		return 0.5
	}
	return 0
}

// checkGame refuses a game that names a non-entrant or one entrant twice,
// has other than size players, or has ranks of the wrong length or that are
// not ranks. what names the game in messages.
func checkGame(g Game, f field, size int, what string) error {
	if len(g.Players) != size {
		return game.Errorf(game.CodeInvalid, "%s has %d players; want %d", what, len(g.Players), size)
	}
	for i, id := range g.Players {
		if _, ok := f[id]; !ok {
			return game.Errorf(game.CodeInvalid, "%s names %q, who is not an entrant", what, id)
		}
		for _, other := range g.Players[:i] {
			if other == id {
				return game.Errorf(game.CodeInvalid, "%s seats %q twice", what, id)
			}
		}
	}
	if g.Ranks == nil || g.Aborted {
		return nil
	}
	if len(g.Ranks) != len(g.Players) {
		return game.Errorf(game.CodeInvalid, "%s has %d ranks for %d players", what, len(g.Ranks), len(g.Players))
	}
	for i, r := range g.Ranks {
		better := 0
		for _, x := range g.Ranks {
			if x < r {
				better++
			}
		}
		if r != better+1 {
			return game.Errorf(game.CodeInvalid, "%s ranks seat %d %d, but %d players rank better: want rank %d", what, i+1, r, better, better+1)
		}
	}
	return nil
}
