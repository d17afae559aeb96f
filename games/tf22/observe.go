package tf22

import (
	"math/bits"

	"minehall/game"
)

var _ game.Observer = (*State)(nil)

// The observation's planes of the 6 × 6 planet (index row*6 + col), before
// the symbol planes, whose number is the pack's number of symbols.
const (
	obsExits   = 0                      // 16: visible exits, color*4 + edge
	obsFlipped = obsExits + 4*numColors // 16: the exits after a flip over the long side
	obsRanium  = obsFlipped + 4*numColors
	obsBack    = obsRanium + 1
	obsTurned  = obsBack + 1
	obsSymbols = obsTurned + 1 // one per symbol of the pack, then the crews
)

// Scales of the observation's quantities.
const (
	obsMaxRanium = 4   // White Ranium in the game
	obsTurns     = 100 // turns begun, and the round limit: x/(x+100)
	// A combat value is a card's value (2 to 6) less the Ranium its crew
	// carries (0 to 4): from -2 to 6, encoded as (value+2)/8.
	obsMinCombat = minValue - obsMaxRanium
	obsMaxCombat = minValue + numValues - 1
)

// squash maps a count x ≥ 0 without an upper bound into [0, 1): x/(x+half),
// which is 1/2 at x = half and keeps every count apart.
func squash(x, half float32) float32 { return x / (x + half) }

// combatValue scales a combat value into [0, 1].
func combatValue(v int8) float32 {
	return float32(int(v)-obsMinCombat) / float32(obsMaxCombat-obsMinCombat)
}

// obsLayout holds the offsets of the observation's slices for n seats and
// a pack of sym symbols.
type obsLayout struct {
	n, sym                                       int
	crews, vec, crew, loaders, seats, seat       int
	variant, goal, limitOn, limit, turns, phase  int
	toAct, active, ore, swaps, free, winner      int
	combat, last, place, you, spectator, size    int
	seatMarkers, seatColor, seatPile, seatHand   int
	seatRevealed, seatOwnHand, seatLast, seatDel int
}

func obsLayoutFor(n, sym int) obsLayout {
	l := obsLayout{n: n, sym: sym}
	l.crews = obsSymbols + sym
	l.vec = (l.crews + numColors) * numPos
	l.crew = 1 + n + 1 + numColors + 1 // present, owner (n, or none), tunnel color, Ranium
	l.loaders = l.vec + numColors*l.crew
	l.seats = l.loaders + numLoader*numDocks
	l.seatMarkers = 0
	l.seatColor = 1
	l.seatPile = l.seatColor + numColors
	l.seatHand = l.seatPile + 1
	l.seatRevealed = l.seatHand + 1
	l.seatOwnHand = l.seatRevealed + numValues
	l.seatLast = l.seatOwnHand + numValues
	l.seatDel = l.seatLast + numValues
	l.seat = l.seatDel + 1
	l.variant = l.seats + n*l.seat
	l.goal = l.variant + len(variantNames)
	l.limitOn = l.goal + 1
	l.limit = l.limitOn + 1
	l.turns = l.limit + 1
	l.phase = l.turns + 1
	l.toAct = l.phase + len(phaseNames)
	l.active = l.toAct + n
	l.ore = l.active + n
	l.swaps = l.ore + 1
	l.free = l.swaps + 1
	l.winner = l.free + n
	l.combat = l.winner + n
	l.last = l.combat + 1 + 2*numColors + 1 + numValues
	l.place = l.last + 1 + 2*numColors + 2*numValues + 2
	l.you = l.place + 1 + n + 1 + sym
	l.spectator = l.you + 4
	l.size = l.spectator + 1
	return l
}

// ObservationShape returns [1560 + 37sym + 32n] for n seats and a pack of
// sym symbols: one flat vector whose slices Observe lists; with the
// embedded pack's 5 symbols, 1,809 values for 2 players, 1,873 for 4.
func (s *State) ObservationShape() []int {
	return []int{obsLayoutFor(int(s.n), len(s.pack.symbols)).size}
}

