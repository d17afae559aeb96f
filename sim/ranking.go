package sim

import "cmp"

// FinalRanks returns each seat's place in a finished game (1 for the
// first, seats level sharing a place), in the order the end screen shows
// them: the winners first (by return, which carries the rulebook's
// tie-break: a game's returns single out the winner of a tied score), then
// by score, so that every seat is placed, not only the winner. scores and
// returns are by seat and of the same length.
func FinalRanks(scores, returns []float64) []int {
	ranks := make([]int, len(returns))
	for p := range returns {
		ranks[p] = 1
		for q := range returns {
			if compareFinish(scores, returns, q, p) > 0 {
				ranks[p]++
			}
		}
	}
	return ranks
}

// compareFinish compares the finishes of seats p and q: positive when p
// finished ahead of q, negative when behind, 0 when level.
func compareFinish(scores, returns []float64, p, q int) int {
	return cmp.Or(cmp.Compare(returns[p], returns[q]), cmp.Compare(at64(scores, p), at64(scores, q)))
}

func at64(xs []float64, i int) float64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}
