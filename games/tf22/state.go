package tf22

import (
	"math/bits"

	"minehall/game"
)

// Phases of a game.
const (
	phaseSwap   = iota // the start player may swap two pairs of ring cards
	phaseChoose        // players take their crews, counterclockwise
	phaseTurn          // turns of 4 ore
	phaseOver
)

// Symbol-card variants.
const (
	variantLuck = iota
	variantStandard
	variantStrategy
)

var variantNames = [3]string{"luck", "standard", "strategy"}

// maxDelivered is the most White Ranium a seat may deliver in one turn
// (the rulebook: "pro Spielzug bis zu 2 Einheiten").
const maxDelivered = 2

// Combat stages (strategy variant only; the others resolve at once).
const (
	combatNone         = iota
	combatAttackerCard // the attacker chooses a card from hand
	combatDefenderCard // the defender answers with a card from hand
)

// allValues has a bit for each of the five symbol-card values.
const allValues = 1<<numValues - 1

// symbolDeck is one seat's five symbol cards, by value index (value-2).
//
// The standard variant's pile is kept as the set of its cards, not as an
// order: no one knows the order of a face-down pile, so drawing its top
// card is drawing one of its cards with equal chance, and that draw is a
// chance event ([State.ChanceOutcomes]). The state therefore holds no
// hidden order and no generator.
type symbolDeck struct {
	// Avail is a bit per value: in the standard variant the cards in the
	// draw pile, in the strategy variant the cards in hand, in the luck
	// variant all five.
	Avail uint8 `json:"avail"`
}

// combat is a pending combat: its cards are drawn by chance (luck and
// standard variants) or chosen from the hands (strategy variant).
type combat struct {
	Stage    uint8 `json:"stage"`
	Attacker int8  `json:"attacker"` // crew
	Defender int8  `json:"defender"` // crew
	// Card is the attacker's card, value index, once it is drawn or laid:
	// face up when drawn, face down when chosen from the hand.
	Card int8 `json:"card"`
}

// combatResult is the public record of the last combat.
type combatResult struct {
	Attacker, Defender       int8 // crews, -1 before any combat
	AttackerCard, DefendCard int8 // values 2–6
	AttackerValue, DefValue  int8
}

// State is a position of TF22 Mine. Its exported-by-snapshot fields are the
// whole game; derived fields (visible exits, tunnel networks) are rebuilt
// whenever a card turns. Its only randomness after the deal is the symbol
// cards that chance draws, each an action of [game.Chance].
type State struct {
	pack       *compiledPack
	variant    uint8
	roundLimit int16
	n          int8

	phase  uint8
	card   [numPos]int8  // card id at each position
	orient [numPos]uint8 // orientation bits at each position
	ex     [numPos]uint16
	dir    [numColors][4]uint64    // per color, the positions with an exit N, E, S, W
	net    [numColors][numPos]int8 // tunnel network id per color, -1 where the color is absent
	ranium uint64                  // a bit per position holding Ranium

	crewPos    [numColors]int8 // -1: the crew is not in the game
	crewTunnel [numColors]int8 // the tunnel color the crew stands in
	crewOwner  [numColors]int8 // seat, -1 before the crew is chosen
	crewRanium [numColors]int8

	loader    [numLoader]int8 // dock index
	markers   [4]int8
	seatColor [4]int8 // color of a seat's symbol cards, -1 before choosing
	deck      [4]symbolDeck
	lastCard  [4]int8 // last symbol card a seat revealed, value index, -1 none

	active int8
	ore    int8
	turns  int16 // turns begun so far

	swapsLeft  int8
	chooseStep int8

	fight     combat
	lastFight combatResult
	// combats counts the combats resolved so far; the last one's number in
	// views. It follows from the moves, so it is left out of the snapshot,
	// which keeps the records of games as they were.
	combats uint16
	// tally counts, per crew, the markers its deliveries won and the
	// combats it fought, for the score's breakdown in views. It follows
	// from the moves and is left out of the snapshot, as combats is.
	tally    [numColors]crewTally
	freeSeat int8 // seat owed a free 1-ore action after winning a defense, -1 none
	// delivered counts the Ranium each seat has delivered in this turn:
	// at most 2 a turn.
	delivered  [4]int8
	placer     int8 // seat placing delivered Ranium
	placeCount int8 // delivered Ranium still to place
	placeSym   int8 // symbol revealed for the next placement, -1 none yet
	winner     int8 // -1 none; seat who reached the goal
	total      int8 // Ranium in the game
}

// crewTally is what a crew did that the score's breakdown shows.
type crewTally struct {
	markers, deliveries   int8
	attacks, attacksWon   int16
	defenses, defensesWon int16
}

var (
	_ game.State        = (*State)(nil)
	_ game.ChanceState  = (*State)(nil)
	_ game.Explainer    = (*State)(nil)
	_ game.Determinizer = (*State)(nil)
	_ game.InfoKeyer    = (*State)(nil)
	_ game.Checker      = (*State)(nil)
)

