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
		return s.legalMove(dst, searchedToolUse)
	case phaseAfter:
		return s.legalAfter(dst, searchedToolUse)
	case phaseCut:
		return s.legalCut(dst, searchedToolUse)
	}
	return s.Legal(p, dst)
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
