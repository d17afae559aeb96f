package puzzle

import (
	"fmt"

	"minehall/game"
)

// NoRepeatDays is how many days in a row a daily puzzle never repeats: the
// day's puzzle differs from each of the previous NoRepeatDays-1 days'.
const NoRepeatDays = 30

// rotationIndex returns the place, in a pool of n puzzles, of day d's
// puzzle of the family name, a pure function of the date such that no
// NoRepeatDays days in a row share a place (n must be at least
// NoRepeatDays).
//
// A pool of at least 4×NoRepeatDays puzzles is walked in cycles of n days,
// each cycle a shuffle of the pool seeded by its number; the first
// NoRepeatDays places of a cycle are then cleared of the puzzles that the
// previous cycle's shuffle ends with, each swapped with the first puzzle
// after them that it does not end with (never one of the cycle's own last
// NoRepeatDays places, so that a cycle ends as its shuffle does and the
// next cycle needs nothing but that shuffle). A smaller pool is walked in
// one fixed shuffle, repeating every n days.
func rotationIndex(d Day, n int, name string) int {
	if n < NoRepeatDays {
		panic(fmt.Sprintf("puzzle: a daily rotation of %d %s puzzles cannot go %d days without a repeat", n, name, NoRepeatDays))
	}
	if n < 4*NoRepeatDays {
		return cycleShuffle(0, n, name)[mod(int(d), n)]
	}
	cycle := floorDiv(int(d), n)
	order := cycleShuffle(cycle, n, name)
	prev := cycleShuffle(cycle-1, n, name)
	ended := make(map[int]bool, NoRepeatDays)
	for _, p := range prev[n-NoRepeatDays:] {
		ended[p] = true
	}
	j := NoRepeatDays
	for i := range NoRepeatDays {
		if !ended[order[i]] {
			continue
		}
		for ended[order[j]] {
			j++
		}
		order[i], order[j] = order[j], order[i]
		j++
	}
	return order[mod(int(d), n)]
}

// cycleShuffle is the shuffle of n places for cycle c of the family name.
func cycleShuffle(c, n int, name string) []int {
	rng := game.NewRand(Day(c).Seed(name + " rotation"))
	return rng.Perm(n)
}

func mod(a, n int) int { return ((a % n) + n) % n }

func floorDiv(a, n int) int {
	q := a / n
	if a%n != 0 && (a < 0) != (n < 0) {
		q--
	}
	return q
}
