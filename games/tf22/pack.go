package tf22

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Pack is a component pack: the mine cards, the symbol cards, the docks
// and where the loaders start. The embedded pack is a reconstruction (every
// item is marked so); owners of the printed game can load the real data with
// [LoadPack].
type Pack struct {
	Name        string       `json:"name"`
	Symbols     []string     `json:"symbols"`
	Cards       []MineCard   `json:"cards"`
	SymbolCards []SymbolCard `json:"symbol_cards"`
	Docks       []Dock       `json:"docks"`
	Loaders     LoaderSetup  `json:"loaders"`

	compiled compiledPack
}

// MineCard is one double-sided mine card. A start card names its player
// color in Start and shows a four-way crossing of that color on both sides;
// every other card shows one of the pack's symbols (used when Ranium is
// re-placed on the inner ring).
type MineCard struct {
	ID            string   `json:"id"`
	Start         string   `json:"start,omitempty"`
	Symbol        string   `json:"symbol,omitempty"`
	Front         CardSide `json:"front"`
	Back          CardSide `json:"back"`
	Reconstructed bool     `json:"reconstructed"`
}

// CardSide maps a tunnel color to the card edges its tunnel reaches, as
// letters N, E, S, W (north and south are the long sides). All tunnels of a
// side meet on the card. The back is described as it lies after flipping the
// card over its long side.
type CardSide struct {
	Tunnels map[string]string `json:"tunnels"`
}

// SymbolCard is one of a player color's five symbol cards.
type SymbolCard struct {
	Color         string `json:"color"`
	Value         int    `json:"value"`
	Symbol        string `json:"symbol"`
	Reconstructed bool   `json:"reconstructed"`
}

// Dock is a place on the planet's surface where a loader can dock: the
// border edge of an outer-ring card. Row and column count from 0 at the top
// left; the docks are listed clockwise from the top-left card's north edge.
type Dock struct {
	Row           int    `json:"row"`
	Col           int    `json:"col"`
	Edge          string `json:"edge"`
	Reconstructed bool   `json:"reconstructed"`
}

// LoaderSetup says at which docks (indices into Docks) the three loaders
// start.
type LoaderSetup struct {
	StartDocks    []int `json:"start_docks"`
	Reconstructed bool  `json:"reconstructed"`
}

// compiledPack is the pack in the form the engine reads.
type compiledPack struct {
	exits      [numPos][2]uint16 // card id, side: 4 bits of exits per color
	oriented   [numPos][4]uint16 // card id, orientation: the exits as they lie
	symbol     [numPos]int8      // card id: symbol index, -1 for start cards
	startCard  [numColors]int8   // color: card id of its start card
	ringCards  [numPos - 4]int8  // card ids of the ring cards
	symbolOf   [numColors][numValues]int8
	docks      [numDocks]dock
	loaderInit [numLoader]int8
	cardIDs    [numPos]string
	symbols    []string
}

//go:embed data/pack.json
var embeddedPack []byte

// DefaultPack returns the embedded (reconstructed) component pack.
func DefaultPack() *Pack {
	p, err := LoadPack(bytes.NewReader(embeddedPack))
	if err != nil {
		panic("tf22: embedded pack is invalid: " + err.Error())
	}
	return p
}

