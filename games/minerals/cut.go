package minerals

// Cutting off fragments. After a mineral leaves the board (lifted by a
// pawn, taken by the Magnifying Glass, blasted by the Dynamite, carried by
// the Vortex), every connected group of minerals with no pawn on it is cut
// off. Only groups next to the emptied hex can have become pawnless, so only
// those are searched.

// reachesPawn floods the minerals connected to start breadth-first into
// group and reports whether one holds a pawn or is already known to be
// connected to one (in safe). It stops at the first such hex (usually near,
// so the search stays small); group then holds only part of the piece.
func (s *State) reachesPawn(start Cell, pawns, safe, group *CellSet) bool {
	var queue [NumCells]Cell
	head, tail := 0, 0
	queue[tail] = start
	tail++
	group.Add(start)
	for head < tail {
		c := queue[head]
		head++
		if pawns.Has(c) || safe.Has(c) {
			return true
		}
		for _, nb := range neighbour[c] {
			if nb == noCell || s.board[nb] == 0 || group.Has(Cell(nb)) {
				continue
			}
			group.Add(Cell(nb))
			queue[tail] = Cell(nb)
			tail++
		}
	}
	return false
}

// fragmentsAround returns the minerals next to the emptied hex x that are
// now in pieces without a pawn.
func (s *State) fragmentsAround(x Cell) CellSet {
	var cut, safe CellSet
	pawns := s.pawnSet()
	for _, nb := range neighbour[x] {
		if nb == noCell || s.board[nb] == 0 || safe.Has(Cell(nb)) || cut.Has(Cell(nb)) {
			continue
		}
		var group CellSet
		reached := s.reachesPawn(Cell(nb), &pawns, &safe, &group)
		for i := range cut {
			if reached {
				safe[i] |= group[i]
			} else {
				cut[i] |= group[i]
			}
		}
	}
	return cut
}

// countGroups returns the number of connected groups in set.
func countGroups(set *CellSet) int {
	left := *set
	n := 0
	for !left.Empty() {
		first := left.First()
		g := left.component(first)
		for i := range left {
			left[i] &^= g[i]
		}
		n++
	}
	return n
}

// resolveCut cuts off the fragments in s.pending: if take, the current
// player takes the lowest-valued mineral of each (or, in the fragment that
// holds shovel, the mineral on shovel; shovel < 0 for none) and the rest go
// to the pouch; otherwise all of it goes to the pouch.
func (s *State) resolveCut(take bool, shovel int16) {
	p := s.current
	for !s.pending.Empty() {
		first := s.pending.First()
		g := s.pending.component(first)
		for i := range s.pending {
			s.pending[i] &^= g[i]
		}
		var cells [NumCells]Cell
		list := g.AppendCells(cells[:0])
		keep := int16(-1)
		if take {
			for _, c := range list {
				if int16(c) == shovel {
					keep = int16(c)
					break
				}
				if keep < 0 || s.board[c] < s.board[keep] {
					keep = int16(c)
				}
			}
		}
		for _, c := range list {
			m := s.board[c] - 1
			if int16(c) == keep {
				s.pool[p][m]++
			} else {
				s.pouch[m]++
			}
			s.setMineral(c, 0)
		}
	}
}
