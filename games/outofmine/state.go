package outofmine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/bits"
	"time"

	"minehall/game"
)

// MaxPlayers is the largest table; Rounds is the length of a game.
const (
	MaxPlayers = 4
	Rounds     = 7
	// PileBoards is the number of boards laid out as the draw pile.
	PileBoards = 6
)

// Phase is what the table is doing.
type Phase int8

// The phases of a game.
const (
	// PhaseDeal: chance deals the boards, one seat at a time: at the start
	// from all the boards, between rounds from the boards in play after
	// the leaver's board went to the box and a new one came from the pile.
	// Between rounds it first draws the lot that says who returns the
	// board when the clock ended a round with a tie, then the new board.
	PhaseDeal Phase = iota
	// PhaseChoose: every player who has not yet picked a side of the board
	// dealt to them does so, all at once.
	PhaseChoose
	// PhaseCards: chance deals each player a treasure card face down, one
	// seat at a time; the last card dealt reveals them all and starts the
	// round.
	PhaseCards
	// PhaseRound: everyone fills their board at once until someone calls
	// "OUT OF MINE!" or the round clock runs out.
	PhaseRound
	// PhaseOver: seven rounds were played.
	PhaseOver
)

func (ph Phase) String() string {
	return [...]string{"deal", "choose", "cards", "round", "over"}[ph]
}

// Where a board is. Which of the boards never seen lie in the pile and which
// stayed in the box at set-up is seen by no one, so the state does not say:
// the pile is a count, and a board drawn from it is drawn from all the
// boards never seen (for everything anyone sees, the same draw).
const (
	boardUnseen   int8 = iota // face down: in the pile or left in the box at set-up
	boardInPlay               // in front of a seat (seat.Board names it)
	boardToDeal               // face up, shuffled with the others for the next deal
	boardReturned             // put back in the box by a round's leaver
)

// Where a tile is: in the supply, in a player's hand, or on a player's board.
const (
	inSupply  int8 = -1
	handBase  int8 = 0
	boardBase int8 = MaxPlayers
)

// settings are the resolved options of a game.
type settings struct {
	Clock  int  // seconds per round, 0 = off
	Assist bool // refuse wrong placements
	Elves  bool // variant A
	Finds  bool // variant B
}

// spot is where a placed tile lies: its transform and top-left cell.
type spot struct {
	Sym  int8
	Cell int8
}

// seat is one player's part of the state.
type seat struct {
	Board     int8 // index in pack.Boards, -1 before dealing
	Side      int8 // 0 = A, 1 = B, -1 while choosing
	PrevBoard int8 // board of the previous round, -1 in the first
	PrevSide  int8 // side of the previous round, -1 in the first
	Card      int8 // index in pack.Cards (face down while PhaseCards lasts), -1 outside a round
	Hand      int8 // tile id held, -1 for none
	Occupied  CellSet
	// Stopped: the player stopped digging for the rest of the round (see
	// actStop); when every player has, the round ends as when the clock
	// runs out.
	Stopped bool
}

// RoundResult is how one player's round was scored.
type RoundResult struct {
	Board   int          `json:"board"` // board id
	Side    string       `json:"side"`
	Card    int          `json:"card"` // card id
	Called  bool         `json:"called"`
	Score   RoundScore   `json:"score"`
	Placed  []PlacedTile `json:"placed"`
	Removed []int        `json:"removed"` // tile ids removed by the check
}

// State is a game of Out of Mine in progress. It implements game.State,
// game.ChanceState, game.Explainer, game.Timer, game.Checker,
// game.Determinizer, game.InfoKeyer and game.PublicMover.
//
// The state holds no generator: every random event is a chance node (see
// chance.go), drawn by whoever drives the game and recorded as an action
// of game.Chance.
type State struct {
	pack   *Pack
	opts   settings
	n      int
	phase  Phase
	seq    int64 // changes with every phase, for the clock
	round  int   // 0-based round number
	seats  [MaxPlayers]seat
	where  [NumTiles]int8 // inSupply, handBase+p or boardBase+p
	spots  [NumTiles]spot
	supply [NumShapes * NumElements]int8
	boards [NumBoards]int8 // boardUnseen, boardInPlay, boardToDeal or boardReturned
	pile   int8            // boards left in the draw pile
	// lot holds a bit per seat tied for the most covered spaces when the
	// clock ended a round: the lot among them is due. 0 when none is.
	lot uint8
	// drawBoard: the leaver's board went to the box and its replacement
	// is still to come from the pile.
	drawBoard bool
	used      [NumCards]bool // dealt in this game, face down or up
	scores    [Rounds][MaxPlayers]int16
	results   [][]RoundResult // per round played, per player; shared between clones, append-only
	// resultViews are the results as views show them, made when a round
	// ends; shared between clones and append-only like results.
	resultViews [][]ResultView
	// resultsDigest is the hex SHA-256 chained over the JSON of every
	// entry of results, for Snapshot.
	resultsDigest string
}