// LoadPack reads and validates a component pack. It reports every problem
// at once, each with its place in the file (for example
// "cards[7] (M04): back: tunnels.red: \"NX\" has X, which is not an edge").
func LoadPack(r io.Reader) (*Pack, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var p Pack
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("pack is not valid JSON: %w", err)
	}
	if dec.More() {
		return nil, errors.New("pack has data after its closing brace")
	}
	if err := p.compile(); err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *Pack) compile() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	c := &p.compiled

	if len(p.Symbols) < 1 {
		bad("symbols: the pack names no symbols")
	}
	symIndex := map[string]int{}
	for i, s := range p.Symbols {
		if s == "" {
			bad("symbols[%d]: empty name", i)
		} else if _, dup := symIndex[s]; dup {
			bad("symbols[%d]: %q is listed twice", i, s)
		}
		symIndex[s] = i
	}
	c.symbols = p.Symbols

	if len(p.Cards) != numPos {
		bad("cards: %d mine cards; the planet needs %d", len(p.Cards), numPos)
	}
	ids := map[string]int{}
	for i := range c.startCard {
		c.startCard[i] = -1
	}
	nRing := 0
	for i, mc := range p.Cards {
		if i >= numPos {
			break
		}
		where := fmt.Sprintf("cards[%d] (%s)", i, mc.ID)
		if mc.ID == "" {
			bad("cards[%d]: id is empty", i)
		} else if j, dup := ids[mc.ID]; dup {
			bad("%s: id is also used by cards[%d]", where, j)
		}
		ids[mc.ID] = i
		c.cardIDs[i] = mc.ID
		for s, side := range [2]CardSide{mc.Front, mc.Back} {
			m, err := compileSide(side)
			if err != nil {
				bad("%s: %s: %v", where, [2]string{"front", "back"}[s], err)
			}
			c.exits[i][s] = m
		}
		c.symbol[i] = -1
		if mc.Start != "" {
			col := colorIndex(mc.Start)
			if col < 0 {
				bad("%s: start: %q is not a player color (white, red, blue, yellow)", where, mc.Start)
				continue
			}
			if c.startCard[col] >= 0 {
				bad("%s: start: a second start card for %s (the first is cards[%d])", where, mc.Start, c.startCard[col])
			}
			c.startCard[col] = int8(i)
			if mc.Symbol != "" {
				bad("%s: symbol: a start card carries no symbol", where)
			}
			for s, side := range [2]string{"front", "back"} {
				if (c.exits[i][s]>>(4*col))&15 != 15 {
					bad("%s: %s: a start card needs a four-way %s crossing (NESW)", where, side, mc.Start)
				}
			}
			continue
		}
		si, ok := symIndex[mc.Symbol]
		if !ok {
			bad("%s: symbol: %q is not one of the pack's symbols", where, mc.Symbol)
		}
		c.symbol[i] = int8(si)
		if nRing < len(c.ringCards) {
			c.ringCards[nRing] = int8(i)
		}
		nRing++
	}
	for col, id := range c.startCard {
		if id < 0 {
			bad("cards: no start card for %s", colorNames[col])
		}
	}
	if len(p.Cards) == numPos && nRing != len(c.ringCards) {
		bad("cards: %d ring cards; the planet needs %d besides the 4 start cards", nRing, len(c.ringCards))
	}

	if len(p.SymbolCards) != numColors*numValues {
		bad("symbol_cards: %d cards; the game has %d (5 per color, values 2 to 6)", len(p.SymbolCards), numColors*numValues)
	}
	var seen [numColors][numValues]bool
	for i, sc := range p.SymbolCards {
		where := fmt.Sprintf("symbol_cards[%d]", i)
		col := colorIndex(sc.Color)
		if col < 0 {
			bad("%s: color: %q is not a player color", where, sc.Color)
			continue
		}
		if sc.Value < minValue || sc.Value >= minValue+numValues {
			bad("%s: value: %d is outside 2 to 6", where, sc.Value)
			continue
		}
		v := sc.Value - minValue
		if seen[col][v] {
			bad("%s: %s %d is listed twice", where, sc.Color, sc.Value)
		}
		seen[col][v] = true
		si, ok := symIndex[sc.Symbol]
		if !ok {
			bad("%s: symbol: %q is not one of the pack's symbols", where, sc.Symbol)
		}
		c.symbolOf[col][v] = int8(si)
	}

	want := expectedDocks()
	if len(p.Docks) != numDocks {
		bad("docks: %d docks; the surface has %d (one per border edge, two on each corner card)", len(p.Docks), numDocks)
	}
	for i, d := range p.Docks {
		if i >= numDocks {
			break
		}
		e := strings.IndexByte("NESW", firstByte(d.Edge))
		if len(d.Edge) != 1 || e < 0 {
			bad("docks[%d]: edge: %q is not N, E, S or W", i, d.Edge)
			continue
		}
		got := dock{int8(d.Row*gridSize + d.Col), uint8(1) << e}
		if d.Row < 0 || d.Row >= gridSize || d.Col < 0 || d.Col >= gridSize || got != want[i] {
			w := want[i]
			bad("docks[%d]: row %d col %d edge %s; clockwise order needs row %d col %d edge %c",
				i, d.Row, d.Col, d.Edge, w.pos/gridSize, w.pos%gridSize, edgeLetters[bitIndex(w.edge)])
		}
		c.docks[i] = got
	}
	if len(p.Loaders.StartDocks) != numLoader {
		bad("loaders.start_docks: %d docks; there are %d loaders", len(p.Loaders.StartDocks), numLoader)
	}
	for i, d := range p.Loaders.StartDocks {
		if i >= numLoader {
			break
		}
		if d < 0 || d >= numDocks {
			bad("loaders.start_docks[%d]: dock %d is outside 0 to %d", i, d, numDocks-1)
		} else if slices.Index(p.Loaders.StartDocks, d) != i {
			bad("loaders.start_docks[%d]: dock %d already holds a loader", i, d)
		}
		c.loaderInit[i] = int8(d)
	}
	c.orient()
	return errors.Join(errs...)
}

// orient fills c.oriented from c.exits.
func (c *compiledPack) orient() {
	for id := range c.exits {
		for o := range 4 {
			m := c.exits[id][o>>1]
			if o&orientTurned != 0 {
				var t uint16
				for col := range numColors {
					t |= uint16(rot180(uint8(m>>(4*col))&15)) << (4 * col)
				}
				m = t
			}
			c.oriented[id][o] = m
		}
	}
}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

func bitIndex(b uint8) int {
	for i := range 8 {
		if b == 1<<i {
			return i
		}
	}
	return -1
}

// compileSide turns a side's tunnels into 4 exit bits per color.
func compileSide(side CardSide) (uint16, error) {
	var errs []error
	var m uint16
	if len(side.Tunnels) == 0 {
		return 0, errors.New("tunnels: the side has no tunnel")
	}
	keys := make([]string, 0, len(side.Tunnels))
	for k := range side.Tunnels {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		exits := side.Tunnels[k]
		col := colorIndex(k)
		if col < 0 {
			errs = append(errs, fmt.Errorf("tunnels.%s: not a tunnel color (white, red, blue, yellow)", k))
			continue
		}
		if exits == "" {
			errs = append(errs, fmt.Errorf("tunnels.%s: the tunnel reaches no edge", k))
		}
		var cm uint16
		for _, ch := range []byte(exits) {
			e := strings.IndexByte("NESW", ch)
			if e < 0 {
				errs = append(errs, fmt.Errorf("tunnels.%s: %q has %c, which is not an edge (N, E, S, W)", k, exits, ch))
				continue
			}
			if cm&(1<<e) != 0 {
				errs = append(errs, fmt.Errorf("tunnels.%s: %q names %c twice", k, exits, ch))
			}
			cm |= 1 << e
		}
		m |= cm << (4 * col)
	}
	return m, errors.Join(errs...)
}
