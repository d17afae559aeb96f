package tf22

import (
	"minehall/game"
)

// searchWidth is how many of a turn's actions A–K, besides the ones always
// offered, the search view keeps: the best by [State.margin] one action
// ahead.
const searchWidth = 6

// searchState is the game as the search bots see it: the same rules and
// the same state, with the actions of a turn cut down to the few that
// matter, so that the search spends its iterations on them instead of on
// the hundred card turns every turn offers. Every action it offers is legal
// in the underlying state, and its choice of actions reads only what every
// seat sees.
//
// On a turn (and on a free action after a won defense) it offers every
// collection (F), theft (G) and delivery (I), and the [searchWidth] other
// actions A–K whose result has the best margin for the acting seat; card
// turns compete for them only near a crew that matters (see nearCrews),
// and secret tunnels only to a card with Ranium. Before the first turn it
// offers only keeping the planet (the evaluator cannot tell card swaps
// apart). Crew choices, symbol cards, Ranium placements and chance's draws
// are offered in full.
//
// A view made with a [pruneCache] (prune non-nil) remembers each state's
// pruned turn actions there, and so do its clones and determinizations,
// which share the cache: a search meets the same positions again and again
// (every iteration passes the root and the nodes near it), and the pruning
// is a pure function of the state and the seat, so the cache changes only
// how fast the actions come, never which. Such a view and its copies belong
// to one goroutine. A view without a cache prunes every time.
type searchState struct {
	*State
	prune *pruneCache
}

var (
	_ game.ChanceState  = searchState{}
	_ game.Determinizer = searchState{}
	_ game.InfoKeyer    = searchState{}
)

// Legal appends the actions the search considers, ascending.
func (v searchState) Legal(p game.Player, dst []game.Action) []game.Action {
	s := v.State
	start := len(dst)
	if p >= 0 && s.prunesTurn() {
		if acts, ok := v.prune.lookup(s, int8(p)); ok {
			return append(dst, acts...)
		}
	}
	dst = s.Legal(p, dst)
	switch {
	case len(dst) == start, p == game.Chance:
		return dst
	case s.phase == phaseSwap:
		return append(dst[:start], actKeep)
	case !s.prunesTurn():
		return dst
	}
	dst = s.pruneTurnActions(int8(p), dst, start)
	v.prune.store(s, int8(p), dst[start:])
	return dst
}

// prunesTurn reports whether the search view prunes the actions of s: on
// a turn, outside a combat and a placement.
func (s *State) prunesTurn() bool {
	return s.phase == phaseTurn && s.placeCount == 0 && s.fight.Stage == combatNone
}

// nearCrews returns the cards where turning a card can change a crew's way
// soon: the cards of the networks where seat's crews and every crew carrying
// Ranium stand, and the cards with Ranium, with their neighbours.
func (s *State) nearCrews(seat int8) uint64 {
	m := s.ranium
	for k := range numColors {
		pos, col := s.crewPos[k], int(s.crewTunnel[k])
		if pos < 0 || (s.crewOwner[k] != seat && s.crewRanium[k] == 0) {
			continue
		}
		at := uint64(1) << pos
		if s.hasTunnel(int(pos), col) {
			east, south := s.connections(col)
			at = flood(at, east, south)
		}
		m |= at
	}
	return (m | (m&notLastCol)<<1 | (m>>1)&notLastCol | m<<gridSize | m>>gridSize) & (1<<numPos - 1)
}

// pruneTurnActions keeps, of the turn actions dst[start:] of seat, every
// collection, theft and delivery and the searchWidth others with the best
// margin after them (ties go to the lower action), in ascending order. Only
// card turns near the crews (see nearCrews) and secret tunnels to Ranium
// compete for the width. It writes nothing but dst.
func (s *State) pruneTurnActions(seat int8, dst []game.Action, start int) []game.Action {
	var keep [numActions]bool
	var bestAct [searchWidth]game.Action
	var bestVal [searchWidth]float64
	n := 0
	near := s.nearCrews(seat)
	for _, a := range dst[start:] {
		d := decode(int(a))
		switch d.kind {
		case kindCollect, kindSteal, kindDeliver:
			keep[a] = true
			continue
		case kindTurn, kindFlipLong, kindFlipShort:
			if near&(1<<d.arg) == 0 {
				continue
			}
		case kindSecret:
			if s.ranium&(1<<d.arg) == 0 {
				continue
			}
		}
		c := *s
		c.apply(game.Player(seat), a, false)
		val := c.margin(seat)
		i := n
		for i > 0 && bestVal[i-1] < val {
			i--
		}
		if i >= searchWidth {
			continue
		}
		if n < searchWidth {
			n++
		}
		copy(bestAct[i+1:n], bestAct[i:n-1])
		copy(bestVal[i+1:n], bestVal[i:n-1])
		bestAct[i], bestVal[i] = a, val
	}
	for _, a := range bestAct[:n] {
		keep[a] = true
	}
	out := dst[:start]
	for _, a := range dst[start:] {
		if keep[a] {
			out = append(out, a)
		}
	}
	return out
}

// Clone returns an independent copy, still a search view.
func (v searchState) Clone() game.State {
	c := *v.State
	return searchState{&c, v.prune}
}

// Determinize returns a determinization of the underlying state for p, as
// a search view.
func (v searchState) Determinize(p game.Player, rng *game.Rand) game.State {
	return searchState{v.State.Determinize(p, rng).(*State), v.prune}
}