// newState deals a new game from seed: start cards in the center, the ring
// cards shuffled into the two rings with random sides and turns, Ranium on
// the inner corners, loaders at their docks, crews and bases on their
// crossings. The deal is the only use of seed; every later random event is
// a chance action.
func newState(pk *compiledPack, players int, variant uint8, roundLimit int, seed uint64) *State {
	s := &State{pack: pk, variant: variant, roundLimit: int16(roundLimit), n: int8(players)}
	rng := game.NewRand(seed)
	for col := range numColors {
		s.card[centerPos[col]] = pk.startCard[col]
	}
	ring := pk.ringCards
	rng.Shuffle(len(ring), func(i, j int) { ring[i], ring[j] = ring[j], ring[i] })
	for i, p := range ringPositions {
		s.card[p] = ring[i]
		s.orient[p] = uint8(rng.IntN(4))
	}
	for i, p := range innerCorners {
		if i == 0 && players <= 3 {
			continue // the corner above the white crossing stays empty
		}
		s.ranium |= 1 << p
		s.total++
	}
	for i := range s.loader {
		s.loader[i] = pk.loaderInit[i]
	}
	for col := range numColors {
		s.crewPos[col] = int8(centerPos[col])
		s.crewTunnel[col] = int8(col)
		s.crewOwner[col] = -1
	}
	if players == 3 {
		s.crewPos[white] = -1 // the white crew, base and symbol cards leave the game
	}
	for i := range s.seatColor {
		s.seatColor[i] = -1
		s.lastCard[i] = -1
	}
	s.lastFight = combatResult{Attacker: -1, Defender: -1}
	s.freeSeat, s.placeSym, s.winner, s.placer = -1, -1, -1, -1
	s.swapsLeft = 2
	s.fight.Card = -1
	s.refresh()
	return s
}

// notLastCol has a bit for every position but those of the east column.
const notLastCol = 0b011111_011111_011111_011111_011111_011111

// refresh rebuilds the visible exits and the tunnel networks from the cards.
func (s *State) refresh() {
	s.dir = [numColors][4]uint64{}
	for p := range numPos {
		s.ex[p] = 0
		s.placeExits(p)
	}
	s.findNetworks()
}

// recard updates the derived data after the card at p turned: the exits,
// and, when label is true, the networks of the colors whose exits on p
// changed.
func (s *State) recard(p int, label bool) {
	before := s.ex[p]
	for x := before; x != 0; x &= x - 1 {
		b := bits.TrailingZeros16(x)
		s.dir[b>>2][b&3] &^= 1 << p
	}
	s.placeExits(p)
	if !label {
		return
	}
	changed := before ^ s.ex[p]
	for c := range numColors {
		if changed>>(4*c)&15 != 0 {
			s.findColorNetworks(c)
		}
	}
}

// placeExits sets the visible exits of the card at p.
func (s *State) placeExits(p int) {
	x := s.pack.oriented[s.card[p]][s.orient[p]]
	s.ex[p] = x
	for ; x != 0; x &= x - 1 {
		b := bits.TrailingZeros16(x)
		s.dir[b>>2][b&3] |= 1 << p
	}
}

// findNetworks labels the tunnel networks of every color.
func (s *State) findNetworks() {
	for c := range numColors {
		s.findColorNetworks(c)
	}
}

// connections returns, for color c, the cards whose tunnel joins the one of
// the card east of them (east) and of the card south of them (south).
func (s *State) connections(c int) (east, south uint64) {
	d := &s.dir[c]
	return d[1] & (d[3] >> 1) & notLastCol, d[2] & (d[0] >> gridSize)
}

// flood returns the cards of color c's networks that include a card of
// seed, given c's connections.
func flood(seed, east, south uint64) uint64 {
	for {
		g := seed | (seed&east)<<1 | (seed>>1)&east | (seed&south)<<gridSize | (seed>>gridSize)&south
		if g == seed {
			return seed
		}
		seed = g
	}
}

// findColorNetworks labels the tunnel networks of color c by flood fill on
// bitboards of the 36 positions.
func (s *State) findColorNetworks(c int) {
	d := &s.dir[c]
	present := d[0] | d[1] | d[2] | d[3]
	east, south := s.connections(c)
	net := &s.net[c]
	*net = noNetwork
	id := int8(0)
	for present != 0 {
		comp := flood(present&-present, east, south)
		present &^= comp
		for m := comp; m != 0; m &= m - 1 {
			net[bits.TrailingZeros64(m)] = id
		}
		id++
	}
}

// noNetwork marks every position as without tunnel.
var noNetwork = func() (n [numPos]int8) {
	for i := range n {
		n[i] = -1
	}
	return n
}()

// exitsOf returns the visible exits of color col on the card at p.
func (s *State) exitsOf(p, col int) uint8 { return uint8(s.ex[p]>>(4*col)) & 15 }