var (
	_ game.State        = (*State)(nil)
	_ game.Explainer    = (*State)(nil)
	_ game.Timer        = (*State)(nil)
	_ game.Checker      = (*State)(nil)
	_ game.Determinizer = (*State)(nil)
	_ game.InfoKeyer    = (*State)(nil)
	_ game.ChanceState  = (*State)(nil)
	_ game.PublicMover  = (*State)(nil)
)

// newState sets up a game before anything is dealt: every tile in the
// supply, every board face down, the pile counted at six, and chance to
// deal each player a board (PhaseDeal).
func newState(pack *Pack, n int, opts settings) *State {
	s := &State{pack: pack, opts: opts, n: n, pile: PileBoards}
	for i := range s.where {
		s.where[i] = inSupply
	}
	for _, t := range pack.Tiles {
		s.supply[t.Shape*int(NumElements)+int(t.Element)]++
	}
	for i := range s.seats {
		s.seats[i] = seat{Board: -1, Side: -1, PrevBoard: -1, PrevSide: -1, Card: -1, Hand: -1}
	}
	s.phase = PhaseDeal
	return s
}

// NumPlayers implements game.State.
func (s *State) NumPlayers() int { return s.n }

// NumActions implements game.State.
func (s *State) NumActions() int { return numActions }

// Phase returns the current phase; Round the 0-based round number.
func (s *State) Phase() Phase { return s.phase }

// Round returns the 0-based number of the current round.
func (s *State) Round() int { return s.round }

// Pack returns the component pack of the game.
func (s *State) Pack() *Pack { return s.pack }

// Terminal implements game.State.
func (s *State) Terminal() bool { return s.phase == PhaseOver }

// Actors implements game.State: game.Chance while boards or cards are
// dealt; in the choice phase every player still to choose; in a round the
// system (when the clock is on) and every player who has anything to do.
func (s *State) Actors(dst []game.Player) []game.Player {
	switch s.phase {
	case PhaseDeal, PhaseCards:
		dst = append(dst, game.Chance)
	case PhaseChoose:
		for p := range s.n {
			if s.seats[p].Side < 0 {
				dst = append(dst, game.Player(p))
			}
		}
	case PhaseRound:
		if s.opts.Clock > 0 || s.allStopped() {
			dst = append(dst, game.System)
		}
		for p := range s.n {
			if !s.seats[p].Stopped {
				dst = append(dst, game.Player(p))
			}
		}
	}
	return dst
}

// allStopped reports whether every player has stopped digging this round:
// then the system ends it (see actStop), clock or not.
func (s *State) allStopped() bool { return s.stoppedCount() == s.n }

// stoppedCount is how many players have stopped digging this round.
func (s *State) stoppedCount() int {
	n := 0
	for p := range s.n {
		if s.seats[p].Stopped {
			n++
		}
	}
	return n
}

// Scores implements game.State: the points of the rounds played so far.
func (s *State) Scores(dst []float64) []float64 {
	for p := range s.n {
		t := 0
		for r := range Rounds {
			t += int(s.scores[r][p])
		}
		dst = append(dst, float64(t))
	}
	return dst
}

// Returns implements game.State: the most points win, ties share.
func (s *State) Returns(dst []float64) []float64 {
	var buf [MaxPlayers]float64
	return game.RankReturns(s.Scores(buf[:0]), dst)
}

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	c.results = c.results[:len(c.results):len(c.results)]
	c.resultViews = c.resultViews[:len(c.resultViews):len(c.resultViews)]
	return &c
}

