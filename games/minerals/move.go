package minerals

// Moves. The pawn of the current player stands on origin; for a move its
// mineral is lifted first, so origin counts as an empty hex on the way. A
// path may cross one empty hex at a time (a crevice or a notch in the edge),
// never two in a row, and hexes with pawns; it may not leave the grid; it
// ends on a mineral without a pawn. Every crossed hex counts toward the
// distance.

// step is one hex further along a path: whether it is on the grid, its
// cell, and whether it is empty (origin counts as empty).
func (s *State) step(c Cell, d Direction, origin Cell) (next Cell, ok, empty bool) {
	nb := neighbour[c][d]
	if nb == noCell {
		return 0, false, false
	}
	next = Cell(nb)
	return next, true, next == origin || s.board[next] == 0
}

// endsHere reports whether a path may end on c: a mineral without a pawn.
func (s *State) endsHere(c Cell, origin Cell) bool {
	return c != origin && s.board[c] != 0 && s.pawnAt(c) < 0
}

// plainTargets adds to dst the hexes a correct move from origin reaches,
// moving exactly dist hexes in a straight line.
func (s *State) plainTargets(origin Cell, dist int, dst *CellSet) {
	for d := range numDirections {
		c, gaps := origin, 0
		for k := 1; k <= dist; k++ {
			next, ok, empty := s.step(c, d, origin)
			if !ok {
				break
			}
			c = next
			if empty {
				gaps++
				if gaps > 1 || k == dist {
					break
				}
				continue
			}
			gaps = 0
			if k == dist && s.endsHere(c, origin) {
				dst.Add(c)
			}
		}
	}
}

// ropeTargets adds the hexes reached with the Rope: a straight line of
// exactly dist hexes where empty runs of any length may be crossed, not
// counting those a plain move reaches.
func (s *State) ropeTargets(origin Cell, dist int, plain *CellSet, dst *CellSet) {
	for d := range numDirections {
		c := origin
		ok := true
		for k := 1; k <= dist && ok; k++ {
			c, ok, _ = s.step(c, d, origin)
		}
		if ok && s.endsHere(c, origin) && !plain.Has(c) {
			dst.Add(c)
		}
	}
}

// compassTargets adds the hexes reached with the Compass: a straight line
// of 1 to dist-1 hexes, by the crossing rules, ending on a free mineral
// whose next hex in that direction is empty, off the grid or a pawn's.
func (s *State) compassTargets(origin Cell, dist int, dst *CellSet) {
	for d := range numDirections {
		c, gaps := origin, 0
		for k := 1; k < dist; k++ {
			next, ok, empty := s.step(c, d, origin)
			if !ok {
				break
			}
			c = next
			if empty {
				gaps++
				if gaps > 1 {
					break
				}
				continue
			}
			gaps = 0
			if !s.endsHere(c, origin) {
				continue
			}
			after, ok, emptyAfter := s.step(c, d, origin)
			if !ok || emptyAfter || s.pawnAt(after) >= 0 {
				dst.Add(c)
			}
		}
	}
}

// mapTargets adds the hexes reached with the Map: exactly dist hexes by the
// crossing rules, changing direction once (turning back included) on an
// empty hex or a pawn's hex, not counting those a plain move reaches.
func (s *State) mapTargets(origin Cell, dist int, plain *CellSet, dst *CellSet) {
	for d := range numDirections {
		c, gaps := origin, 0
		for k := 1; k < dist; k++ {
			next, ok, empty := s.step(c, d, origin)
			if !ok {
				break
			}
			c = next
			if empty {
				gaps++
				if gaps > 1 {
					break
				}
			} else {
				gaps = 0
			}
			if !empty && s.pawnAt(c) < 0 {
				continue
			}
			for d2 := range numDirections {
				if d2 == d {
					continue
				}
				s.mapLeg(origin, c, d2, dist-k, gaps, plain, dst)
			}
		}
	}
}

// mapLeg follows the second leg of a Map move.
func (s *State) mapLeg(origin, c Cell, d Direction, left, gaps int, plain *CellSet, dst *CellSet) {
	for k := 1; k <= left; k++ {
		next, ok, empty := s.step(c, d, origin)
		if !ok {
			return
		}
		c = next
		if empty {
			gaps++
			if gaps > 1 {
				return
			}
			continue
		}
		gaps = 0
	}
	if s.endsHere(c, origin) && !plain.Has(c) {
		dst.Add(c)
	}
}

// placeTargets adds the empty hexes that touch at least two minerals, not
// counting the mineral on except (-1 for none): where the Hammer may add a
// mineral and the Vortex may carry one.
func (s *State) placeTargets(except int16, dst *CellSet) {
	var count [NumCells]uint8
	var buf [TotalMinerals + 8]Cell
	for _, c := range s.minerals.AppendCells(buf[:0]) {
		if int16(c) == except {
			continue
		}
		for _, nb := range neighbour[c] {
			if nb != noCell && s.board[nb] == 0 {
				count[nb]++
				if count[nb] == 2 {
					dst.Add(Cell(nb))
				}
			}
		}
	}
	if except >= 0 {
		dst.Remove(Cell(except))
	}
}
