package minerals

import (
	"slices"

	"minehall/game"
)

// HexView is a mineral on the board.
type HexView struct {
	Hex     string `json:"hex"`
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Mineral string `json:"mineral"`
	Value   int    `json:"value"`
}

// PlayerView is what everybody sees of a player.
type PlayerView struct {
	Pawn         string         `json:"pawn,omitempty"` // the hex, "" when off the board
	Pool         map[string]int `json:"pool"`
	Tools        map[string]int `json:"tools_paid"` // minerals stacked on the player board
	Cards        []string       `json:"cards"`
	ReducedCards []string       `json:"reduced_cards,omitempty"`
	Score        int            `json:"score"`
	// Breakdown is the score's parts: Score is always their sum.
	Breakdown ScoreView `json:"breakdown"`
}

// FinalView is the final position: the minerals on the board and the
// last pawn (its seat, 0-based, and its hex).
type FinalView struct {
	Board []HexView `json:"board"`
	Seat  int       `json:"seat"`
	Pawn  string    `json:"pawn"`
}

// ScoreView is a player's score in its parts, by the version's rules:
// Cards' points, minus ToolMinerals (one point per mineral paid for tools,
// full version only), plus MineralPoints (the minerals owned, those paid
// for tools included: their values, or their number in the 6+ version).
// The parts always add up to the score, during play as at the end.
// TieBreak is the number of minerals on the player's collection cards,
// the first tie-break.
type ScoreView struct {
	Cards         []CardScore    `json:"cards"`
	ToolMinerals  int            `json:"tool_minerals"`
	Minerals      map[string]int `json:"minerals"` // owned, by mineral: pool and tools together
	MineralPoints int            `json:"mineral_points"`
	Total         int            `json:"total"`
	TieBreak      int            `json:"tie_break"`
}

// CardScore is a collection card a player took, with the points it
// scores (its lower value when it was taken without its orpiment).
type CardScore struct {
	ID      string `json:"id"`
	Points  int    `json:"points"`
	Reduced bool   `json:"reduced,omitempty"`
}

// ToolView is a tool in play.
type ToolView struct {
	Tile          string `json:"tile"`
	Cost          string `json:"cost"`
	Tool          string `json:"tool"`
	Name          string `json:"name"`
	Text          string `json:"text"`
	Reconstructed bool   `json:"reconstructed"`
}

// PawnColors are the colours of the pawns (and player boards) by seat: the
// box has "5 silicone pawns in different colors", which the rulebook does
// not name; these are told apart from each other and from the five
// minerals' colours (white, blue, pink, black, golden) on the board.
var PawnColors = [MaxPlayers]string{"red", "green", "purple", "orange", "turquoise"}

// View is the whole public state: Minerals has no hidden information (the
// deck's order is decided by chance when a card is revealed).
type View struct {
	Version string `json:"version"`
	// SeatColors is each seat's pawn colour (see PawnColors), the colour a
	// client draws the seat in everywhere.
	SeatColors []string       `json:"seat_colors"`
	Phase      string         `json:"phase"`
	Current    int            `json:"current"`
	Turn       int            `json:"turn"`
	Board      []HexView      `json:"board"`
	Players    []PlayerView   `json:"players"`
	Pouch      map[string]int `json:"pouch"`
	FaceUp     []string       `json:"face_up"` // card ids, "" for an empty slot
	DeckSize   int            `json:"deck_size"`
	Tools      []ToolView     `json:"tools"`
	ToolUsed   bool           `json:"tool_used"`
	Exchanged  bool           `json:"exchanged"`
	Pending    []string       `json:"pending_cut,omitempty"`
	Sack       *SackView      `json:"sack,omitempty"` // the Sack swap being built, in phase "sack"
	// Final is, once the game is over, the board as it stood when the
	// last pawn on it failed its move (which ended the game and sent the
	// minerals back to the pouch), with that pawn.
	Final *FinalView `json:"final,omitempty"`
}

// SackView is a Sack swap being built: the opponent (an index into
// Players, like Current) and the minerals the current player gives and
// takes so far, with their values.
type SackView struct {
	With      int            `json:"with"`
	Give      map[string]int `json:"give"`
	Take      map[string]int `json:"take"`
	GiveValue int            `json:"give_value"`
	TakeValue int            `json:"take_value"`
}

func countsMap(c Counts) map[string]int {
	m := make(map[string]int, NumMinerals)
	for i, n := range c {
		m[Mineral(i).String()] = int(n)
	}
	return m
}

func (s *State) cardIDs(set uint32) []string {
	ids := []string{}
	for k := range s.pack.Cards {
		if set&(1<<k) != 0 {
			ids = append(ids, s.pack.Cards[k].ID)
		}
	}
	return ids
}

// breakdown returns p's score in its parts (see [ScoreView]), as Score
// counts it.
func (s *State) breakdown(p int) ScoreView {
	owned := s.pool[p]
	for m, n := range s.stack[p] {
		owned[m] += n
	}
	b := ScoreView{Cards: []CardScore{}, Minerals: countsMap(owned), TieBreak: s.TieBreak(p)}
	if s.version == Version6 {
		b.MineralPoints = owned.Total()
		b.Total = b.MineralPoints
		return b
	}
	b.MineralPoints = owned.Value()
	b.ToolMinerals = s.stack[p].Total()
	b.Total = b.MineralPoints - b.ToolMinerals
	for k := range s.pack.Cards {
		if s.cards[p]&(1<<k) == 0 {
			continue
		}
		c := CardScore{ID: s.pack.Cards[k].ID, Points: s.pack.Cards[k].Points}
		if s.reduced[p]&(1<<k) != 0 {
			c.Points, c.Reduced = s.pack.Cards[k].ReducedPoints, true
		}
		b.Cards = append(b.Cards, c)
		b.Total += c.Points
	}
	return b
}

