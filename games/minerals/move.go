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

// moveFrom is what the move functions need to know of a move: where the
// pawn lifts its mineral, how far it must go, the hexes a move may end on
// (minerals without a pawn, origin excluded) and the hexes with a pawn.
type moveFrom struct {
	origin Cell
	dist   int
	free   CellSet
	pawns  CellSet
}

// newMoveFrom describes the move of the current player's pawn.
func (s *State) newMoveFrom() moveFrom { return s.moveOf(s.current) }

// moveOf describes the move of seat p's pawn, which must be on the board.
func (s *State) moveOf(p int8) moveFrom {
	origin := Cell(s.pawn[p])
	m := moveFrom{origin: origin, dist: int(s.board[origin]), pawns: s.pawnSet()}
	for i := range m.free {
		m.free[i] = s.minerals[i] &^ m.pawns[i]
	}
	return m
}

// plainTargets adds to dst the hexes a correct move reaches, moving exactly
// m.dist hexes in a straight line.
func (s *State) plainTargets(m *moveFrom, dst *CellSet) {
	for d := range numDirections {
		c, gaps := m.origin, 0
		for k := 1; k <= m.dist; k++ {
			next, ok, empty := s.step(c, d, m.origin)
			if !ok {
				break
			}
			c = next
			if empty {
				gaps++
				if gaps > 1 || k == m.dist {
					break
				}
				continue
			}
			gaps = 0
			if k == m.dist && m.free.Has(c) {
				dst.Add(c)
			}
		}
	}
}

// ropeTargets adds the hexes reached with the Rope: a straight line of
// exactly m.dist hexes where empty runs of any length may be crossed, not
// counting those a plain move reaches.
func (s *State) ropeTargets(m *moveFrom, plain *CellSet, dst *CellSet) {
	for d := range numDirections {
		c := m.origin
		ok := true
		for k := 1; k <= m.dist && ok; k++ {
			c, ok, _ = s.step(c, d, m.origin)
		}
		if ok && m.free.Has(c) && !plain.Has(c) {
			dst.Add(c)
		}
	}
}

// compassTargets adds the hexes reached with the Compass: a straight line
// of 1 to m.dist-1 hexes, by the crossing rules, ending on a free mineral
// whose next hex in that direction is empty, off the grid or a pawn's.
func (s *State) compassTargets(m *moveFrom, dst *CellSet) {
	for d := range numDirections {
		c, gaps := m.origin, 0
		for k := 1; k < m.dist; k++ {
			next, ok, empty := s.step(c, d, m.origin)
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
			if !m.free.Has(c) {
				continue
			}
			after, ok, emptyAfter := s.step(c, d, m.origin)
			if !ok || emptyAfter || m.pawns.Has(after) {
				dst.Add(c)
			}
		}
	}
}

// mapTargets adds the hexes reached with the Map: exactly m.dist hexes by
// the crossing rules, changing direction once (turning back included) on an
// empty hex or a pawn's hex, not counting those a plain move reaches.
func (s *State) mapTargets(m *moveFrom, plain *CellSet, dst *CellSet) {
	for d := range numDirections {
		c, gaps := m.origin, 0
		for k := 1; k < m.dist; k++ {
			next, ok, empty := s.step(c, d, m.origin)
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
			if !empty && !m.pawns.Has(c) {
				continue
			}
			for d2 := range numDirections {
				if d2 == d {
					continue
				}
				s.mapLeg(m, c, d2, m.dist-k, gaps, plain, dst)
			}
		}
	}
}

// mapLeg follows the second leg of a Map move.
func (s *State) mapLeg(m *moveFrom, c Cell, d Direction, left, gaps int, plain *CellSet, dst *CellSet) {
	for k := 1; k <= left; k++ {
		next, ok, empty := s.step(c, d, m.origin)
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
	if m.free.Has(c) && !plain.Has(c) {
		dst.Add(c)
	}
}

// placeTargets adds the empty hexes that touch at least two minerals, not
// counting the mineral on except (-1 for none): where the Hammer may add a
// mineral and the Vortex may carry one.
func (s *State) placeTargets(except int16, dst *CellSet) {
	set := s.minerals
	if except >= 0 {
		set.Remove(Cell(except))
	}
	t := set.touchingTwo()
	for i := range dst {
		dst[i] |= t[i] &^ s.minerals[i]
	}
}