// Timer implements game.Timer: the round clock runs while a round does,
// until every player has stopped (then the system ends the round at once).
func (s *State) Timer() (int64, time.Duration, bool) {
	return s.seq, time.Duration(s.opts.Clock) * time.Second, s.opts.Clock > 0 && s.phase == PhaseRound && !s.allStopped()
}

// Determinize implements game.Determinizer. Everything on the table is
// public and the state holds no generator, so the only hidden thing is
// which treasure card lies face down before each player while the cards
// are dealt (PhaseCards): no one has seen them, so they are drawn anew
// with rng from the cards not used in the rounds played, one per seat
// holding a face-down card. Which unseen boards lie in the pile is not in
// the state at all (see boardUnseen).
func (s *State) Determinize(p game.Player, rng *game.Rand) game.State {
	c := s.Clone().(*State)
	if c.phase != PhaseCards {
		return c
	}
	for q := range c.n {
		if k := c.seats[q].Card; k >= 0 {
			c.used[k] = false
		}
	}
	for q := range c.n {
		if c.seats[q].Card < 0 {
			continue
		}
		var free [NumCards]int8
		k := 0
		for card := range c.pack.Cards {
			if !c.used[card] {
				free[k] = int8(card)
				k++
			}
		}
		card := free[rng.IntN(k)]
		c.used[card] = true
		c.seats[q].Card = card
	}
	return c
}

// InfoKey implements game.InfoKeyer: everyone sees the same table.
func (s *State) InfoKey(p game.Player) string {
	b, err := json.Marshal(s.View(game.Spectator))
	if err != nil {
		panic("outofmine: view does not encode: " + err.Error())
	}
	return string(b)
}

// sideOf returns the side p plays.
func (s *State) sideOf(p int) *Side {
	st := &s.seats[p]
	return &s.pack.Boards[st.Board].Sides[st.Side]
}

// cardOf returns p's card, nil outside a round.
func (s *State) cardOf(p int) *Card {
	if s.seats[p].Card < 0 {
		return nil
	}
	return &s.pack.Cards[s.seats[p].Card]
}

// tileCells returns the cells tile t covers at spot sp.
func (s *State) tileCells(t int, sp spot) CellSet {
	sh := &s.pack.Shapes[s.pack.Tiles[t].Shape]
	return sh.Orientations[sh.BySymbol[sp.Sym]].Cells << sp.Cell
}

// placedTiles returns p's placed tiles.
func (s *State) placedTiles(p int) []PlacedTile {
	var out []PlacedTile
	for t, w := range s.where {
		if w == boardBase+int8(p) {
			out = append(out, PlacedTile{Tile: t, Cells: s.tileCells(t, s.spots[t])})
		}
	}
	return out
}

// endRound scores the round (caller is -1 when the clock ran out) and
// clears the boards. After the seventh round the game is over; otherwise
// the board that leaves is settled: the caller's, or else the one of the
// player with the most covered spaces, or, when several tie, a lot among
// them is due (PhaseDeal with lot set).
func (s *State) endRound(caller int) {
	for p := range s.n {
		if h := s.seats[p].Hand; h >= 0 {
			s.toSupply(int(h))
			s.seats[p].Hand = -1
		}
	}
	res := make([]RoundResult, s.n)
	best := -1
	var covered [MaxPlayers]int
	for p := range s.n {
		st := &s.seats[p]
		placed := s.placedTiles(p)
		sc, removed := ScoreBoard(s.pack, s.sideOf(p), s.cardOf(p), placed, p == caller, Objective{Elves: s.opts.Elves, Finds: s.opts.Finds})
		s.scores[s.round][p] = int16(sc.Score)
		res[p] = RoundResult{Board: s.pack.Boards[st.Board].ID, Side: sideName(int(st.Side)), Card: s.pack.Cards[st.Card].ID,
			Called: p == caller, Score: sc, Placed: placed, Removed: removed}
		covered[p] = GalleryCells - sc.Empty
		best = max(best, covered[p])
	}
	s.results = append(s.results, res)
	rv := make([]ResultView, len(res))
	for p, r := range res {
		rv[p] = s.resultView(r)
	}
	s.resultViews = append(s.resultViews, rv)
	enc, err := json.Marshal(res)
	if err != nil {
		panic("outofmine: round result does not encode: " + err.Error())
	}
	sum := sha256.Sum256(append([]byte(s.resultsDigest), enc...))
	s.resultsDigest = hex.EncodeToString(sum[:])
	for t, w := range s.where {
		if w >= boardBase {
			s.toSupply(t)
		}
	}
	for p := range s.n {
		st := &s.seats[p]
		st.Occupied = 0
		st.Stopped = false
		st.Card = -1
		st.PrevBoard, st.PrevSide = st.Board, st.Side
		st.Side = -1
	}
	s.round++
	s.seq++
	if s.round == Rounds {
		s.phase = PhaseOver
		return
	}
	s.phase = PhaseDeal
	if caller >= 0 {
		s.returnBoard(caller)
		return
	}
	for p := range s.n {
		if covered[p] == best {
			s.lot |= 1 << p
		}
	}
	if bits.OnesCount8(s.lot) == 1 {
		leaver := bits.TrailingZeros8(s.lot)
		s.lot = 0
		s.returnBoard(leaver)
	}
}