// View returns the public state; every seat and the spectator see the same.
func (s *State) View(p game.Player) any {
	v := View{
		Version: s.version.String(), Phase: phaseNames[s.phase], Current: int(s.current), Turn: int(s.turns),
		Pouch: countsMap(s.pouch), ToolUsed: s.toolUsed, Exchanged: s.exchanged,
		SeatColors: slices.Clone(PawnColors[:s.n]),
	}
	for _, c := range s.minerals.AppendCells(nil) {
		m := Mineral(s.board[c] - 1)
		v.Board = append(v.Board, HexView{Hex: c.String(), Row: c.Row(), Col: c.Col(), Mineral: m.String(), Value: m.Value()})
	}
	for q := 0; q < int(s.n); q++ {
		pv := PlayerView{Pool: countsMap(s.pool[q]), Tools: countsMap(s.stack[q]), Cards: s.cardIDs(s.cards[q]), Score: s.Score(q), Breakdown: s.breakdown(q)}
		if s.pawn[q] >= 0 {
			pv.Pawn = Cell(s.pawn[q]).String()
		}
		if s.reduced[q] != 0 {
			pv.ReducedCards = s.cardIDs(s.reduced[q])
		}
		v.Players = append(v.Players, pv)
	}
	if s.collectionsInPlay() {
		for _, k := range s.faceUp {
			id := ""
			if k >= 0 {
				id = s.pack.Cards[k].ID
			}
			v.FaceUp = append(v.FaceUp, id)
		}
		for k := range s.pack.Cards {
			if s.deck&(1<<k) != 0 {
				v.DeckSize++
			}
		}
	}
	if s.toolsInPlay() {
		for m, t := range s.tools {
			side := s.pack.Tiles[m][0]
			if side.Tool != t {
				side = s.pack.Tiles[m][1]
			}
			v.Tools = append(v.Tools, ToolView{Tile: Mineral(m).Color(), Cost: Mineral(m).String(), Tool: t.String(), Name: side.Name, Text: side.Text, Reconstructed: side.Reconstructed})
		}
	}
	for _, c := range s.pending.AppendCells(nil) {
		v.Pending = append(v.Pending, c.String())
	}
	if f := s.final; f != nil && s.phase == phaseOver {
		fv := &FinalView{Board: []HexView{}, Seat: int(f.seat), Pawn: Cell(f.pawn).String()}
		for i, v := range f.board {
			if c := Cell(i); v != 0 {
				m := Mineral(v - 1)
				fv.Board = append(fv.Board, HexView{Hex: c.String(), Row: c.Row(), Col: c.Col(), Mineral: m.String(), Value: m.Value()})
			}
		}
		v.Final = fv
	}
	if s.phase == phaseSack {
		v.Sack = &SackView{With: int(s.sackWith), Give: countsMap(s.sackGive), Take: countsMap(s.sackTake),
			GiveValue: s.sackGive.Value(), TakeValue: s.sackTake.Value()}
	}
	return v
}

// snapshot is the whole state in exported fields, for hashing and records.
type snapshot struct {
	Players     int
	Version     string
	Tools       [NumMinerals]string
	Board       string
	Pawns       []int16
	Pools       []Counts
	Stacks      []Counts
	Cards       []uint32
	Reduced     []uint32
	Pouch       Counts
	FaceUp      [faceUpSlots]int8
	Deck        uint32
	Phase       string
	Current     int8
	Setup       int8
	ToolUsed    bool
	Exchanged   bool
	Refill      int8
	ChestBack   string
	SackBack    string `json:",omitempty"`
	SackWith    int8   `json:",omitzero"`
	SackGive    Counts `json:",omitzero"`
	SackTake    Counts `json:",omitzero"`
	Origin      int16
	Provisional Counts `json:",omitzero"`
	Pending     CellSet
	Turns       int32
	Rand        game.Rand
}

// Snapshot returns the whole state, deterministically encodable.
func (s *State) Snapshot() any {
	n := int(s.n)
	b := make([]byte, NumCells)
	for i, v := range s.board {
		b[i] = '0' + v
	}
	snap := snapshot{
		Players: n, Version: s.version.String(), Board: string(b),
		Pawns: append([]int16(nil), s.pawn[:n]...), Pools: append([]Counts(nil), s.pool[:n]...),
		Stacks: append([]Counts(nil), s.stack[:n]...), Cards: append([]uint32(nil), s.cards[:n]...),
		Reduced: append([]uint32(nil), s.reduced[:n]...), Pouch: s.pouch, FaceUp: s.faceUp, Deck: s.deck,
		Phase: phaseNames[s.phase], Current: s.current, Setup: s.setupCount, ToolUsed: s.toolUsed,
		Exchanged: s.exchanged, Refill: s.refillSlot, ChestBack: phaseNames[s.chestBack], Origin: s.origin,
		SackWith: s.sackWith, SackGive: s.sackGive, SackTake: s.sackTake,
		Provisional: s.provisional, Pending: s.pending, Turns: s.turns, Rand: s.rng,
	}
	for m, t := range s.tools {
		snap.Tools[m] = t.String()
	}
	if s.phase == phaseSack {
		snap.SackBack = phaseNames[s.sackBack]
	}
	return snap
}
