package outofmine

import (
	"math/bits"
	"slices"
)

// Placement is a tile shape lying on a board: orientation index Orient of
// the shape's distinct orientations, its bounding box's top-left cell at
// (Row, Col).
type Placement struct {
	Shape  int `json:"shape"`
	Orient int `json:"orient"`
	Row    int `json:"row"`
	Col    int `json:"col"`
}

// Cells returns the cells p covers in pack's geometry.
func (p Placement) Cells(pack *Pack) CellSet {
	return pack.Shapes[p.Shape].Orientations[p.Orient].Cells << (p.Row*GridStride + p.Col)
}

// Supply is how many tiles of each shape and element are available to a
// solver: Supply[shape][element].
type Supply [NumShapes][NumElements]int

// FullSupply returns the whole box as a Supply.
func FullSupply(pack *Pack) Supply {
	var s Supply
	for _, t := range pack.Tiles {
		s[t.Shape][t.Element]++
	}
	return s
}

// Solution is the solver's answer for one board side and card.
type Solution struct {
	// Empty is the fewest gallery spaces any correct placement leaves empty.
	Empty int
	// Bonus is the best elves plus finds score among placements with Empty
	// empty spaces (0 when neither variant is asked for).
	Bonus int
	// Tilings is the number of exact tilings: ways to cover every gallery
	// space with exactly the card's tiles, tiles of one shape being
	// interchangeable. It is 0 when Empty > 0.
	Tilings int64
	// Best is the number of placements reaching Empty and Bonus, counted
	// as Tilings counts (0 when Empty > 0 and no bonus is asked for, as
	// the search then stops at the first).
	Best int64
	// Placements is one placement reaching Empty and Bonus; Elements gives
	// the element of the tile to use for each placement (finds variant).
	Placements []Placement
	Elements   []Element
}

// Objective says what the solver counts besides empty spaces.
type Objective struct {
	Elves bool // count the elves bonus (variant A)
	Finds bool // count the finds score (variant B)
}

// SideSolver solves one board side for any card; it holds the side's
// candidate placements. It is not safe for concurrent use.
type SideSolver struct {
	pack    *Pack
	side    *Side
	cands   [64][]candidate // by lowest cell
	hasFit  [NumShapes]bool
	elfCell [NumColors]CellSet

	// search state
	colorLeft [NumColors]int
	shapeLeft [NumShapes]int
	used      [NumShapes]int
	findsBest [NumShapes][]int // prefix sums of the best element values
	obj       Objective
	path      []candidate
	best      Solution
	bestSet   bool
	count     int64
	countBest int64
	countAll  bool
}

type candidate struct {
	mask   CellSet
	shape  int8
	color  Color
	orient int8
	row    int8
	col    int8
	elves  int8
}

// NewSideSolver prepares a solver for side of pack.
func NewSideSolver(pack *Pack, side *Side) *SideSolver {
	s := &SideSolver{pack: pack, side: side}
	for _, e := range side.Elves {
		s.elfCell[e.Color] |= Cell(e.Row, e.Col)
	}
	for si := range pack.Shapes {
		sh := &pack.Shapes[si]
		for oi, o := range sh.Orientations {
			for r := 0; r+o.Rows <= side.Rows; r++ {
				for c := 0; c+o.Cols <= side.Cols; c++ {
					m := o.Cells << (r*GridStride + c)
					if m&^side.Gallery != 0 {
						continue
					}
					low := bits.TrailingZeros64(uint64(m))
					s.cands[low] = append(s.cands[low], candidate{
						mask: m, shape: int8(si), color: sh.Color, orient: int8(oi), row: int8(r), col: int8(c),
						elves: int8((m & s.elfCell[sh.Color]).Count()),
					})
					s.hasFit[si] = true
				}
			}
		}
	}
	return s
}

// Solve returns the fewest empty spaces for card with the tiles of supply,
// the best bonus under obj among those, one such placement, and the number
// of exact tilings.
func (s *SideSolver) Solve(card *Card, supply *Supply, obj Objective) Solution {
	return s.solve(card, supply, obj, true)
}

// Plan is Solve without counting the exact tilings: it stops at the first
// best placement unless obj asks for a bonus. Tilings is 0 or 1.
func (s *SideSolver) Plan(card *Card, supply *Supply, obj Objective) Solution {
	return s.solve(card, supply, obj, false)
}

