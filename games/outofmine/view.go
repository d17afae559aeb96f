package outofmine

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/bits"
	"slices"

	"minehall/game"
)

// View is what a player or spectator sees: everything on the table. Out of
// Mine hides nothing but the boards and cards still to come and, while the
// treasure cards are dealt, the cards lying face down (no one has seen
// them: all are revealed together when the last one is dealt).
//
// A view names every tile with its shape and element and every board side
// with its layout, so a client needs no table of the pack besides Shapes.
// Sets of cells are lists of cell names ("c2"): a whole board's set does
// not fit in a JavaScript number.
type View struct {
	You int `json:"you"` // seat, -1 for a spectator
	// Phase is "deal" (chance deals the boards), "choose", "cards" (chance
	// deals the treasure cards face down), "round" or "over".
	Phase      string         `json:"phase"`
	Round      int            `json:"round"` // 1-based
	Rounds     int            `json:"rounds"`
	Clock      int            `json:"clock_seconds"`
	Assist     bool           `json:"assist"`
	Elves      bool           `json:"elves"`
	Finds      bool           `json:"finds"`
	Players    []PlayerView   `json:"players"`
	Supply     []SupplyCount  `json:"supply"` // every kind of tile of the pack, in the order of Shapes then elements
	PileBoards int            `json:"pile_boards"`
	CardsLeft  int            `json:"cards_left"`
	Results    [][]ResultView `json:"results"`
	Scores     []int          `json:"scores"`
	// Shapes are the tile shapes by their index in the pack (tiles and
	// kinds refer to them), drawn as rows of '#' and '.' in transform r0.
	Shapes []ShapeView `json:"shapes"`
	// ToDeal are the ids of the boards lying face up to be dealt, in
	// ascending order, while chance deals them between rounds.
	ToDeal []int `json:"to_deal,omitempty"`
	// Lot are the seats (0-based) tied for the most covered spaces when
	// the clock ended the round, while the lot among them that says who
	// returns the board is due.
	Lot []int `json:"lot,omitempty"`
}

// ShapeView is a tile shape as a client draws it.
type ShapeView struct {
	ID    string   `json:"id"`
	Color string   `json:"color"`
	Cells []string `json:"cells"`
}

// SideView is a board side: rows of '#' (gallery) and '.' (rock), and the
// elves.
type SideView struct {
	Rows  []string  `json:"rows"`
	Elves []ElfView `json:"elves"`
}

// ElfView is an elf at the edge of a gallery space.
type ElfView struct {
	Cell  string `json:"cell"`
	Color string `json:"color"`
	Edge  string `json:"edge"`
}

// CardView is a treasure card face up.
type CardView struct {
	ID    int            `json:"id"`
	Tiles map[string]int `json:"tiles"`
	Finds map[string]int `json:"finds"`
}

// PlayerView is one seat as everyone sees it.
type PlayerView struct {
	Board    int       `json:"board,omitempty"` // board id, left out while none is dealt
	Side     string    `json:"side"`            // "" while choosing
	MustSide string    `json:"must_side,omitempty"`
	Card     int       `json:"card,omitempty"` // card id during a round
	CardFace *CardView `json:"card_face,omitempty"`
	// CardDown: a treasure card lies face down before the player while
	// the cards are dealt; its id and face are not shown to anyone.
	CardDown bool `json:"card_down,omitempty"`
	// Sides are both sides of the board dealt (A then B) while the player
	// chooses one; the board dealt is public (Board), so everyone sees them.
	Sides    []SideView   `json:"sides,omitempty"`
	Layout   *SideView    `json:"layout,omitempty"` // the side played, once chosen
	HandTile *TileView    `json:"hand_tile"`        // the tile in hand, null for none
	Placed   []PlacedView `json:"placed"`
	Empty    int          `json:"empty"` // uncovered gallery spaces
	// Stopped: the player stopped digging for the rest of the round.
	Stopped bool `json:"stopped,omitempty"`
}

// TileView names a tile: its id, its shape and its element ("" for a
// plain tile, then left out).
type TileView struct {
	Tile    int    `json:"tile"`
	Shape   string `json:"shape"`
	Element string `json:"element,omitempty"`
}

// PlacedView is a tile on a board: the tile, its transform (see the
// notation), the top-left cell of its bounding box, and the cells it
// covers.
type PlacedView struct {
	Tile      int      `json:"tile"`
	Shape     string   `json:"shape"`
	Element   string   `json:"element,omitempty"` // "" for a plain tile, then left out
	Transform string   `json:"transform"`
	Cell      string   `json:"cell"`
	Cells     []string `json:"cells"`
}

// ResultView is how one player's round was scored, as a [RoundResult]
// with the layout of the side played and every placed tile named in full.
type ResultView struct {
	Board   int          `json:"board"` // board id
	Side    string       `json:"side"`
	Layout  *SideView    `json:"layout"` // the side played
	Card    int          `json:"card"`   // card id
	Called  bool         `json:"called"`
	Score   RoundScore   `json:"score"`
	Placed  []PlacedView `json:"placed"`
	Removed []int        `json:"removed"` // tile ids removed by the check
}

