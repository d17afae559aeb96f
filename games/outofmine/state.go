package outofmine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
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
	// PhaseChoose: every player who has not yet picked a side of the board
	// dealt to them does so, all at once.
	PhaseChoose Phase = iota
	// PhaseRound: everyone fills their board at once until someone calls
	// "OUT OF MINE!" or the round clock runs out.
	PhaseRound
	// PhaseOver: seven rounds were played.
	PhaseOver
)

func (ph Phase) String() string {
	return [...]string{"choose", "round", "over"}[ph]
}

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
	Card      int8 // index in pack.Cards, -1 outside a round
	Hand      int8 // tile id held, -1 for none
	Occupied  CellSet
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
// game.Explainer, game.Timer, game.Checker, game.Determinizer and
// game.InfoKeyer.
type State struct {
	pack    *Pack
	opts    settings
	n       int
	rng     game.Rand
	phase   Phase
	seq     int64 // changes with every phase, for the clock
	round   int   // 0-based round number
	seats   [MaxPlayers]seat
	where   [NumTiles]int8 // inSupply, handBase+p or boardBase+p
	spots   [NumTiles]spot
	supply  [NumShapes * NumElements]int8
	inPile  [NumBoards]bool
	inBox   [NumBoards]bool
	used    [NumCards]bool
	scores  [Rounds][MaxPlayers]int16
	results [][]RoundResult // per round played, per player; shared between clones, append-only
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
)

