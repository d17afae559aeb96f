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
// divide the board.
type searchState struct{ *State }

var _ game.ChanceState = searchState{}

// Legal appends the actions the search considers, ascending.
func (v searchState) Legal(p game.Player, dst []game.Action) []game.Action {
	start := len(dst)
	dst = v.State.Legal(p, dst)
	s := v.State
	if !s.toolsInPlay() || s.toolUsed || p != game.Player(s.current) || (s.phase != phaseMove && s.phase != phaseAfter && s.phase != phaseCut) {
		return dst
	}
	var landing, cutters CellSet
	rescue := false
	if s.phase == phaseMove {
		landing = s.landingHexes()
		rescue = dst[start] == actFail
	}
	if s.phase == phaseAfter {
		cutters = s.minerals.multiArc()
	}
	out := dst[:start]
	for _, a := range dst[start:] {
		x := int(a)
		switch {
		case x >= actHammer && x < actShovel:
			if s.phase != phaseMove || !landing.Has(Cell((x-actHammer)%NumCells)) {
				continue
			}
		case x >= actVortex && x < actRope:
			if !rescue {
				continue
			}
		case x >= actDynamite:
			if !cutters.Has(Cell(x - actDynamite)) {
				continue
			}
		}
		out = append(out, a)
	}
	return out
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
