package outofmine

import "slices"

// available is the supply plus p's own tiles (board and hand).
func (s *State) available(p int) Supply {
	var sup Supply
	for t, w := range s.where {
		if w == inSupply || w == handBase+int8(p) || w == boardBase+int8(p) {
			tl := &s.pack.Tiles[t]
			sup[tl.Shape][tl.Element]++
		}
	}
	return sup
}

// makePlan plans p's board with the level's planner.
func (b *Bot) makePlan(s *State, p int) {
	side, card := s.sideOf(p), s.cardOf(p)
	sup := s.available(p)
	b.plan = b.plan[:0:0]
	var ps []Placement
	switch b.level.Planner {
	case PlanScatter:
		ps = b.scatterPlan(s.pack, side, card, &sup)
	case PlanGreedy:
		ps = b.bestGreedyPlan(s.pack, side, card, &sup)
	case PlanSolver:
		ps = NewSideSolver(s.pack, side).Plan(card, &sup, b.objective(s)).Placements
	default:
		ps = b.keepingPlan(s, p, &sup)
	}
	for _, pl := range ps {
		sh := &s.pack.Shapes[pl.Shape]
		o := sh.Orientations[pl.Orient]
		cell := pl.Row*GridStride + pl.Col
		b.plan = append(b.plan, planned{shape: pl.Shape, sym: o.Symbol, cell: cell, cells: o.Cells << cell})
	}
	// Big tiles first: they cover the most in the time a round may last.
	// The solver's planner lays them in its order instead, along the
	// gallery from its first cell, as a person fills a board they planned;
	// the expert lays the scarcer of equal sizes first (the supply's fewest
	// tiles of the shape), before another player takes them.
	switch b.level.Planner {
	case PlanSolver:
	case PlanExpert:
		left := func(shape int) int {
			n := 0
			for el := range NumElements {
				n += int(s.supply[shape*int(NumElements)+int(el)])
			}
			return n
		}
		slices.SortStableFunc(b.plan, func(x, y planned) int {
			if d := y.cells.Count() - x.cells.Count(); d != 0 {
				return d
			}
			return left(x.shape) - left(y.shape)
		})
	default:
		slices.SortStableFunc(b.plan, func(x, y planned) int { return y.cells.Count() - x.cells.Count() })
	}
}

// objective is what the level's solver counts besides empty spaces.
func (b *Bot) objective(s *State) Objective {
	if !b.level.Bonus {
		return Objective{}
	}
	return Objective{Elves: s.opts.Elves, Finds: s.opts.Finds}
}

// keepingPlan is the expert's plan: the tiles p has laid where they may
// stay (in the gallery, of the card's colours within its counts) kept, and
// the rest of the gallery solved with what is left; a plan from scratch
// only when it leaves fewer spaces empty, since every tile moved is an
// action more.
func (b *Bot) keepingPlan(s *State, p int, sup *Supply) []Placement {
	side, card := s.sideOf(p), s.cardOf(p)
	obj := b.objective(s)
	full := NewSideSolver(s.pack, side).Plan(card, sup, obj)
	var kept []Placement
	rest := *side
	left := *card
	free := s.availableFree(p)
	for t, w := range s.where {
		if w != boardBase+int8(p) {
			continue
		}
		tl := &s.pack.Tiles[t]
		c := s.tileCells(t, s.spots[t])
		if c&^rest.Gallery != 0 || left.Count[tl.Color] == 0 {
			continue
		}
		sh := &s.pack.Shapes[tl.Shape]
		oi := int(sh.BySymbol[s.spots[t].Sym])
		cell := int(s.spots[t].Cell)
		kept = append(kept, Placement{Shape: tl.Shape, Orient: oi, Row: cell / GridStride, Col: cell % GridStride})
		rest.Gallery &^= c
		left.Count[tl.Color]--
	}
	if len(kept) == 0 {
		return full.Placements
	}
	part := NewSideSolver(s.pack, &rest).Plan(&left, &free, obj)
	if part.Empty > full.Empty {
		return full.Placements
	}
	return append(kept, part.Placements...)
}