// newState deals the first boards: one per player at random, six as the
// pile, the rest back in the box.
func newState(pack *Pack, n int, opts settings, seed uint64) *State {
	s := &State{pack: pack, opts: opts, n: n, rng: game.NewRand(seed)}
	for i := range s.where {
		s.where[i] = inSupply
	}
	for _, t := range pack.Tiles {
		s.supply[t.Shape*int(NumElements)+int(t.Element)]++
	}
	order := s.rng.Perm(len(pack.Boards))
	for i := range s.seats {
		s.seats[i] = seat{Board: -1, Side: -1, PrevBoard: -1, PrevSide: -1, Card: -1, Hand: -1}
	}
	for i, b := range order {
		switch {
		case i < n:
			s.seats[i].Board = int8(b)
		case i < n+PileBoards:
			s.inPile[b] = true
		default:
			s.inBox[b] = true
		}
	}
	s.phase = PhaseChoose
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

// Actors implements game.State: in the choice phase every player still to
// choose; in a round the system (when the clock is on) and every player who
// has anything to do.
func (s *State) Actors(dst []game.Player) []game.Player {
	switch s.phase {
	case PhaseChoose:
		for p := range s.n {
			if s.seats[p].Side < 0 {
				dst = append(dst, game.Player(p))
			}
		}
	case PhaseRound:
		if s.opts.Clock > 0 {
			dst = append(dst, game.System)
		}
		for p := range s.n {
			if s.canAct(p) {
				dst = append(dst, game.Player(p))
			}
		}
	}
	return dst
}

// canAct reports whether p has any legal action in a round: a tile in hand
// or on the board, or a tile to take.
func (s *State) canAct(p int) bool {
	if s.seats[p].Hand >= 0 || s.seats[p].Occupied != 0 {
		return true
	}
	for _, k := range s.supply {
		if k > 0 {
			return true
		}
	}
	return false
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

// Timer implements game.Timer: the round clock runs while a round does.
func (s *State) Timer() (int64, time.Duration, bool) {
	return s.seq, time.Duration(s.opts.Clock) * time.Second, s.opts.Clock > 0 && s.phase == PhaseRound
}

// Determinize implements game.Determinizer. Everything on the table is
// public; only the generator (the order of future boards and cards) is
// hidden, so it is reseeded from rng.
func (s *State) Determinize(p game.Player, rng *game.Rand) game.State {
	c := s.Clone().(*State)
	c.rng = game.NewRand(rng.Uint64())
	// Which of the boards no one has seen lie in the pile, and which stayed
	// in the box, is hidden: only the pile's size is known. Deal them anew.
	var seen [NumBoards]bool
	for q := range c.n {
		if b := c.seats[q].Board; b >= 0 {
			seen[b] = true
		}
	}
	for _, round := range c.results {
		for _, r := range round {
			if b, ok := c.pack.BoardByID(r.Board); ok {
				seen[b] = true
			}
		}
	}
	var unseen [NumBoards]int
	k, inPile := 0, 0
	for b := range c.pack.Boards {
		if seen[b] {
			continue
		}
		if c.inPile[b] {
			inPile++
		}
		c.inPile[b], c.inBox[b] = false, false
		unseen[k] = b
		k++
	}
	rng.Shuffle(k, func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	for i, b := range unseen[:k] {
		if i < inPile {
			c.inPile[b] = true
		} else {
			c.inBox[b] = true
		}
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

// startRound draws a card for every player and starts the clock.
func (s *State) startRound() {
	for p := range s.n {
		var free [NumCards]int8
		k := 0
		for c := range s.pack.Cards {
			if !s.used[c] {
				free[k] = int8(c)
				k++
			}
		}
		c := free[s.rng.IntN(k)]
		s.used[c] = true
		s.seats[p].Card = c
	}
	s.phase = PhaseRound
	s.seq++
}

// endRound scores the round (caller is -1 when the clock ran out), clears
// the boards and rotates them.
func (s *State) endRound(caller int) {
	for p := range s.n {
		if h := s.seats[p].Hand; h >= 0 {
			s.toSupply(int(h))
			s.seats[p].Hand = -1
		}
	}
	res := make([]RoundResult, s.n)
	best, bestN, leaver := -1, 0, caller
	for p := range s.n {
		st := &s.seats[p]
		placed := s.placedTiles(p)
		sc, removed := ScoreBoard(s.pack, s.sideOf(p), s.cardOf(p), placed, p == caller, Objective{Elves: s.opts.Elves, Finds: s.opts.Finds})
		s.scores[s.round][p] = int16(sc.Score)
		res[p] = RoundResult{Board: s.pack.Boards[st.Board].ID, Side: sideName(int(st.Side)), Card: s.pack.Cards[st.Card].ID,
			Called: p == caller, Score: sc, Placed: placed, Removed: removed}
		covered := GalleryCells - sc.Empty
		switch {
		case covered > best:
			best, bestN = covered, 1
			if caller < 0 {
				leaver = p
			}
		case covered == best:
			bestN++
			if caller < 0 && s.rng.IntN(bestN) == 0 { // ties by lot
				leaver = p
			}
		}
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
		s.seats[p].Occupied = 0
		s.seats[p].Card = -1
	}
	s.round++
	s.seq++
	if s.round == Rounds {
		s.phase = PhaseOver
		return
	}
	// The leaver's board goes to the box; a new one comes from the pile.
	s.inBox[s.seats[leaver].Board] = true
	var pile [NumBoards]int8
	k := 0
	for b, in := range s.inPile {
		if in {
			pile[k] = int8(b)
			k++
		}
	}
	nb := pile[s.rng.IntN(k)]
	s.inPile[nb] = false
	var deal [MaxPlayers]int8
	for p := range s.n {
		deal[p] = s.seats[p].Board
		s.seats[p].PrevBoard = s.seats[p].Board
		s.seats[p].PrevSide = s.seats[p].Side
	}
	deal[leaver] = nb
	s.rng.Shuffle(s.n, func(i, j int) { deal[i], deal[j] = deal[j], deal[i] })
	for p := range s.n {
		s.seats[p].Board = deal[p]
		s.seats[p].Side = -1
	}
	s.phase = PhaseChoose
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
// place and the supply counts match, boards hold no overlapping tiles and
// no tile outside the rectangle, every board is in play, in the pile or in
// the box, and no card is dealt twice.
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
		if s.phase == PhaseRound && s.seats[p].Card < 0 {
			return fmt.Errorf("player %d has no card during a round", p)
		}
	}
	var boards [NumBoards]int
	for p := range s.n {
		if s.phase != PhaseOver {
			boards[s.seats[p].Board]++
		}
	}
	for b := range s.pack.Boards {
		if s.inPile[b] {
			boards[b]++
		}
		if s.inBox[b] {
			boards[b]++
		}
		if s.phase != PhaseOver && boards[b] != 1 {
			return fmt.Errorf("board %d is in %d places", s.pack.Boards[b].ID, boards[b])
		}
	}
	used := 0
	for _, u := range s.used {
		if u {
			used++
		}
	}
	want := s.round * s.n
	if s.phase == PhaseRound {
		want += s.n
	}
	if used != want {
		return fmt.Errorf("%d cards dealt; want %d after %d rounds", used, want, s.round)
	}
	return nil
}
