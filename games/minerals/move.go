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

// line walks a straight path by the crossing rules, one hex at a time.
type line struct {
	s      *State
	origin Cell // the lifted mineral's hex, which counts as empty
	c      Cell // the hex reached
	d      Direction
	gaps   int // empty hexes crossed in a row up to c
}

// next steps one hex further and says whether it is empty; ok is false
// when the path would leave the grid or enter a second empty hex in a row.
func (l *line) next() (empty, ok bool) {
	next, ok, empty := l.s.step(l.c, l.d, l.origin)
	if !ok {
		return false, false
	}
	l.c = next
	if !empty {
		l.gaps = 0
		return false, true
	}
	l.gaps++
	return true, l.gaps <= 1
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
		l := line{s: s, origin: m.origin, c: m.origin, d: d}
		for k := 1; k <= m.dist; k++ {
			empty, ok := l.next()
			if !ok {
				break
			}
			if k == m.dist && !empty && m.free.Has(l.c) {
				dst.Add(l.c)
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
		l := line{s: s, origin: m.origin, c: m.origin, d: d}
		for k := 1; k < m.dist; k++ {
			empty, ok := l.next()
			if !ok {
				break
			}
			if empty || !m.free.Has(l.c) {
				continue
			}
			after, ok, emptyAfter := s.step(l.c, d, m.origin)
			if !ok || emptyAfter || m.pawns.Has(after) {
				dst.Add(l.c)
			}
		}
	}
}

// mapTargets adds the hexes reached with the Map: exactly m.dist hexes by
// the crossing rules, changing direction once (turning back included) on an
// empty hex or a pawn's hex, not counting those a plain move reaches.
func (s *State) mapTargets(m *moveFrom, plain *CellSet, dst *CellSet) {
	for d := range numDirections {
		l := line{s: s, origin: m.origin, c: m.origin, d: d}
		for k := 1; k < m.dist; k++ {
			empty, ok := l.next()
			if !ok {
				break
			}
			if !empty && !m.pawns.Has(l.c) {
				continue
			}
			for d2 := range numDirections {
				if d2 == d {
					continue
				}
				s.mapLeg(m, line{s: s, origin: m.origin, c: l.c, d: d2, gaps: l.gaps}, m.dist-k, plain, dst)
			}
		}
	}
}

// mapLeg follows the second leg of a Map move for the hexes left.
func (s *State) mapLeg(m *moveFrom, l line, left int, plain *CellSet, dst *CellSet) {
	for range left {
		if _, ok := l.next(); !ok {
			return
		}
	}
	if m.free.Has(l.c) && !plain.Has(l.c) {
		dst.Add(l.c)
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
