package minerals

import (
	"minehall/game"
)

var _ game.Observer = (*State)(nil)

// Scales of the observation's quantities.
const (
	obsPoints = 25  // a card's points (the most in the embedded pack: 22)
	obsScore  = 100 // a player's score
	obsTurns  = 200 // turns played
	obsValue  = 25  // the value of a Sack's side
	obsAsked  = 5   // minerals of one kind a card asks for
	obsPhases = int(phaseOver) + 1
	// obsSlot is the size of one face-up slot's block without the one-hot
	// card: the minerals asked, points, reduced points and the ♦♦ flag.
	obsSlot = int(NumMinerals) + 3
)

// obsLayout holds the offsets of the observation's slices for n seats and
// a pack of k cards.
type obsLayout struct {
	n, k                                                int
	seats, seat, pouch, faceUp, slot, deck, tools       int
	toolUsed, exchanged, phase, current, turns, sack    int
	version, you, spectator, size                       int
	seatPool, seatStack, seatCards, seatReduced, seatSc int
}

func obsLayoutFor(n, k int) obsLayout {
	l := obsLayout{n: n, k: k}
	l.seats = (int(NumMinerals) + MaxPlayers + 1) * NumCells
	l.seatPool = 0
	l.seatStack = l.seatPool + int(NumMinerals)
	l.seatCards = l.seatStack + int(NumMinerals)
	l.seatReduced = l.seatCards + k
	l.seatSc = l.seatReduced + k
	l.seat = l.seatSc + 2 // score, pawn on the board
	l.pouch = l.seats + n*l.seat
	l.faceUp = l.pouch + int(NumMinerals)
	l.slot = k + obsSlot
	l.deck = l.faceUp + faceUpSlots*l.slot
	l.tools = l.deck + 1
	l.toolUsed = l.tools + int(NumTools)
	l.exchanged = l.toolUsed + 1
	l.phase = l.exchanged + 1
	l.current = l.phase + obsPhases
	l.turns = l.current + n
	l.sack = l.turns + 1
	l.version = l.sack + 1 + n + 2*int(NumMinerals) + 2
	l.you = l.version + len(versionNames)
	l.spectator = l.you + MaxPlayers
	l.size = l.spectator + 1
	return l
}

// ObservationShape returns [2899 + 4k + n(2k+14)]: one flat vector whose
// slices Observe lists, for n seats and a pack of k collection cards (the
// embedded pack has 24: 3,119 values for 2 players, 3,305 for 5).
func (s *State) ObservationShape() []int {
	return []int{obsLayoutFor(int(s.n), len(s.pack.Cards)).size}
}