// SupplyCount is how many tiles of one kind are in the supply, 0 when none
// is left.
type SupplyCount struct {
	Shape   string `json:"shape"`
	Element string `json:"element,omitempty"`
	Count   int    `json:"count"`
}

// View implements game.State. The finished rounds' results in the view are
// shared with the state (and its clones): a view is read, never modified.
func (s *State) View(p game.Player) any {
	v := View{You: -1, Phase: s.phase.String(), Round: min(s.round+1, Rounds), Rounds: Rounds, Clock: s.opts.Clock,
		Assist: s.opts.Assist, Elves: s.opts.Elves, Finds: s.opts.Finds, Results: s.resultViews, Scores: []int{}}
	if v.Results == nil {
		v.Results = [][]ResultView{}
	}
	if p.Seated() && int(p) < s.n {
		v.You = int(p)
	}
	for pi := range s.n {
		st := &s.seats[pi]
		pv := PlayerView{Side: sideName(int(st.Side)), Placed: []PlacedView{}, Stopped: st.Stopped}
		if st.Board >= 0 {
			pv.Board = s.pack.Boards[st.Board].ID
		}
		if s.phase == PhaseChoose && st.Side < 0 && st.Board == st.PrevBoard {
			pv.MustSide = sideName(1 - int(st.PrevSide))
		}
		if c := s.cardOf(pi); c != nil && s.phase == PhaseCards {
			pv.CardDown = true
		} else if c != nil {
			pv.Card = c.ID
			pv.CardFace = cardView(c)
		}
		if st.Side >= 0 {
			pv.Layout = sideView(s.sideOf(pi))
		} else if s.phase == PhaseChoose {
			b := &s.pack.Boards[st.Board]
			pv.Sides = []SideView{*sideView(&b.Sides[0]), *sideView(&b.Sides[1])}
		}
		if st.Hand >= 0 {
			pv.HandTile = s.tileView(int(st.Hand))
		}
		for t, w := range s.where {
			if w == boardBase+int8(pi) {
				pv.Placed = append(pv.Placed, s.placedView(t, s.spots[t]))
			}
		}
		if st.Side >= 0 {
			pv.Empty = (s.sideOf(pi).Gallery &^ st.Occupied).Count()
		}
		v.Players = append(v.Players, pv)
	}
	var inPack [NumShapes * NumElements]bool
	for i := range s.pack.Tiles {
		inPack[kindOf(&s.pack.Tiles[i])] = true
	}
	for k, n := range s.supply {
		if inPack[k] {
			v.Supply = append(v.Supply, SupplyCount{Shape: s.pack.Shapes[k/int(NumElements)].ID, Element: Element(k % int(NumElements)).String(), Count: int(n)})
		}
	}
	v.PileBoards = int(s.pile)
	for b := range s.pack.Boards {
		if s.boards[b] == boardToDeal {
			v.ToDeal = append(v.ToDeal, s.pack.Boards[b].ID)
		}
	}
	slices.Sort(v.ToDeal)
	for p := range s.n {
		if s.lot&(1<<p) != 0 {
			v.Lot = append(v.Lot, p)
		}
	}
	for _, u := range s.used[:len(s.pack.Cards)] {
		if !u {
			v.CardsLeft++
		}
	}
	var buf [MaxPlayers]float64
	for _, sc := range s.Scores(buf[:0]) {
		v.Scores = append(v.Scores, int(sc))
	}
	for i := range s.pack.Shapes {
		sh := &s.pack.Shapes[i]
		o := sh.Orientations[0]
		v.Shapes = append(v.Shapes, ShapeView{ID: sh.ID, Color: sh.Color.String(), Cells: drawCells(o.Cells, o.Rows, o.Cols)})
	}
	return v
}

// tileView names tile t.
func (s *State) tileView(t int) *TileView {
	tl := &s.pack.Tiles[t]
	return &TileView{Tile: t, Shape: s.pack.Shapes[tl.Shape].ID, Element: tl.Element.String()}
}

// placedView describes tile t lying at sp.
func (s *State) placedView(t int, sp spot) PlacedView {
	tl := &s.pack.Tiles[t]
	return PlacedView{Tile: t, Shape: s.pack.Shapes[tl.Shape].ID, Element: tl.Element.String(),
		Transform: symbolNames[sp.Sym], Cell: cellName(int(sp.Cell)), Cells: cellNames(s.tileCells(t, sp))}
}

// resultView describes a scored board. A result keeps each tile's cells
// only; the spot is the one canonical spot that covers them.
func (s *State) resultView(r RoundResult) ResultView {
	rv := ResultView{Board: r.Board, Side: r.Side, Card: r.Card, Called: r.Called, Score: r.Score,
		Placed: make([]PlacedView, len(r.Placed)), Removed: r.Removed}
	if rv.Removed == nil {
		rv.Removed = []int{}
	}
	if b, ok := s.pack.BoardByID(r.Board); ok && (r.Side == "A" || r.Side == "B") {
		rv.Layout = sideView(&s.pack.Boards[b].Sides[r.Side[0]-'A'])
	}
	for i, pt := range r.Placed {
		rv.Placed[i] = s.placedView(pt.Tile, spotOf(&s.pack.Shapes[s.pack.Tiles[pt.Tile].Shape], pt.Cells))
	}
	return rv
}

