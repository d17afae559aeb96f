package minerals

import (
	"testing"

	"minehall/game"
)

// randomSet returns a set holding each hex with probability num/8.
func randomSet(rng *game.Rand, num int) CellSet {
	var s CellSet
	for i := range NumCells {
		if rng.IntN(8) < num {
			s.Add(Cell(i))
		}
	}
	return s
}

// TestSetOperationsMatchNeighbourTables checks the word-parallel set
// operations against the neighbour tables, hex by hex, on random sets.
func TestSetOperationsMatchNeighbourTables(t *testing.T) {
	rng := game.NewRand(3)
	for i := range 200 {
		s := randomSet(&rng, 1+i%7)
		var dil, two CellSet
		for i := range NumCells {
			c := Cell(i)
			n := 0
			for _, nb := range neighbour[c] {
				if nb != noCell && s.Has(Cell(nb)) {
					n++
				}
			}
			if s.Has(c) || n > 0 {
				dil.Add(c)
			}
			if n >= 2 {
				two.Add(c)
			}
		}
		if got := s.dilate(); got != dil {
			t.Fatalf("set %d: dilate %v; want %v", i, got.AppendCells(nil), dil.AppendCells(nil))
		}
		var multi CellSet
		for i := range NumCells {
			if ringArcs[s.ringMask(Cell(i))] >= 2 {
				multi.Add(Cell(i))
			}
		}
		if got := s.multiArc(); got != multi {
			t.Fatalf("set %d: multiArc %v; want %v", i, got.AppendCells(nil), multi.AppendCells(nil))
		}
		if got := s.touchingTwo(); got != two {
			t.Fatalf("set %d: touchingTwo %v; want %v", i, got.AppendCells(nil), two.AppendCells(nil))
		}
		if s.Empty() {
			continue
		}
		start := s.First()
		want := bfs(&s, start)
		if got := s.component(start); got != want {
			t.Fatalf("set %d: component of %s has %d hexes; want %d", i, start, got.Len(), want.Len())
		}
	}
}

// bfs is the component of start in s by a walk over the neighbour table.
func bfs(s *CellSet, start Cell) CellSet {
	var seen CellSet
	queue := []Cell{start}
	seen.Add(start)
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, nb := range neighbour[c] {
			if nb != noCell && s.Has(Cell(nb)) && !seen.Has(Cell(nb)) {
				seen.Add(Cell(nb))
				queue = append(queue, Cell(nb))
			}
		}
	}
	return seen
}

// TestKeepsUndividedMatchesCutVertices compares the set-up removal check
// with Tarjan's cut vertices on boards (presets and random) with random
// hexes taken out.
func TestKeepsUndividedMatchesCutVertices(t *testing.T) {
	rng := game.NewRand(5)
	pack := DefaultPack()
	for i := range 40 {
		var l Layout
		if i%4 == 0 {
			l = pack.Boards[i/4%len(pack.Boards)]
		} else {
			l = GenerateLayout(&rng)
		}
		s := &State{}
		for c, v := range l.deal(&rng) {
			s.setMineral(Cell(c), v)
		}
		for range i % 20 {
			cells := s.minerals.AppendCells(nil)
			s.setMineral(cells[rng.IntN(len(cells))], 0)
		}
		cut := articulation(&s.minerals)
		for _, c := range s.minerals.AppendCells(nil) {
			if got, want := s.keepsUndivided(c), !cut.Has(c); got != want {
				t.Fatalf("board %d, hex %s: keepsUndivided %v; want %v", i, c, got, want)
			}
		}
	}
}