func (s *SideSolver) solve(card *Card, supply *Supply, obj Objective, count bool) Solution {
	s.obj = obj
	s.colorLeft = card.Count
	s.used = [NumShapes]int{}
	for si := range s.pack.Shapes {
		n := 0
		for e := range NumElements {
			n += supply[si][e]
		}
		if !s.hasFit[si] {
			n = 0
		}
		s.shapeLeft[si] = n
		// Best element values first, for the finds score.
		vals := s.findsBest[si][:0]
		for e := range NumElements {
			for range supply[si][e] {
				v := 0
				if obj.Finds {
					v = card.Finds[e]
				}
				vals = append(vals, v)
			}
		}
		slices.SortFunc(vals, func(a, b int) int { return b - a })
		sum := 0
		for i, v := range vals {
			sum += v
			vals[i] = sum
		}
		s.findsBest[si] = vals
	}
	gallery := s.side.Gallery
	// Every tile placed lowers the capacity by its size and covers as many
	// cells, so the bound "open cells - skips left <= capacity" holds
	// throughout a search exactly when it holds at the root.
	for skips := max(0, gallery.Count()-s.capacity()); skips <= gallery.Count(); skips++ {
		s.bestSet = false
		s.count = 0
		s.countBest = 0
		s.countAll = skips == 0 && count || obj.Elves || obj.Finds
		s.path = s.path[:0]
		s.search(0, skips, 0)
		if s.bestSet {
			sol := s.best
			sol.Empty = skips
			if skips == 0 && count {
				sol.Tilings = s.count
			}
			if s.countAll {
				sol.Best = s.countBest
			}
			sol.Placements = slices.Clone(sol.Placements)
			sol.Elements = s.elementsFor(card, supply, sol.Placements)
			return sol
		}
	}
	return Solution{Empty: gallery.Count()}
}

// capacity is the most cells the tiles still allowed can cover.
func (s *SideSolver) capacity() int {
	var perColor [NumColors]int
	for si := range s.pack.Shapes {
		perColor[s.pack.Shapes[si].Color] += s.shapeLeft[si]
	}
	n := 0
	for c := range NumColors {
		n += min(perColor[c], s.colorLeft[c]) * Color(c).Size()
	}
	return n
}

// search fills the lowest open gallery cell with every fitting candidate,
// or leaves it empty while skips remain. It returns true to stop.
func (s *SideSolver) search(covered CellSet, skips int, elves int) bool {
	rem := s.side.Gallery &^ covered
	if rem == 0 {
		return s.leaf(elves)
	}
	low := bits.TrailingZeros64(uint64(rem))
	for _, c := range s.cands[low] {
		if c.mask&covered != 0 || s.colorLeft[c.color] == 0 || s.shapeLeft[c.shape] == 0 {
			continue
		}
		s.colorLeft[c.color]--
		s.shapeLeft[c.shape]--
		s.used[c.shape]++
		s.path = append(s.path, c)
		stop := s.search(covered|c.mask, skips, elves+int(c.elves))
		s.path = s.path[:len(s.path)-1]
		s.used[c.shape]--
		s.shapeLeft[c.shape]++
		s.colorLeft[c.color]++
		if stop {
			return true
		}
	}
	if skips > 0 {
		return s.search(covered|1<<low, skips-1, elves)
	}
	return false
}

func (s *SideSolver) leaf(elves int) bool {
	s.count++
	bonus := 0
	if s.obj.Elves {
		bonus += elves
	}
	if s.obj.Finds {
		for si, n := range s.used {
			if n > 0 {
				bonus += s.findsBest[si][n-1]
			}
		}
	}
	if s.bestSet && bonus == s.best.Bonus {
		s.countBest++
	}
	if !s.bestSet || bonus > s.best.Bonus {
		s.countBest = 1
		s.bestSet = true
		s.best.Bonus = bonus
		s.best.Placements = s.best.Placements[:0]
		for _, c := range s.path {
			s.best.Placements = append(s.best.Placements, Placement{Shape: int(c.shape), Orient: int(c.orient), Row: int(c.row), Col: int(c.col)})
		}
	}
	return !s.countAll
}

// elementsFor picks, for each placement, the element of the tile to use:
// per shape the best values of the card first.
func (s *SideSolver) elementsFor(card *Card, supply *Supply, ps []Placement) []Element {
	left := *supply
	out := make([]Element, len(ps))
	for i, p := range ps {
		best := Element(-1)
		for e := range NumElements {
			if left[p.Shape][e] == 0 {
				continue
			}
			if best < 0 || s.obj.Finds && card.Finds[e] > card.Finds[best] {
				best = Element(e)
			}
		}
		if best >= 0 {
			left[p.Shape][best]--
			out[i] = best
		}
	}
	return out
}
