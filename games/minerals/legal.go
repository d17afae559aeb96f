package minerals

import (
	"minehall/game"
)

// Legal appends p's legal actions in ascending order. It allocates nothing
// beyond growing dst.
func (s *State) Legal(p game.Player, dst []game.Action) []game.Action {
	switch s.phase {
	case phaseOver:
		return dst
	case phaseRevealCard:
		if p != game.Chance {
			return dst
		}
		for k := range s.pack.Cards {
			if s.deck&(1<<k) != 0 {
				dst = append(dst, game.Action(actReveal+k))
			}
		}
		return dst
	case phaseChestDraw:
		if p != game.Chance {
			return dst
		}
		for m, n := range s.pouch {
			if n > 0 {
				dst = append(dst, game.Action(actDraw+m))
			}
		}
		return dst
	}
	if p != game.Player(s.current) {
		return dst
	}
	switch s.phase {
	case phaseRemove:
		multi := s.minerals.multiArc()
		var buf [NumCells]Cell
		for _, c := range s.minerals.AppendCells(buf[:0]) {
			if !multi.Has(c) || s.keepsUndivided(c) {
				dst = append(dst, game.Action(actCell+int(c)))
			}
		}
	case phasePlacePawn, phaseFailPlace:
		w := s.freeWollastonites()
		dst = appendSet(dst, actCell, &w)
	case phaseMove:
		dst = s.legalMove(dst, everyToolUse)
	case phaseCut:
		dst = s.legalCut(dst, everyToolUse)
	case phaseAfter:
		dst = s.legalAfter(dst, everyToolUse)
	case phaseSack:
		dst = s.appendSackSteps(dst)
	}
	return dst
}

// appendSet appends first+c for every c in set, ascending.
func appendSet(dst []game.Action, first int, set *CellSet) []game.Action {
	var buf [NumCells]Cell
	for _, c := range set.AppendCells(buf[:0]) {
		dst = append(dst, game.Action(first+int(c)))
	}
	return dst
}

// toolUses says which tool uses a list of legal actions holds: every one
// the rules allow, or only those the search view considers (see
// [searchState]).
type toolUses bool

const (
	everyToolUse    toolUses = false
	searchedToolUse toolUses = true
)

// legalMove appends the actions before the move, ascending: the correct
// moves (or the failure to move when none exists), then the tool uses.
// With searchedToolUse it offers the Hammer only on a hex the pawn could
// then land on, and the Vortex only when no correct move exists.
func (s *State) legalMove(dst []game.Action, uses toolUses) []game.Action {
	p := s.current
	m := s.newMoveFrom()
	var plain CellSet
	s.plainTargets(&m, &plain)
	rescue := plain.Empty()
	if rescue {
		dst = append(dst, actFail)
	} else {
		dst = appendSet(dst, actCell, &plain)
	}
	dst = s.appendChestSack(dst)
	dst = s.appendHammer(dst, uses == searchedToolUse)
	if s.canUse(p, Map) {
		var t CellSet
		s.mapTargets(&m, &plain, &t)
		dst = appendSet(dst, actMap, &t)
	}
	if s.canUse(p, Compass) {
		var t CellSet
		s.compassTargets(&m, &t)
		dst = appendSet(dst, actCompass, &t)
	}
	dst = s.appendGlass(dst)
	if (rescue || uses == everyToolUse) && s.canUse(p, Vortex) {
		var t CellSet
		s.placeTargets(int16(m.origin), &t)
		dst = appendSet(dst, actVortex, &t)
	}
	if s.canUse(p, Rope) {
		var t CellSet
		s.ropeTargets(&m, &plain, &t)
		dst = appendSet(dst, actRope, &t)
	}
	return dst
}

// legalCut appends the actions while fragments wait to be cut away,
// ascending: the cut, then the tool uses. With searchedToolUse it leaves
// out the Hammer: after the move, a mineral added changes no landing.
func (s *State) legalCut(dst []game.Action, uses toolUses) []game.Action {
	dst = append(dst, actCut)
	if uses == everyToolUse {
		dst = s.appendHammer(dst, false)
	}
	if s.canShovel() {
		dst = appendSet(dst, actShovel, &s.pending)
	}
	return dst
}

// legalAfter appends the actions after the move, ascending: the end of the
// turn, the collection cards p may take, then the tool uses. With
// searchedToolUse it leaves out the Hammer and the Vortex, and offers the
// Dynamite only on a mineral whose blast can divide the board.
func (s *State) legalAfter(dst []game.Action, uses toolUses) []game.Action {
	p := s.current
	dst = append(dst, actEnd)
	dst = s.appendTakes(dst)
	dst = s.appendChestSack(dst)
	if uses == everyToolUse {
		dst = s.appendHammer(dst, false)
	}
	dst = s.appendGlass(dst)
	if uses == everyToolUse && s.canUse(p, Vortex) {
		var t CellSet
		s.placeTargets(s.pawn[p], &t)
		dst = appendSet(dst, actVortex, &t)
	}
	if s.canUse(p, Dynamite) {
		var t CellSet
		s.dynamiteTargets(&t)
		if uses == searchedToolUse {
			cutters := s.minerals.multiArc()
			for i := range t {
				t[i] &= cutters[i]
			}
		}
		dst = appendSet(dst, actDynamite, &t)
	}
	return dst
}

