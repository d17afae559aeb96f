//go:build race

package puzzle_test

import (
	"testing"

	"minehall/puzzle"
)

// Under the race detector the deep search is too slow for the whole set:
// a sample of 10, spread over it, re-verifies (the whole set in the
// non-race build, minerals_verify_test.go).
func TestMineralsSampleReverifies(t *testing.T) {
	ps := puzzle.MineralsPuzzles()
	var sample []*puzzle.MineralsPuzzle
	for i := range 10 {
		sample = append(sample, ps[i*len(ps)/10])
	}
	reverify(t, sample)
}