// spotOf returns the canonical spot at which a tile of shape sh covers
// exactly cells, which must be a placement of sh.
func spotOf(sh *Shape, cells CellSet) spot {
	top := bits.TrailingZeros64(uint64(cells)) / GridStride
	left := GridStride
	for c := cells; c != 0; c &= c - 1 {
		left = min(left, bits.TrailingZeros64(uint64(c))%GridStride)
	}
	at := top*GridStride + left
	for _, o := range sh.Orientations {
		if o.Cells<<at == cells {
			return spot{Sym: int8(o.Symbol), Cell: int8(at)}
		}
	}
	panic(fmt.Sprintf("outofmine: cells %#x are no placement of shape %s", uint64(cells), sh.ID))
}

// cellNames lists the cells of set by name, row by row from the top left.
func cellNames(set CellSet) []string {
	out := make([]string, 0, set.Count())
	for c := set; c != 0; c &= c - 1 {
		out = append(out, cellName(bits.TrailingZeros64(uint64(c))))
	}
	return out
}

func cardView(c *Card) *CardView {
	cv := &CardView{ID: c.ID, Tiles: map[string]int{}, Finds: map[string]int{}}
	for col, n := range c.Count {
		if n > 0 {
			cv.Tiles[Color(col).String()] = n
		}
	}
	for el, pts := range c.Finds {
		if pts != 0 {
			cv.Finds[Element(el).String()] = pts
		}
	}
	return cv
}

func sideView(sd *Side) *SideView {
	v := &SideView{Rows: drawCells(sd.Gallery, sd.Rows, sd.Cols), Elves: []ElfView{}}
	for _, e := range sd.Elves {
		v.Elves = append(v.Elves, ElfView{Cell: cellName(e.Row*GridStride + e.Col), Color: e.Color.String(), Edge: e.Edge})
	}
	return v
}

// drawCells draws the cells of on within a rows x cols box as '#' and '.'.
func drawCells(on CellSet, rows, cols int) []string {
	out := make([]string, rows)
	for r := range rows {
		b := make([]byte, cols)
		for c := range cols {
			b[c] = '.'
			if on.Has(r, c) {
				b[c] = '#'
			}
		}
		out[r] = string(b)
	}
	return out
}

// snapshot is the whole state as JSON (the state holds no generator).
// Everything but the options is packed into one hex string (see
// State.packed), and the finished rounds' results, which View shows in
// full, by a running SHA-256 of their JSON: hashing a state stays cheap
// while any difference still changes it.
type snapshot struct {
	Players int      `json:"players"`
	Options settings `json:"options"`
	State   string   `json:"state"`
	Results string   `json:"results"`
}

// Snapshot implements game.State.
func (s *State) Snapshot() any {
	return snapshot{Players: s.n, Options: s.opts, State: hex.EncodeToString(s.packed()), Results: s.resultsDigest}
}

// packedHand is a seat's hand as packed: the tile held, -1 for none, or
// handStopped when the player has stopped digging (and so holds none). A
// state without a stop packs as it did before stopping existed, so saved
// games and state hashes stay valid.
func packedHand(st seat) int8 {
	if st.Stopped {
		return handStopped
	}
	return st.Hand
}

// handStopped is the packed hand of a seat that has stopped digging.
const handStopped int8 = -2

// packed encodes the state's fields in a fixed order: phase, sequence,
// round; per seat board, side, previous board and side, card, hand and
// occupied cells; per tile its place, transform and cell; the supply per
// kind; per board its place; the pile's count, the seats of a due lot and
// 1 if a board from the pile is due; per card 1 if dealt; the scores per
// round and seat.
func (s *State) packed() []byte {
	b := make([]byte, 0, 512)
	b = append(b, byte(s.phase))
	b = binary.BigEndian.AppendUint64(b, uint64(s.seq))
	b = append(b, byte(s.round))
	for _, st := range s.seats[:s.n] {
		b = append(b, byte(st.Board), byte(st.Side), byte(st.PrevBoard), byte(st.PrevSide), byte(st.Card), byte(packedHand(st)))
		b = binary.BigEndian.AppendUint64(b, uint64(st.Occupied))
	}
	for t := range s.where {
		b = append(b, byte(s.where[t]), byte(s.spots[t].Sym), byte(s.spots[t].Cell))
	}
	for _, k := range s.supply {
		b = append(b, byte(k))
	}
	for _, place := range s.boards {
		b = append(b, byte(place))
	}
	b = append(b, byte(s.pile), s.lot, byte(b2i(s.drawBoard)))
	for _, u := range s.used {
		var v byte
		if u {
			v = 1
		}
		b = append(b, v)
	}
	for r := range Rounds {
		for _, sc := range s.scores[r][:s.n] {
			b = binary.BigEndian.AppendUint16(b, uint16(sc))
		}
	}
	return b
}