// appendTakes appends the collection cards face up that p may take, if
// collections are in play and p has not exchanged this turn: first those
// p can take face up, then those it can take upside down (see
// [State.canTake]).
func (s *State) appendTakes(dst []game.Action) []game.Action {
	if !s.collectionsInPlay() || s.exchanged {
		return dst
	}
	p := s.current
	for slot, k := range s.faceUp {
		if k >= 0 && s.canTake(p, int(k), false) {
			dst = append(dst, game.Action(actTake+slot))
		}
	}
	for slot, k := range s.faceUp {
		if k >= 0 && s.canTake(p, int(k), true) {
			dst = append(dst, game.Action(actTakeLess+slot))
		}
	}
	return dst
}

// appendGlass appends the Glass uses p may take (see [State.glassTargets]).
func (s *State) appendGlass(dst []game.Action) []game.Action {
	if !s.canUse(s.current, Glass) {
		return dst
	}
	var t CellSet
	s.glassTargets(&t)
	return appendSet(dst, actGlass, &t)
}

// appendChestSack appends the Chest and the Sack openings p may take: the
// Sack with each opponent it has a swap of equal value with.
func (s *State) appendChestSack(dst []game.Action) []game.Action {
	p := s.current
	if s.canUse(p, Chest) && s.pouch.Total() > 0 {
		dst = append(dst, actChest)
	}
	if s.canUse(p, Sack) {
		for o := int8(0); o < s.n; o++ {
			if s.sackOpenable(o) {
				dst = append(dst, game.Action(actSackWith+int(o)))
			}
		}
	}
	return dst
}

// appendHammer appends the Hammer actions p may take; onLanding keeps only
// those on a hex the pawn could then land on (see [State.landingHexes]).
func (s *State) appendHammer(dst []game.Action, onLanding bool) []game.Action {
	if !s.canUse(s.current, Hammer) || s.pouch.Total() == 0 {
		return dst
	}
	var t CellSet
	s.placeTargets(-1, &t)
	if onLanding {
		landing := s.landingHexes()
		for i := range t {
			t[i] &= landing[i]
		}
	}
	var buf [NumCells]Cell
	cells := t.AppendCells(buf[:0])
	for m, n := range s.pouch {
		if n == 0 {
			continue
		}
		for _, c := range cells {
			dst = append(dst, game.Action(actHammer+m*NumCells+int(c)))
		}
	}
	return dst
}

// canShovel reports whether the Shovel may act on the pending fragments:
// the current player may use it and there are at least two fragments.
func (s *State) canShovel() bool {
	return s.canUse(s.current, Shovel) && countGroups(&s.pending) >= 2
}

// glassTargets adds the free minerals next to the current pawn whose
// mineral differs from the one the pawn stands on: before the move where
// the pawn stands then, after it where the pawn landed.
func (s *State) glassTargets(dst *CellSet) {
	at := Cell(s.pawn[s.current])
	for _, nb := range neighbour[at] {
		if nb != noCell && s.free(Cell(nb)) && s.board[nb] != s.board[at] {
			dst.Add(Cell(nb))
		}
	}
}

// dynamiteTargets adds every free mineral to dst.
func (s *State) dynamiteTargets(dst *CellSet) {
	pawns := s.pawnSet()
	for i := range dst {
		dst[i] |= s.minerals[i] &^ pawns[i]
	}
}

// canTake reports whether p can exchange minerals for card k: all its
// minerals (the card face up, full value), or, if without, all but its
// orpiment, which only a ♦♦ card with an orpiment allows (the card upside
// down, lower value). A player who holds the orpiment may still choose to
// take the card without it.
func (s *State) canTake(p int8, k int, without bool) bool {
	c := &s.pack.Cards[k]
	if without && !c.Reducible() {
		return false
	}
	for m := range NumMinerals {
		if m == Orpiment && without {
			continue
		}
		if s.pool[p][m] < c.Minerals[m] {
			return false
		}
	}
	return true
}

// keepsUndivided reports whether removing the mineral on x leaves the rest
// of x's piece in one piece. When x's neighbouring minerals form one arc
// around it they touch one another, so nothing can come apart. Two arcs
// either side of a one-hex crevice whose other five neighbours are all
// minerals are joined round that crevice; when all arcs but one gap are
// joined so, nothing comes apart either. Otherwise the rest is flooded from
// one neighbour until it reaches all the others.
func (s *State) keepsUndivided(x Cell) bool {
	mask := s.minerals.ringMask(x)
	arcs := int(ringArcs[mask])
	if arcs <= 1 {
		return true
	}
	joined := 0
	for d := range numDirections {
		before, after := (d+numDirections-1)%numDirections, (d+1)%numDirections
		if mask&(1<<d) != 0 || mask&(1<<before) == 0 || mask&(1<<after) == 0 {
			continue
		}
		if h := neighbour[x][d]; h != noCell && s.minerals.ringMask(Cell(h)) == 1<<numDirections-1 {
			joined++
		}
	}
	if joined >= arcs-1 {
		return true
	}
	rest := s.minerals
	rest.Remove(x)
	var seed, around CellSet
	for _, nb := range neighbour[x] {
		if nb != noCell && rest.Has(Cell(nb)) {
			around.Add(Cell(nb))
			if seed.Empty() {
				seed.Add(Cell(nb))
			}
		}
	}
	return rest.connects(seed, around)
}