// availableFree is the supply plus the tile in p's hand: what p may still
// take, leaving its board as it is.
func (s *State) availableFree(p int) Supply {
	var sup Supply
	for t, w := range s.where {
		if w == inSupply || w == handBase+int8(p) {
			tl := &s.pack.Tiles[t]
			sup[tl.Shape][tl.Element]++
		}
	}
	return sup
}

// bestGreedyPlan draws the level's Tries greedy tilings and keeps the one
// that covers the most gallery spaces (the first of those).
func (b *Bot) bestGreedyPlan(pack *Pack, side *Side, card *Card, sup *Supply) []Placement {
	var best []Placement
	bestCells := -1
	for range max(1, b.level.Tries) {
		ps := b.greedyPlan(pack, side, card, sup)
		n := 0
		for _, pl := range ps {
			n += pack.Shapes[pl.Shape].Size()
		}
		if n > bestCells {
			best, bestCells = ps, n
		}
		if n == side.Gallery.Count() {
			break
		}
	}
	return best
}

// greedyPlan fills the gallery as a hurried person would: open cells in
// random order, the first shape of the card that fits there.
func (b *Bot) greedyPlan(pack *Pack, side *Side, card *Card, sup *Supply) []Placement {
	left := card.Count
	var shapeLeft [NumShapes]int
	for si := range pack.Shapes {
		for e := range NumElements {
			shapeLeft[si] += sup[si][e]
		}
	}
	var cells []int
	for c := range 64 {
		if side.Gallery&(1<<c) != 0 {
			cells = append(cells, c)
		}
	}
	b.rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	order := b.rng.Perm(len(pack.Shapes))
	slices.SortStableFunc(order, func(x, y int) int { return pack.Shapes[y].Size() - pack.Shapes[x].Size() })
	var covered CellSet
	var out []Placement
	for _, c := range cells {
		if covered&(1<<c) != 0 {
			continue
		}
	shapes:
		for _, si := range order {
			sh := &pack.Shapes[si]
			if left[sh.Color] == 0 || shapeLeft[si] == 0 {
				continue
			}
			for oi, o := range sh.Orientations {
				for r := 0; r+o.Rows <= side.Rows; r++ {
					for col := 0; col+o.Cols <= side.Cols; col++ {
						m := o.Cells << (r*GridStride + col)
						if m&(1<<c) == 0 || m&covered != 0 || m&^side.Gallery != 0 {
							continue
						}
						covered |= m
						left[sh.Color]--
						shapeLeft[si]--
						out = append(out, Placement{Shape: si, Orient: oi, Row: r, Col: col})
						break shapes
					}
				}
			}
		}
	}
	return out
}

// scatterPlan lays the card's tiles one at a time, each at a placement
// drawn uniformly among all placements (any shape of the card with a tile
// left, any orientation, any position) that fit the open gallery, until
// none fits. It plans nothing ahead, so it leaves holes a planner would
// not: the ladder's baseline.
func (b *Bot) scatterPlan(pack *Pack, side *Side, card *Card, sup *Supply) []Placement {
	left := card.Count
	var shapeLeft [NumShapes]int
	for si := range pack.Shapes {
		for e := range NumElements {
			shapeLeft[si] += sup[si][e]
		}
	}
	var covered CellSet
	var out, fits []Placement
	for {
		fits = fits[:0]
		for si := range pack.Shapes {
			sh := &pack.Shapes[si]
			if left[sh.Color] == 0 || shapeLeft[si] == 0 {
				continue
			}
			for oi, o := range sh.Orientations {
				for r := 0; r+o.Rows <= side.Rows; r++ {
					for col := 0; col+o.Cols <= side.Cols; col++ {
						m := o.Cells << (r*GridStride + col)
						if m&covered == 0 && m&^side.Gallery == 0 {
							fits = append(fits, Placement{Shape: si, Orient: oi, Row: r, Col: col})
						}
					}
				}
			}
		}
		if len(fits) == 0 {
			return out
		}
		pl := fits[b.rng.IntN(len(fits))]
		sh := &pack.Shapes[pl.Shape]
		covered |= sh.Orientations[pl.Orient].Cells << (pl.Row*GridStride + pl.Col)
		left[sh.Color]--
		shapeLeft[pl.Shape]--
		out = append(out, pl)
	}
}