// hasTunnel reports whether the card at p shows a tunnel of color col.
func (s *State) hasTunnel(p, col int) bool { return s.exitsOf(p, col) != 0 }

// goal is the number of markers a seat needs to win.
func (s *State) goal() int8 {
	if s.n == 2 {
		return 5
	}
	return 3
}

// chooser returns the seat whose turn it is to take a crew: counterclockwise
// from the start player's right; with 2 players the second player first and
// then alternately.
func (s *State) chooser() int8 {
	if s.n == 2 {
		return 1 - s.chooseStep%2
	}
	return s.n - 1 - s.chooseStep
}

func (s *State) chooseSteps() int8 {
	if s.n == 2 {
		return 4
	}
	return s.n
}

// rightOf is the seat to the right of seat p, who plays just before p.
func (s *State) rightOf(p int8) int8 { return (p + s.n - 1) % s.n }

// NumPlayers returns the number of seats.
func (s *State) NumPlayers() int { return int(s.n) }

// NumActions returns the size of the action space.
func (s *State) NumActions() int { return numActions }

// nobody is the actor of a game that is over.
const nobody game.Player = -128

// actor returns who acts now: a seat, [game.Chance] while a symbol card is
// drawn, or nobody when the game is over.
func (s *State) actor() game.Player {
	switch s.phase {
	case phaseSwap:
		return 0
	case phaseChoose:
		return game.Player(s.chooser())
	case phaseTurn:
		if s.drawing() {
			return game.Chance
		}
		switch {
		case s.placeCount > 0:
			return game.Player(s.placer)
		case s.fight.Stage == combatAttackerCard:
			return game.Player(s.crewOwner[s.fight.Attacker])
		case s.fight.Stage == combatDefenderCard:
			return game.Player(s.crewOwner[s.fight.Defender])
		case s.freeSeat >= 0:
			return game.Player(s.freeSeat)
		}
		return game.Player(s.active)
	}
	return nobody
}

// drawing reports whether chance draws a symbol card now: in the luck and
// standard variants, each side's card of a combat and the card revealed for
// each delivered Ranium.
func (s *State) drawing() bool {
	if s.phase != phaseTurn || s.variant == variantStrategy {
		return false
	}
	if s.placeCount > 0 {
		return s.placeSym < 0
	}
	return s.fight.Stage != combatNone
}

// drawSeat returns the seat whose symbol card chance draws now: the seat
// placing delivered Ranium, else the attacker's and then the defender's
// owner.
func (s *State) drawSeat() int8 {
	switch {
	case s.placeCount > 0:
		return s.placer
	case s.fight.Stage == combatAttackerCard:
		return s.crewOwner[s.fight.Attacker]
	}
	return s.crewOwner[s.fight.Defender]
}

// Actors appends who may act now: one seat, or [game.Chance] while a symbol
// card is drawn.
func (s *State) Actors(dst []game.Player) []game.Player {
	if a := s.actor(); a != nobody {
		dst = append(dst, a)
	}
	return dst
}

// ChanceOutcomes appends the symbol cards chance may draw now, each with
// its probability: in the luck variant each of the seat's five cards alike
// (all five are shuffled before every draw), in the standard variant each
// card still in the seat's pile alike (no one knows the pile's order). It
// appends nothing when chance does not act.
func (s *State) ChanceOutcomes(dst []game.ChanceOutcome) []game.ChanceOutcome {
	if !s.drawing() {
		return dst
	}
	pool := s.drawPool(s.drawSeat())
	p := 1 / float64(popcount8(pool))
	for v := range numValues {
		if pool&(1<<v) != 0 {
			dst = append(dst, game.ChanceOutcome{Action: game.Action(actDraw + v), Probability: p})
		}
	}
	return dst
}

// drawPool returns the cards chance may draw for seat: all five in the luck
// variant, the pile in the standard variant.
func (s *State) drawPool(seat int8) uint8 {
	if s.variant == variantLuck {
		return allValues
	}
	return s.deck[seat].Avail
}

// Terminal reports whether a seat reached its goal or the round limit ran out.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// Scores appends each seat's markers.
func (s *State) Scores(dst []float64) []float64 {
	for p := range s.n {
		dst = append(dst, float64(s.markers[p]))
	}
	return dst
}

// Returns appends 1 for the winner and 0 for the others; when the round
// limit ends the game, the seats with the most markers share the win.
func (s *State) Returns(dst []float64) []float64 {
	if s.winner >= 0 {
		for p := range s.n {
			if p == s.winner {
				dst = append(dst, 1)
			} else {
				dst = append(dst, 0)
			}
		}
		return dst
	}
	if s.phase != phaseOver {
		for range s.n {
			dst = append(dst, 0)
		}
		return dst
	}
	var sc [4]float64
	return game.RankReturns(s.Scores(sc[:0]), dst)
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

func popcount8(b uint8) int { return bits.OnesCount8(b) }