// returnBoard puts the leaver's board in the box and the other boards in
// play face up for the next deal; the new board from the pile is due.
func (s *State) returnBoard(leaver int) {
	for p := range s.n {
		b := s.seats[p].Board
		s.boards[b] = boardToDeal
		if p == leaver {
			s.boards[b] = boardReturned
		}
		s.seats[p].Board = -1
	}
	s.drawBoard = true
}

func (s *State) toSupply(t int) {
	tl := &s.pack.Tiles[t]
	s.where[t] = inSupply
	s.supply[tl.Shape*int(NumElements)+int(tl.Element)]++
}

// takeKind moves the lowest-numbered supply tile of kind k to p's hand.
func (s *State) takeKind(p, k int) {
	for t := range s.pack.Tiles {
		if s.where[t] == inSupply && kindOf(&s.pack.Tiles[t]) == k {
			s.where[t] = handBase + int8(p)
			s.supply[k]--
			s.seats[p].Hand = int8(t)
			return
		}
	}
}

func kindOf(t *Tile) int { return t.Shape*int(NumElements) + int(t.Element) }

func sideName(side int) string {
	if side < 0 {
		return ""
	}
	return string(rune('A' + side))
}

// CheckInvariants implements game.Checker: every tile is in exactly one
// place and the supply counts match, tiles leave the supply only during a
// round, boards hold no overlapping tiles and no tile outside the
// rectangle, every board is in exactly one place (in play, to deal, unseen
// or returned) with the pile's count matching the boards drawn, and the
// cards dealt are those of the rounds played plus one per player holding
// a card now.
func (s *State) CheckInvariants() error {
	var supply [NumShapes * NumElements]int8
	var occ [MaxPlayers]CellSet
	var hands [MaxPlayers]int
	for t, w := range s.where {
		switch {
		case w == inSupply:
			supply[kindOf(&s.pack.Tiles[t])]++
		case w >= handBase && w < handBase+int8(s.n):
			p := int(w - handBase)
			hands[p]++
			if s.seats[p].Hand != int8(t) {
				return fmt.Errorf("tile %d is in player %d's hand but the hand holds %d", t, p, s.seats[p].Hand)
			}
		case w >= boardBase && w < boardBase+int8(s.n):
			p := int(w - boardBase)
			sh := &s.pack.Shapes[s.pack.Tiles[t].Shape]
			if !sh.Canonical[s.spots[t].Sym] {
				return fmt.Errorf("tile %d lies in a non-canonical orientation", t)
			}
			c := s.tileCells(t, s.spots[t])
			if c&occ[p] != 0 {
				return fmt.Errorf("tile %d overlaps another tile on player %d's board", t, p)
			}
			if c&^s.sideOf(p).Area != 0 {
				return fmt.Errorf("tile %d lies off player %d's board", t, p)
			}
			occ[p] |= c
		default:
			return fmt.Errorf("tile %d has an impossible place %d", t, w)
		}
	}
	if supply != s.supply {
		return fmt.Errorf("supply counts %v do not match the tiles in the supply %v", s.supply, supply)
	}
	for p := range s.n {
		if occ[p] != s.seats[p].Occupied {
			return fmt.Errorf("player %d's occupied cells do not match the tiles on the board", p)
		}
		if (s.seats[p].Hand >= 0) != (hands[p] == 1) {
			return fmt.Errorf("player %d's hand is inconsistent", p)
		}
		if s.phase != PhaseRound && (hands[p] != 0 || occ[p] != 0) {
			return fmt.Errorf("player %d holds or has laid tiles in phase %s", p, s.phase)
		}
		if s.seats[p].Stopped && (s.phase != PhaseRound || hands[p] != 0) {
			return fmt.Errorf("player %d has stopped digging but holds a tile or is in phase %s", p, s.phase)
		}
	}
	if err := s.checkBoards(); err != nil {
		return err
	}
	return s.checkCards()
}

