package outofmine

import (
	"sync"
	"testing"
)

// fullReport is SolveAll of the embedded pack, computed once for the tests
// that read it.
var fullReport = sync.OnceValue(func() *Report { return SolveAll(DefaultPack(), Objective{}) })

// TestPackMeetsRulings proves with the solver that every card tiles at
// least 16 of the 20 board sides exactly, as RULINGS.md requires.
func TestPackMeetsRulings(t *testing.T) {
	rep := fullReport()
	if rep.Pairs != NumCards*NumSides {
		t.Fatalf("got %d pairs; want %d", rep.Pairs, NumCards*NumSides)
	}
	for _, c := range rep.PerCard {
		if c.ExactSides < 16 {
			t.Errorf("card %d tiles %d sides exactly; want at least 16", c.Card, c.ExactSides)
		}
	}
	t.Logf("%d of %d pairs exact, %.1f ms", rep.ExactPairs, rep.Pairs, rep.ElapsedMS)
}

// BenchmarkSolver solves all 800 pairs with the solver alone.
//
//	go test -run '^$' -bench 'Solver$' -cpu 1 ./games/outofmine
func BenchmarkSolver(b *testing.B) {
	pack := DefaultPack()
	for b.Loop() {
		SolveAll(pack, Objective{})
	}
}