// Observe writes what p sees into dst: the planet, the pieces, the public
// facts of every seat's symbol cards, and p's own secrets (its hand in the
// strategy variant, its face-down combat card), never a pile's order or
// another seat's hand (View). Seats are relative to p (p first, then the
// seats after it in seat order); for the spectator, and any player not
// seated, seat 0 comes first. Crews and tunnels are listed by color
// (white, red, blue, yellow), edges in the order N, E, S, W. With n seats
// and sym symbols in the pack (5 in the embedded one), the tensor is one
// flat vector: 39+sym planes of the 6 × 6 planet (plane-major, then row,
// then column: position row*6 + col, row 0 at the top), then values.
//
// The planes:
//
//   - 0 to 15, the tunnel exits each card shows: plane color*4 + edge is 1
//     where the card's tunnel of that color reaches that edge;
//   - 16 to 31, the exits the card would show flipped over its long side
//     (action B; action A turns a card half round, C does both), in the
//     same way: a card's other side is public, as its id is;
//   - 32, 1 where a card holds White Ranium; 33, 1 where a card shows its
//     back; 34, 1 where a card lies turned half round;
//   - 35 to 34+sym, the cards' symbols, one-hot (0 on the start cards);
//   - then 4 planes of the crews by color: 1 on the card the crew stands
//     on.
//
// The values:
//
//   - per crew, by color, n+7 values: 1 when the crew is in the game; its
//     owner, one-hot by relative seat (n), or 1 after them while no seat
//     has chosen it; the tunnel color it stands in, one-hot (4); the
//     Ranium it carries / 4;
//   - per loader (1 to 3), its dock, one-hot over the 24 docks (clockwise
//     from the top-left card's north edge);
//   - per seat, relative seats 0 to n-1, 23 values: its markers / the goal;
//     its symbol cards' color, one-hot (4); the cards in its pile / 5
//     (standard variant); the cards in its hand / 5 (strategy variant); the
//     cards revealed since the last reshuffle or refill, a flag per value 2
//     to 6 (not in the luck variant); the cards in its hand, a flag per
//     value, in p's own block only (strategy variant); the value of the
//     last card it revealed, one-hot (5); the Ranium it delivered this turn
//     / 2;
//   - the variant, one-hot (luck, standard, strategy); the goal / 5; 1 when
//     a round limit is set, and the limit L as L/(L+100); the turns begun
//     T as T/(T+100) (both grow without bound, so they are squashed into
//     [0, 1), 1/2 at 100);
//   - the phase, one-hot (swap, choose, turn, over);
//   - the seat to act, one-hot by relative seat (n; all 0 when the game is
//     over); the active seat, likewise (n);
//   - the ore left this turn / 4; the start player's card swaps left / 2;
//   - the seat owed a free action after winning a defense, one-hot by
//     relative seat (n); the winner, likewise (n);
//   - a combat waiting for cards (strategy variant), 15 values: 1 while it
//     waits; the attacking and the defending crew, one-hot by color (4 and
//     4); 1 when the attacker's card lies face down; that card's value,
//     one-hot (5), in the attacker's own tensor only;
//   - the last combat, 21 values: 1 after the game's first combat; the
//     attacking and the defending crew (4 and 4); the attacker's and the
//     defender's card, one-hot by value (5 and 5); their combat values
//     (card less the Ranium carried, -2 to 6) v as (v+2)/8;
//   - delivered Ranium waiting to be re-placed, n+sym+2 values: 1 while
//     some waits; the seat placing it, one-hot by relative seat (n); the
//     Ranium left to place / 2; the symbol revealed for it, one-hot (sym);
//   - which seat p is, one-hot by absolute seat (4), and 1 for the
//     spectator.
//
// Left out, as they do not bear on play: the number of the last combat,
// the cards' ids (their sides are encoded instead) and the bases, which
// never move. Observe allocates nothing when cap(dst) suffices.
func (s *State) Observe(p game.Player, dst []float32) []float32 {
	n := int(s.n)
	l := obsLayoutFor(n, len(s.pack.symbols))
	dst = game.ObservationBuffer(dst, l.size)
	seated := p.Seated() && int(p) < n
	base := 0
	if seated {
		base = int(p)
	}
	rel := func(q int) int { return (q - base + n) % n }

	for pos := range numPos {
		for x := s.ex[pos]; x != 0; x &= x - 1 {
			dst[(obsExits+bits.TrailingZeros16(x))*numPos+pos] = 1
		}
		id := s.card[pos]
		for x := s.pack.oriented[id][s.orient[pos]^orientBack]; x != 0; x &= x - 1 {
			dst[(obsFlipped+bits.TrailingZeros16(x))*numPos+pos] = 1
		}
		if s.ranium&(1<<pos) != 0 {
			dst[obsRanium*numPos+pos] = 1
		}
		if s.orient[pos]&orientBack != 0 {
			dst[obsBack*numPos+pos] = 1
		}
		if s.orient[pos]&orientTurned != 0 {
			dst[obsTurned*numPos+pos] = 1
		}
		if sym := s.pack.symbol[id]; sym >= 0 {
			dst[(obsSymbols+int(sym))*numPos+pos] = 1
		}
	}
	for k := range numColors {
		if s.crewPos[k] < 0 {
			continue
		}
		dst[(l.crews+k)*numPos+int(s.crewPos[k])] = 1
		at := l.vec + k*l.crew
		dst[at] = 1
		if o := s.crewOwner[k]; o >= 0 {
			dst[at+1+rel(int(o))] = 1
		} else {
			dst[at+1+n] = 1
		}
		dst[at+2+n+int(s.crewTunnel[k])] = 1
		dst[at+2+n+numColors] = float32(s.crewRanium[k]) / obsMaxRanium
	}
	for i, d := range s.loader {
		dst[l.loaders+i*numDocks+int(d)] = 1
	}
	for q := range n {
		at := l.seats + rel(q)*l.seat
		dst[at+l.seatMarkers] = float32(s.markers[q]) / float32(s.goal())
		if c := s.seatColor[q]; c >= 0 {
			dst[at+l.seatColor+int(c)] = 1
		}
		if lc := s.lastCard[q]; lc >= 0 {
			dst[at+l.seatLast+int(lc)] = 1
		}
		dst[at+l.seatDel] = float32(s.delivered[q]) / maxDelivered
		if s.phase < phaseTurn {
			continue
		}
		dk := &s.deck[q]
		held := dk.Avail
		if s.variant == variantStrategy && s.fight.Stage == combatDefenderCard && s.crewOwner[s.fight.Attacker] == int8(q) {
			held |= 1 << s.fight.Card
		}
		switch s.variant {
		case variantStandard:
			dst[at+l.seatPile] = float32(popcount8(dk.Avail)) / numValues
		case variantStrategy:
			dst[at+l.seatHand] = float32(popcount8(dk.Avail)) / numValues
			if seated && q == int(p) {
				obsFlags(dst[at+l.seatOwnHand:], dk.Avail)
			}
		}
		if s.variant != variantLuck {
			obsFlags(dst[at+l.seatRevealed:], ^held&(1<<numValues-1))
		}
	}
	dst[l.variant+int(s.variant)] = 1
	dst[l.goal] = float32(s.goal()) / 5
	if s.roundLimit > 0 {
		dst[l.limitOn] = 1
		dst[l.limit] = squash(float32(s.roundLimit), obsTurns)
	}
	dst[l.turns] = squash(float32(s.turns), obsTurns)
	dst[l.phase+int(s.phase)] = 1
	if a := s.actor(); a >= 0 {
		dst[l.toAct+rel(int(a))] = 1
	}
	dst[l.active+rel(int(s.active))] = 1
	dst[l.ore] = float32(s.ore) / 4
	dst[l.swaps] = float32(s.swapsLeft) / 2
	if s.freeSeat >= 0 {
		dst[l.free+rel(int(s.freeSeat))] = 1
	}
	if s.winner >= 0 {
		dst[l.winner+rel(int(s.winner))] = 1
	}
	if f := &s.fight; f.Stage != combatNone {
		at := l.combat
		dst[at] = 1
		dst[at+1+int(f.Attacker)] = 1
		dst[at+1+numColors+int(f.Defender)] = 1
		if f.Stage == combatDefenderCard {
			dst[at+1+2*numColors] = 1
			if seated && int(s.crewOwner[f.Attacker]) == int(p) {
				dst[at+2+2*numColors+int(f.Card)] = 1
			}
		}
	}
	if lf := &s.lastFight; lf.Attacker >= 0 {
		at := l.last
		dst[at] = 1
		dst[at+1+int(lf.Attacker)] = 1
		dst[at+1+numColors+int(lf.Defender)] = 1
		dst[at+1+2*numColors+int(lf.AttackerCard)-minValue] = 1
		dst[at+1+2*numColors+numValues+int(lf.DefendCard)-minValue] = 1
		dst[at+1+2*numColors+2*numValues] = combatValue(lf.AttackerValue)
		dst[at+2+2*numColors+2*numValues] = combatValue(lf.DefValue)
	}
	if s.placeCount > 0 {
		at := l.place
		dst[at] = 1
		dst[at+1+rel(int(s.placer))] = 1
		dst[at+1+n] = float32(s.placeCount) / maxDelivered
		if s.placeSym >= 0 {
			dst[at+2+n+int(s.placeSym)] = 1
		}
	}
	if seated {
		dst[l.you+int(p)] = 1
	} else {
		dst[l.spectator] = 1
	}
	return dst
}

// obsFlags sets dst[v] to 1 for every value index v in mask.
func obsFlags(dst []float32, mask uint8) {
	for v := range numValues {
		if mask&(1<<v) != 0 {
			dst[v] = 1
		}
	}
}