// Observe writes what p sees into dst. Minerals hides nothing: every seat
// sees the whole table (View), so the tensors of two seats differ only in
// whose seat comes first and in the observer flags. Seats are relative to p (p first, then the seats
// after it in order of play); for the spectator, and any player not seated,
// seat 0 comes first. With n seats and k collection cards in the pack, the
// tensor is one flat vector of these slices, in order:
//
//   - Board, 11 planes of 16 × 16 hexes (plane-major, then row, then
//     column; hex index row*16 + col on the "odd-r" grid of geometry.go,
//     whatever the board's shape): planes 0 to 4 are the mineral kind on
//     each hex, one-hot (wollastonite, kyanite, tourmaline, anthracite,
//     orpiment; all 0 on a hex without a mineral); planes 5 to 9 are the
//     pawns of relative seats 0 to 4 (1 on the pawn's hex; seats beyond n
//     stay 0); plane 10 marks the fragments about to be cut off (phase
//     "cut").
//   - Per seat, relative seats 0 to n-1, 2k+12 values each: the pool by
//     mineral (5, each divided by the game's count of that mineral, 53,
//     30, 20, 10, 5); the minerals paid for tools by mineral (5, same
//     scale); the collection cards taken, a flag per card of the pack
//     (k, in pack order); those of them taken without their orpiment (k);
//     the score so far / 100; 1 when the pawn is on the board.
//   - The pouch by mineral (5, scaled as the pools).
//   - The four face-up slots, k+8 values each: the card, one-hot over the
//     pack's cards (all 0 for an empty slot or outside the collections'
//     versions); then the card's faces: the minerals it asks for (5, each
//     / 5), its points / 25, its points without its orpiment / 25 (0 when
//     it cannot be taken so), 1 for a card of the ♦♦ deck.
//   - The deck's size / k.
//   - The tools in play, a flag per tool (10, in [ToolID] order: hammer,
//     shovel, chest, sack, map, compass, glass, vortex, rope, dynamite;
//     all 0 outside the full version).
//   - 1 when a tool was used this turn; 1 when minerals were exchanged
//     this turn.
//   - The phase, one-hot (10: remove, place pawn, move, cut, after move,
//     place pawn after a failed move, reveal card, chest draw, sack, over).
//   - The current seat, one-hot by relative seat (n).
//   - Turns played / 200.
//   - The Sack swap being built (phase "sack"; all 0 otherwise), n+13
//     values: 1 while it is built; the opponent, one-hot by relative seat (n); the
//     minerals given and taken so far by mineral (5 and 5, scaled as the
//     pools); the values given and taken / 25.
//   - The version, one-hot (3: 6+, 7+, full).
//   - Which seat p is, one-hot by absolute seat (5), and 1 for the
//     spectator.
//
// Observe allocates nothing when cap(dst) suffices.
func (s *State) Observe(p game.Player, dst []float32) []float32 {
	n := int(s.n)
	l := obsLayoutFor(n, len(s.pack.Cards))
	dst = game.ObservationBuffer(dst, l.size)
	base := 0
	if p.Seated() && int(p) < n {
		base = int(p)
	}
	rel := func(q int) int { return (q - base + n) % n }

	for c := range NumCells {
		if v := s.board[c]; v != 0 {
			dst[int(v-1)*NumCells+c] = 1
		}
		if s.pending.Has(Cell(c)) {
			dst[(int(NumMinerals)+MaxPlayers)*NumCells+c] = 1
		}
	}
	for q := range n {
		at := l.seats + rel(q)*l.seat
		if s.pawn[q] >= 0 {
			dst[(int(NumMinerals)+rel(q))*NumCells+int(s.pawn[q])] = 1
			dst[at+l.seatSc+1] = 1
		}
		for m := range NumMinerals {
			dst[at+l.seatPool+int(m)] = float32(s.pool[q][m]) / float32(MineralCounts[m])
			dst[at+l.seatStack+int(m)] = float32(s.stack[q][m]) / float32(MineralCounts[m])
		}
		for k := range l.k {
			if s.cards[q]&(1<<k) != 0 {
				dst[at+l.seatCards+k] = 1
			}
			if s.reduced[q]&(1<<k) != 0 {
				dst[at+l.seatReduced+k] = 1
			}
		}
		dst[at+l.seatSc] = float32(s.Score(q)) / obsScore
	}
	for m := range NumMinerals {
		dst[l.pouch+int(m)] = float32(s.pouch[m]) / float32(MineralCounts[m])
	}
	if s.collectionsInPlay() {
		for slot, k := range s.faceUp {
			if k < 0 {
				continue
			}
			at := l.faceUp + slot*l.slot
			dst[at+int(k)] = 1
			c := &s.pack.Cards[k]
			for m := range NumMinerals {
				dst[at+l.k+int(m)] = float32(c.Minerals[m]) / obsAsked
			}
			dst[at+l.k+int(NumMinerals)] = float32(c.Points) / obsPoints
			dst[at+l.k+int(NumMinerals)+1] = float32(c.ReducedPoints) / obsPoints
			if c.Deck == DeckDouble {
				dst[at+l.k+int(NumMinerals)+2] = 1
			}
		}
		deck := 0
		for k := range l.k {
			if s.deck&(1<<k) != 0 {
				deck++
			}
		}
		dst[l.deck] = float32(deck) / float32(l.k)
	}
	if s.toolsInPlay() {
		for _, t := range s.tools {
			dst[l.tools+int(t)] = 1
		}
	}
	dst[l.toolUsed] = obsFlag(s.toolUsed)
	dst[l.exchanged] = obsFlag(s.exchanged)
	dst[l.phase+int(s.phase)] = 1
	dst[l.current+rel(int(s.current))] = 1
	dst[l.turns] = float32(s.turns) / obsTurns
	if s.phase == phaseSack {
		at := l.sack
		dst[at] = 1
		dst[at+1+rel(int(s.sackWith))] = 1
		at += 1 + n
		for m := range NumMinerals {
			dst[at+int(m)] = float32(s.sackGive[m]) / float32(MineralCounts[m])
			dst[at+int(NumMinerals)+int(m)] = float32(s.sackTake[m]) / float32(MineralCounts[m])
		}
		at += 2 * int(NumMinerals)
		dst[at] = float32(s.sackGive.Value()) / obsValue
		dst[at+1] = float32(s.sackTake.Value()) / obsValue
	}
	dst[l.version+int(s.version)] = 1
	if p.Seated() && int(p) < n {
		dst[l.you+int(p)] = 1
	} else {
		dst[l.spectator] = 1
	}
	return dst
}

func obsFlag(b bool) float32 {
	if b {
		return 1
	}
	return 0
}
