package minerals

import (
	"minehall/game"
)

// searchState is the game as the MCTS bots search it: the same rules and
// the same state, with tool uses that seldom pay left out of Legal (they
// can number hundreds), so that the search spends its iterations on the
// moves that matter.
// Every action it offers is legal in the underlying state. Left out: the
// Hammer except before the move on a hex the pawn could then land on (a
// rescue or a richer landing), the Vortex except before a move when no
// correct move exists, and the Dynamite except on a mineral whose blast can
// divide the board. A Sack swap is built in one order only (the minerals
// given, kind by kind in order of value, then those taken, likewise), so
// that each swap is one path of the search and not one per order of its
// steps, and a swap once opened is made, not cancelled.
type searchState struct{ *State }

var _ game.ChanceState = searchState{}

// Legal appends the actions the search considers, ascending: the
// underlying state's, less the tool uses left out (see [searchState]),
// which it never generates.
func (v searchState) Legal(p game.Player, dst []game.Action) []game.Action {
	s := v.State
	if s.phase == phaseSack && p == game.Player(s.current) {
		return s.appendSearchSackSteps(dst)
	}
	if !s.toolsInPlay() || s.toolUsed || p != game.Player(s.current) {
		return s.Legal(p, dst)
	}
	switch s.phase {
	case phaseMove:
		return s.searchLegalMove(dst)
	case phaseAfter:
		return s.searchLegalAfter(dst)
	case phaseCut:
		// The Hammer only before a move: after it, a mineral added
		// changes no landing.
		dst = append(dst, actCut)
		if s.canShovel() {
			dst = appendSet(dst, actShovel, &s.pending)
		}
		return dst
	}
	return s.Legal(p, dst)
}

// searchLegalMove is [State.legalMove] with the Hammer only on a hex the
// pawn could then land on, and the Vortex only when no correct move exists.
func (s *State) searchLegalMove(dst []game.Action) []game.Action {
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
	if s.canUse(p, Hammer) && s.pouch.Total() > 0 {
		var t CellSet
		s.placeTargets(-1, &t)
		landing := s.landingHexes()
		for i := range t {
			t[i] &= landing[i]
		}
		if !t.Empty() {
			var buf [NumCells]Cell
			cells := t.AppendCells(buf[:0])
			for k, n := range s.pouch {
				if n == 0 {
					continue
				}
				for _, c := range cells {
					dst = append(dst, game.Action(actHammer+k*NumCells+int(c)))
				}
			}
		}
	}
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
	if s.canUse(p, Glass) {
		var t CellSet
		s.glassTargets(&t)
		dst = appendSet(dst, actGlass, &t)
	}
	if rescue && s.canUse(p, Vortex) {
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

// searchLegalAfter is [State.legalAfter] without the Hammer and the Vortex,
// and with the Dynamite only on a mineral whose blast can divide the board.
func (s *State) searchLegalAfter(dst []game.Action) []game.Action {
	p := s.current
	dst = append(dst, actEnd)
	if s.collectionsInPlay() && !s.exchanged {
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
	}
	dst = s.appendChestSack(dst)
	if s.canUse(p, Glass) {
		var t CellSet
		s.glassTargets(&t)
		dst = appendSet(dst, actGlass, &t)
	}
	if s.canUse(p, Dynamite) {
		var t CellSet
		s.dynamiteTargets(&t)
		cutters := s.minerals.multiArc()
		for i := range t {
			t[i] &= cutters[i]
		}
		dst = appendSet(dst, actDynamite, &t)
	}
	return dst
}

// landingHexes returns the hexes exactly the move's distance from the
// current pawn in a straight line.
func (s *State) landingHexes() CellSet {
	var l CellSet
	origin := Cell(s.pawn[s.current])
	dist := int(s.board[origin])
	for d := range numDirections {
		c, ok := origin, true
		for k := 0; k < dist && ok; k++ {
			c, ok = Neighbour(c, d)
		}
		if ok {
			l.Add(c)
		}
	}
	return l
}

// Clone returns an independent copy, still a search view.
func (v searchState) Clone() game.State {
	c := *v.State
	return searchState{&c}
}

// appendSearchSackSteps appends the Sack steps the search considers: those
// that build the swap in the one order the search follows and can still
// complete it in that order (a give only while nothing is taken, of a kind
// at least as valuable as any given so far; a take of a kind at least as
// valuable as any taken so far), and the swap once balanced; never cancel.
// A swap built in another order (by a person, not the search) keeps every
// legal step but cancel, or cancel alone if nothing else is left.
func (s *State) appendSearchSackSteps(dst []game.Action) []game.Action {
	var maxGive, maxTake Mineral
	for m := range NumMinerals {
		if s.sackGive[m] > 0 {
			maxGive = m
		}
		if s.sackTake[m] > 0 {
			maxTake = m
		}
	}
	start := len(dst)
	if s.sackTake.Total() == 0 {
		for m := maxGive; m < NumMinerals; m++ {
			if s.sackCompletableFrom(m, true, m, 0) {
				dst = append(dst, game.Action(actSackGive+int(m)))
			}
		}
	}
	for m := maxTake; m < NumMinerals; m++ {
		if s.sackCompletableFrom(m, false, NumMinerals, m) {
			dst = append(dst, game.Action(actSackTake+int(m)))
		}
	}
	if s.sackBalanced() {
		dst = append(dst, game.Action(actSackSwap))
	}
	if len(dst) > start {
		return dst
	}
	dst = s.appendSackSteps(dst)
	if len(dst) > start+1 {
		dst = dst[:len(dst)-1] // cancel is last
	}
	return dst
}
