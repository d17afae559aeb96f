package minerals

import (
	"math/bits"

	"minehall/game"
)

// MaxPlayers is the largest number of seats.
const MaxPlayers = 5

// faceUpSlots is the number of face-up collection cards.
const faceUpSlots = 4

// Version is a version of the rules: for 6+ year olds, for 7+ year olds, or
// the full game.
type Version uint8

// The three versions.
const (
	Version6 Version = iota // no tools, no collections, most minerals wins
	Version7                // no tools
	VersionFull
)

var versionNames = [...]string{"6+", "7+", "full"}

// String returns the option value of the version.
func (v Version) String() string { return versionNames[v] }

// phase is what the game waits for.
type phase uint8

const (
	phaseRemove     phase = iota // set-up: players remove 5 minerals in turn
	phasePlacePawn               // set-up: each player places the pawn of the player to the right
	phaseMove                    // the current player must move (tools allowed first)
	phaseCut                     // fragments are about to be cut off; the Hammer or Shovel may act
	phaseAfter                   // after a correct move: exchange, tools, end of turn
	phaseFailPlace               // after a failed move: place the pawn on a free wollastonite
	phaseRevealCard              // chance: a card comes from the deck to a face-up slot
	phaseChestDraw               // chance: the Chest draws a mineral from the pouch
	phaseSack                    // the current player builds a Sack swap, step by step
	phaseOver
)

var phaseNames = [...]string{"remove", "place pawn", "move", "cut", "after move", "place pawn after a failed move", "reveal card", "chest draw", "sack", "over"}

// removals is how many minerals the players remove at set-up.
const removals = 5

// State is one position of a game of Minerals. It is a value of fixed size
// (no pointers besides the shared, read-only pack), so Clone is a copy and
// Apply never allocates.
type State struct {
	pack    *Pack
	n       int8
	version Version
	tools   [NumMinerals]ToolID // the side in play of each tile

	board    [NumCells]uint8 // mineral value per hex, 0 for none
	minerals CellSet         // hexes that hold a mineral
	pawn     [MaxPlayers]int16

	pool    [MaxPlayers]Counts
	stack   [MaxPlayers]Counts // minerals paid for tools
	cards   [MaxPlayers]uint32 // collection cards taken, by pack index
	reduced [MaxPlayers]uint32 // of those, the ones taken without their orpiment
	pouch   Counts
	faceUp  [faceUpSlots]int8 // pack index, or -1 for an empty slot
	deck    uint32            // cards still in the deck (its order is decided by chance when a card is revealed)

	phase      phase
	current    int8 // the seat whose turn it is (or who acts at set-up)
	setupCount int8
	toolUsed   bool
	exchanged  bool
	// provisional holds the minerals the current player took before this
	// turn's move: the Magnifying Glass's mineral and the lowest mineral of
	// each fragment a tool cut off. They stay only if a correct move
	// follows; after a failed move they go back to the pouch.
	provisional Counts
	refillSlot  int8
	chestBack   phase   // phase to return to after a Chest draw
	sackBack    phase   // in phaseSack, the phase the Sack was opened in
	sackWith    int8    // in phaseSack, the opponent of the swap
	sackGive    Counts  // in phaseSack, the minerals the current player gives so far
	sackTake    Counts  // in phaseSack, the minerals the current player takes so far
	origin      int16   // the hex the current pawn lifted its mineral from this turn
	pending     CellSet // fragments about to be cut off, in phaseCut
	turns       int32
	// final is the board, and the last pawn on it, as they stood when the
	// last pawn on the board failed its move, the failure that ends the
	// game (the minerals then go back to the pouch): the final position
	// views show at the end. Made once and never changed, so clones share
	// it; it follows from the moves and is no part of the snapshot.
	final *finalPosition

	rng game.Rand
}

// finalPosition is the board and the last pawn when the game ended.
type finalPosition struct {
	board [NumCells]uint8
	pawn  int16
	seat  int8
}

var (
	_ game.State       = (*State)(nil)
	_ game.ChanceState = (*State)(nil)
	_ game.Explainer   = (*State)(nil)
	_ game.Checker     = (*State)(nil)
)

// NumPlayers returns the number of seats.
func (s *State) NumPlayers() int { return int(s.n) }

// NumActions returns the size of the action space.
func (s *State) NumActions() int { return numActions }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// Actors appends who acts now: the current seat, Chance while a card is
// revealed or the Chest draws, nobody when the game is over.
func (s *State) Actors(dst []game.Player) []game.Player {
	switch s.phase {
	case phaseOver:
		return dst
	case phaseRevealCard, phaseChestDraw:
		return append(dst, game.Chance)
	}
	return append(dst, game.Player(s.current))
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// Version returns the version of the rules in play.
func (s *State) Version() Version { return s.version }

// toolsInPlay reports whether the version uses tools.
func (s *State) toolsInPlay() bool { return s.version == VersionFull }

// collectionsInPlay reports whether the version uses collection cards.
func (s *State) collectionsInPlay() bool { return s.version != Version6 }

// tileOf returns the tile (by its mineral) that shows tool t, if t is in
// play.
func (s *State) tileOf(t ToolID) (Mineral, bool) {
	if !s.toolsInPlay() {
		return 0, false
	}
	if m := Mineral(t / 2); s.tools[m] == t { // where the embedded pack has it
		return m, true
	}
	for m, id := range s.tools {
		if id == t {
			return Mineral(m), true
		}
	}
	return 0, false
}

// canUse reports whether p may use tool t now, as far as the tool's side,
// the once-per-turn rule and its cost go.
func (s *State) canUse(p int8, t ToolID) bool {
	if s.toolUsed {
		return false
	}
	m, ok := s.tileOf(t)
	return ok && s.pool[p][m] > 0
}

// pawnAt returns the seat whose pawn stands on c, or -1.
func (s *State) pawnAt(c Cell) int8 {
	for p := int8(0); p < s.n; p++ {
		if s.pawn[p] == int16(c) {
			return p
		}
	}
	return -1
}

// pawnSet returns the hexes with a pawn.
func (s *State) pawnSet() CellSet {
	var ps CellSet
	for p := int8(0); p < s.n; p++ {
		if s.pawn[p] >= 0 {
			ps.Add(Cell(s.pawn[p]))
		}
	}
	return ps
}

// hasFreeWollastonite reports whether a wollastonite without a pawn is
// left.
func (s *State) hasFreeWollastonite() bool {
	pawns := s.pawnSet()
	for i, w := range s.minerals {
		w &^= pawns[i]
		for w != 0 {
			b := bits.TrailingZeros64(w)
			w &= w - 1
			if s.board[i*64+b] == 1 {
				return true
			}
		}
	}
	return false
}

// freeWollastonites returns the wollastonites without a pawn.
func (s *State) freeWollastonites() CellSet {
	var w CellSet
	var buf [NumCells]Cell
	for _, c := range s.minerals.AppendCells(buf[:0]) {
		if s.board[c] == 1 {
			w.Add(c)
		}
	}
	for p := int8(0); p < s.n; p++ {
		if s.pawn[p] >= 0 {
			w.Remove(Cell(s.pawn[p]))
		}
	}
	return w
}

// free reports whether c holds a mineral and no pawn.
func (s *State) free(c Cell) bool { return s.board[c] != 0 && s.pawnAt(c) < 0 }

// setMineral puts mineral value v (0 to clear) on c.
func (s *State) setMineral(c Cell, v uint8) {
	s.board[c] = v
	if v == 0 {
		s.minerals.Remove(c)
	} else {
		s.minerals.Add(c)
	}
}
