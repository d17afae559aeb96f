package outofmine

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/crillab/gophersat/solver"

	"minehall/game"
)

// satPlacements lists every placement of every shape inside the gallery,
// computed independently of the solver: each shape's base cells are turned
// and mirrored here, and placements are kept as sorted cell lists.
func satPlacements(pack *Pack, side *Side) (shapes []int, cells [][]int) {
	seen := map[string]bool{}
	for si := range pack.Shapes {
		base := pack.Shapes[si].Orientations[0].Cells
		var pts [][2]int
		for r := range MaxRows {
			for c := range MaxCols {
				if base.Has(r, c) {
					pts = append(pts, [2]int{r, c})
				}
			}
		}
		for t := range 8 {
			var q [][2]int
			for _, p := range pts {
				r, c := p[0], p[1]
				if t >= 4 {
					c = -c
				}
				for range t % 4 {
					r, c = -c, r
				}
				q = append(q, [2]int{r, c})
			}
			for dr := -8; dr < 8; dr++ {
				for dc := -8; dc < 8; dc++ {
					ok := true
					var list []int
					var key [64]bool
					for _, p := range q {
						r, c := p[0]+dr, p[1]+dc
						if r < 0 || r >= side.Rows || c < 0 || c >= side.Cols || !side.Gallery.Has(r, c) {
							ok = false
							break
						}
						key[r*GridStride+c] = true
					}
					if !ok {
						continue
					}
					for i, k := range key {
						if k {
							list = append(list, i)
						}
					}
					id := fmt.Sprint(si, list)
					if seen[id] {
						continue
					}
					seen[id] = true
					shapes = append(shapes, si)
					cells = append(cells, list)
				}
			}
		}
	}
	return shapes, cells
}

// satProblem encodes card on side as pseudo-boolean constraints for
// gophersat: one variable per placement and, unless exact, one per gallery
// cell left empty; every cell is covered exactly once (or empty); per color
// at most the card's count; per shape at most the box's tiles. It returns
// the problem and the literals of the empty cells.
func satProblem(pack *Pack, side *Side, card *Card, supply *Supply, exact bool) (*solver.Problem, []solver.Lit) {
	shapes, cells := satPlacements(pack, side)
	np := len(shapes)
	cover := map[int][]int{}
	for i, cs := range cells {
		for _, c := range cs {
			cover[c] = append(cover[c], i+1)
		}
	}
	var constrs []solver.PBConstr
	var empty []solver.Lit
	next := np + 1
	for c := range 64 {
		if side.Gallery&(1<<c) == 0 {
			continue
		}
		lits := append([]int(nil), cover[c]...)
		if !exact {
			lits = append(lits, next)
			empty = append(empty, solver.IntToLit(int32(next)))
			next++
		}
		w := make([]int, len(lits))
		for i := range w {
			w[i] = 1
		}
		constrs = append(constrs, solver.Eq(lits, w, 1)...)
	}
	for col := range NumColors {
		var lits []int
		for i, si := range shapes {
			if pack.Shapes[si].Color == col {
				lits = append(lits, i+1)
			}
		}
		if len(lits) > 0 {
			constrs = append(constrs, solver.AtMost(lits, card.Count[col]))
		}
	}
	for si := range pack.Shapes {
		var lits []int
		for i, s := range shapes {
			if s == si {
				lits = append(lits, i+1)
			}
		}
		n := 0
		for e := range NumElements {
			n += supply[si][e]
		}
		if len(lits) > n {
			constrs = append(constrs, solver.AtMost(lits, n))
		}
	}
	return solver.ParsePBConstrs(constrs), empty
}

// satOptimum returns the fewest empty gallery spaces for card on side with
// gophersat: the encoding of satProblem minimising the empty cells.
func satOptimum(pack *Pack, side *Side, card *Card, supply *Supply) int {
	pb, empty := satProblem(pack, side, card, supply, false)
	weights := make([]int, len(empty))
	for i := range weights {
		weights[i] = 1
	}
	pb.SetCostFunc(empty, weights)
	return solver.New(pb).Minimize()
}

// satTilings counts the exact tilings with gophersat as a SAT oracle: solve
// the exact encoding of satProblem, block the tiling found (not all of its
// placements again), and repeat until no model is left. (Its own
// CountModels reports more models than there are on this encoding, for
// example 60 where a plain enumeration of the placements finds 31.)
func satTilings(pack *Pack, side *Side, card *Card, supply *Supply) int {
	pb, _ := satProblem(pack, side, card, supply, true)
	if pb.Status == solver.Unsat {
		return 0
	}
	s := solver.New(pb)
	n := 0
	for s.Solve() == solver.Sat {
		n++
		var block []solver.Lit
		for v, on := range s.Model() {
			if on {
				block = append(block, solver.IntToLit(int32(v+1)).Negation())
			}
		}
		s.AppendClause(solver.NewClause(block))
	}
	return n
}