// checkBoards checks that every board is in exactly one place and that the
// pile's count matches the boards seen so far.
func (s *State) checkBoards() error {
	if s.phase == PhaseOver {
		return nil
	}
	var seen [NumBoards]int
	dealt, toDeal, returned := 0, 0, 0
	for p := range s.n {
		b := s.seats[p].Board
		switch {
		case b < 0:
			if s.phase != PhaseDeal {
				return fmt.Errorf("player %d has no board in phase %s", p, s.phase)
			}
			continue
		case int(b) >= len(s.pack.Boards):
			return fmt.Errorf("player %d has board index %d of %d", p, b, len(s.pack.Boards))
		case s.boards[b] != boardInPlay:
			return fmt.Errorf("player %d's board %d is in place %d, not in play", p, s.pack.Boards[b].ID, s.boards[b])
		}
		seen[b]++
		dealt++
	}
	unseen := 0
	for b := range s.pack.Boards {
		switch s.boards[b] {
		case boardInPlay:
			if seen[b] != 1 {
				return fmt.Errorf("board %d is in play before %d players", s.pack.Boards[b].ID, seen[b])
			}
		case boardUnseen:
			unseen++
		case boardToDeal:
			toDeal++
		case boardReturned:
			returned++
		default:
			return fmt.Errorf("board %d has an impossible place %d", s.pack.Boards[b].ID, s.boards[b])
		}
	}
	if s.pile < 0 || int(s.pile) > unseen {
		return fmt.Errorf("the pile counts %d boards but %d are unseen", s.pile, unseen)
	}
	drawn := PileBoards - int(s.pile)
	if drawn != s.round-b2i(s.lot != 0 || s.drawBoard) {
		return fmt.Errorf("%d boards came from the pile in %d finished rounds", drawn, s.round)
	}
	if returned+b2i(s.lot != 0) != s.round {
		return fmt.Errorf("%d boards were returned to the box after %d rounds", returned, s.round)
	}
	if (s.lot != 0 || s.drawBoard) && s.phase != PhaseDeal {
		return fmt.Errorf("a lot or a board from the pile is due in phase %s", s.phase)
	}
	if s.lot != 0 && (s.drawBoard || dealt != s.n || bits.OnesCount8(s.lot) < 2 || s.lot>>s.n != 0) {
		return fmt.Errorf("the lot among seats %b is due with the boards not all in play", s.lot)
	}
	if s.round == 0 && toDeal != 0 || s.round > 0 && s.lot == 0 && dealt+toDeal != s.n-b2i(s.drawBoard) {
		return fmt.Errorf("%d boards in play and %d to deal for %d players", dealt, toDeal, s.n)
	}
	return nil
}

// checkCards checks that the cards dealt are the cards of the rounds
// played plus one per player holding a card now, and that a round is
// played with every card up.
func (s *State) checkCards() error {
	used, holding := 0, 0
	for _, u := range s.used {
		if u {
			used++
		}
	}
	for p := range s.n {
		c := s.seats[p].Card
		if c < 0 {
			if s.phase == PhaseRound {
				return fmt.Errorf("player %d has no card during a round", p)
			}
			continue
		}
		if s.phase != PhaseRound && s.phase != PhaseCards {
			return fmt.Errorf("player %d holds card %d in phase %s", p, c, s.phase)
		}
		if int(c) >= len(s.pack.Cards) || !s.used[c] {
			return fmt.Errorf("player %d holds card index %d, which is not marked dealt", p, c)
		}
		holding++
	}
	if want := s.round*s.n + holding; used != want {
		return fmt.Errorf("%d cards dealt; want %d after %d rounds", used, want, s.round)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
