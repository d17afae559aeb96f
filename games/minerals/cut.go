package minerals

// Cutting off fragments. After a mineral leaves the board (lifted by a
// pawn, taken by the Magnifying Glass, blasted by the Dynamite, carried by
// the Vortex), every connected group of minerals with no pawn on it is cut
// off. Only groups next to the emptied hex can have become pawnless, so only
// those are searched.

// fragmentsAround returns the minerals next to the emptied hex x that are
// now in pieces without a pawn. Each neighbour's piece is flooded until it
// meets a pawn or a hex already known to reach one; only a piece with no
// pawn is flooded whole.
func (s *State) fragmentsAround(x Cell) CellSet {
	var cut CellSet
	stop := s.pawnSet()
	for _, nb := range neighbour[x] {
		if nb == noCell || s.board[nb] == 0 || stop.Has(Cell(nb)) || cut.Has(Cell(nb)) {
			continue
		}
		var seed CellSet
		seed.Add(Cell(nb))
		g, reached := s.minerals.flood(seed, &stop)
		if reached {
			stop = or(stop, g)
		} else {
			cut = or(cut, g)
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
// to the pouch; otherwise all of it goes to the pouch. It returns the
// minerals the player took.
func (s *State) resolveCut(take bool, shovel int16) (took Counts) {
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
				took[m]++
			} else {
				s.pouch[m]++
			}
			s.setMineral(c, 0)
		}
	}
	return took
}