// TestTilingCountsAgreeWithGophersat counts the exact tilings of a seeded
// sample of pairs with few tilings, and of pairs with none, both ways.
func TestTilingCountsAgreeWithGophersat(t *testing.T) {
	pack := DefaultPack()
	supply := FullSupply(pack)
	var small, none []PairResult
	for _, r := range fullReport().OptimalEmpty {
		switch {
		case r.Tilings == 0:
			none = append(none, r)
		case r.Tilings <= 60:
			small = append(small, r)
		}
	}
	rng := game.NewRand(69)
	rng.Shuffle(len(small), func(i, j int) { small[i], small[j] = small[j], small[i] })
	for _, r := range append(small[:min(8, len(small))], none[:min(3, len(none))]...) {
		bi, _ := pack.BoardByID(r.Board)
		ci, _ := pack.CardByID(r.Card)
		got := satTilings(pack, &pack.Boards[bi].Sides[r.Side[0]-'A'], &pack.Cards[ci], &supply)
		if int64(got) != r.Tilings {
			t.Errorf("board %d side %s card %d: solver counts %d exact tilings; gophersat %d", r.Board, r.Side, r.Card, r.Tilings, got)
		}
	}
}

// TestSolverAgreesWithGophersat checks the solver's optimum against the
// gophersat encoding. By default (the race-detector run) it covers every
// card (each on a seeded side) and every pair without an exact tiling; with
// MINEHALL_CROSSCHECK=all, as .ci/run sets in a run without the race
// detector, it covers all 800 card × side pairs.
func TestSolverAgreesWithGophersat(t *testing.T) {
	pack := DefaultPack()
	supply := FullSupply(pack)
	type pair struct{ side, card int }
	var pairs []pair
	if os.Getenv("MINEHALL_CROSSCHECK") == "all" {
		for side := range NumSides {
			for ci := range pack.Cards {
				pairs = append(pairs, pair{side, ci})
			}
		}
	} else {
		rng := game.NewRand(2014)
		for ci := range pack.Cards {
			pairs = append(pairs, pair{rng.IntN(NumSides), ci})
		}
		// Every pair without an exact tiling is in too: they are the hard ones.
		for _, r := range fullReport().OptimalEmpty {
			if r.Empty > 0 {
				bi, _ := pack.BoardByID(r.Board)
				ci, _ := pack.CardByID(r.Card)
				pairs = append(pairs, pair{2*bi + int(r.Side[0]-'A'), ci})
			}
		}
	}
	if len(pairs) == 800 {
		t.Logf("checking all %d card × side pairs", len(pairs))
	}
	for _, pr := range pairs {
		side := &pack.Boards[pr.side/2].Sides[pr.side%2]
		card := &pack.Cards[pr.card]
		got := NewSideSolver(pack, side).Solve(card, &supply, Objective{}).Empty
		want := satOptimum(pack, side, card, &supply)
		if got != want {
			t.Errorf("board %d side %s card %d: solver says %d empty; gophersat says %d", pack.Boards[pr.side/2].ID, sideName(pr.side%2), card.ID, got, want)
		}
	}
}

// BenchmarkSolveAll solves all 800 card × side pairs, optimum and exact
// tiling count, with the solver and then the optimum with the gophersat
// encoding, in the same run, and fails if they disagree on any pair. It
// reports both times per run and their ratio.
//
//	go test -run '^$' -bench SolveAll -benchtime 3x -cpu 1 ./games/outofmine
func BenchmarkSolveAll(b *testing.B) {
	pack := DefaultPack()
	supply := FullSupply(pack)
	var own, sat time.Duration
	for b.Loop() {
		start := time.Now()
		rep := SolveAll(pack, Objective{})
		own += time.Since(start)
		start = time.Now()
		for i, r := range rep.OptimalEmpty {
			bi, _ := pack.BoardByID(r.Board)
			side := &pack.Boards[bi].Sides[r.Side[0]-'A']
			ci, _ := pack.CardByID(r.Card)
			if want := satOptimum(pack, side, &pack.Cards[ci], &supply); r.Empty != want {
				b.Fatalf("pair %d (board %d side %s card %d): solver says %d empty; gophersat says %d", i, r.Board, r.Side, r.Card, r.Empty, want)
			}
		}
		sat += time.Since(start)
	}
	n := float64(b.N)
	b.ReportMetric(float64(own.Milliseconds())/n, "solver-ms/800pairs")
	b.ReportMetric(float64(sat.Milliseconds())/n, "gophersat-ms/800pairs")
	b.ReportMetric(float64(sat)/float64(own), "speedup")
}
