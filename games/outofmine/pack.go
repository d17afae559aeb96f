package outofmine

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// The numbers of the box, confirmed by the rulebook.
const (
	NumTiles  = 69 // 12 yellow, 16 blue, 16 green, 15 red, 10 white
	NumShapes = 19 // 1 yellow, 1 blue, 2 green, 5 red, 10 white
	NumBoards = 10 // double-sided
	NumSides  = 2 * NumBoards
	NumCards  = 40
	// GalleryCells is the number of gallery spaces on every board side, and
	// the number of cells every card's tiles cover.
	GalleryCells = 20
)

// tilesPerColor and shapesPerColor are the confirmed contents of the box.
var (
	tilesPerColor  = [NumColors]int{12, 16, 16, 15, 10}
	shapesPerColor = [NumColors]int{1, 1, 2, 5, 10}
)

// Tile is one crystal tile of the box.
type Tile struct {
	ID      int // index in Pack.Tiles
	Shape   int // index in Pack.Shapes
	Color   Color
	Element Element
}

// Elf is an elf standing at the edge of a gallery space (elves variant).
type Elf struct {
	Row, Col int
	Color    Color
	Edge     string // "north", "east", "south" or "west": where it stands
}

// Side is one side of a gallery board: a rectangle of Rows by Cols cells of
// which the cells of Gallery are gallery spaces and the rest is rock.
type Side struct {
	Rows, Cols int
	Area       CellSet // every cell of the rectangle
	Gallery    CellSet
	Elves      []Elf
}

// Board is a double-sided gallery board; Sides[0] is side A, Sides[1] side B.
type Board struct {
	ID    int
	Sides [2]Side
}

// Card is a treasure card: how many tiles of each color to use, and the
// points per element in the finds variant (0 for elements it does not name).
type Card struct {
	ID    int
	Count [NumColors]int
	Finds [NumElements]int
}

// Cells returns the number of cells the card's tiles cover.
func (c *Card) Cells() int {
	n := 0
	for col, k := range c.Count {
		n += k * Color(col).Size()
	}
	return n
}

// Pack is the component data of the game: tile shapes, the 69 tiles, the 10
// boards and the 40 cards. A Pack is immutable once loaded and shared by
// every state made from it.
type Pack struct {
	Shapes []Shape
	Tiles  []Tile
	Boards []Board
	Cards  []Card

	boardIndex map[int]int
	cardIndex  map[int]int
	// Reconstructed lists the items marked reconstructed, for the rules text.
	Reconstructed []string

	exactOnce  sync.Once
	exactCards [][2]int // per board, per side: cards with an exact tiling
}

// ExactCards returns, per board and side, how many cards tile that side
// exactly with the whole box. It is computed once per pack and safe for
// concurrent use.
func (p *Pack) ExactCards() [][2]int {
	p.exactOnce.Do(func() {
		p.exactCards = make([][2]int, len(p.Boards))
		supply := FullSupply(p)
		for bi := range p.Boards {
			for side := range 2 {
				ss := NewSideSolver(p, &p.Boards[bi].Sides[side])
				for ci := range p.Cards {
					if ss.Plan(&p.Cards[ci], &supply, Objective{}).Empty == 0 {
						p.exactCards[bi][side]++
					}
				}
			}
		}
	})
	return p.exactCards
}

// BoardByID returns the index in p.Boards of the board with the given id.
func (p *Pack) BoardByID(id int) (int, bool) { i, ok := p.boardIndex[id]; return i, ok }

// CardByID returns the index in p.Cards of the card with the given id.
func (p *Pack) CardByID(id int) (int, bool) { i, ok := p.cardIndex[id]; return i, ok }

// ShapeByID returns the index in p.Shapes of the shape with the given id.
func (p *Pack) ShapeByID(id string) (int, bool) {
	for i := range p.Shapes {
		if p.Shapes[i].ID == id {
			return i, true
		}
	}
	return -1, false
}

//go:embed data/pack.json
var embeddedPack []byte

// DefaultPack returns the embedded (reconstructed) component pack. It is
// loaded once and shared: a Pack is never modified after loading.
func DefaultPack() *Pack { return defaultPack() }

var defaultPack = sync.OnceValue(func() *Pack {
	p, err := LoadPack(bytes.NewReader(embeddedPack))
	if err != nil {
		panic("outofmine: embedded pack is invalid: " + err.Error())
	}
	return p
})

// The JSON form of a pack.
type (
	packFile struct {
		Shapes []shapeJSON `json:"shapes"`
		Tiles  []tileJSON  `json:"tiles"`
		Boards []boardJSON `json:"boards"`
		Cards  []cardJSON  `json:"cards"`
	}
	shapeJSON struct {
		ID            string   `json:"id"`
		Color         string   `json:"color"`
		Cells         []string `json:"cells"` // '#' for a cell, '.' for none
		Reconstructed bool     `json:"reconstructed"`
	}
	tileJSON struct {
		Shape         string `json:"shape"`
		Element       string `json:"element"`
		Count         int    `json:"count"`
		Reconstructed bool   `json:"reconstructed"`
	}
	boardJSON struct {
		ID            int        `json:"id"`
		Sides         []sideJSON `json:"sides"`
		Reconstructed bool       `json:"reconstructed"`
	}
	sideJSON struct {
		Side  string    `json:"side"`
		Rows  []string  `json:"rows"` // '#' for a gallery space, '.' for rock
		Elves []elfJSON `json:"elves"`
	}
	elfJSON struct {
		Row   int    `json:"row"`
		Col   int    `json:"col"`
		Color string `json:"color"`
		Edge  string `json:"edge"`
	}
	cardJSON struct {
		ID            int            `json:"id"`
		Tiles         map[string]int `json:"tiles"`
		Finds         map[string]int `json:"finds"`
		Reconstructed bool           `json:"reconstructed"`
	}
)

// LoadPack reads a component pack in JSON and validates it against the
// contents of the box and the constraints of the rules. It reports every
// problem at once, each naming its item and field.
func LoadPack(r io.Reader) (*Pack, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var f packFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("pack is not valid JSON: %w", err)
	}
	v := &packValidator{p: &Pack{boardIndex: map[int]int{}, cardIndex: map[int]int{}}}
	v.shapes(f.Shapes)
	v.tiles(f.Tiles)
	v.boards(f.Boards)
	v.cards(f.Cards)
	if len(v.errs) > 0 {
		return nil, fmt.Errorf("pack has %d problem(s):\n%w", len(v.errs), errors.Join(v.errs...))
	}
	return v.p, nil
}

type packValidator struct {
	p    *Pack
	errs []error
}

func (v *packValidator) errorf(format string, args ...any) {
	v.errs = append(v.errs, fmt.Errorf(format, args...))
}

func (v *packValidator) shapes(in []shapeJSON) {
	var perColor [NumColors]int
	ids := map[string]bool{}
	for i, sj := range in {
		at := fmt.Sprintf("shapes[%d] (%q)", i, sj.ID)
		if sj.ID == "" || strings.ContainsAny(sj.ID, " \t") {
			v.errorf("%s: id must be a non-empty word", at)
		}
		if ids[sj.ID] {
			v.errorf("%s: id is used twice", at)
		}
		ids[sj.ID] = true
		col, ok := ParseColor(sj.Color)
		if !ok {
			v.errorf("%s: color %q is not yellow, blue, green, red or white", at, sj.Color)
			continue
		}
		var cells [][2]int
		bad := false
		for r, row := range sj.Cells {
			for c, ch := range row {
				switch ch {
				case '#':
					cells = append(cells, [2]int{r, c})
				case '.':
				default:
					v.errorf("%s: cells[%d] has %q; use '#' and '.'", at, r, ch)
					bad = true
				}
			}
		}
		if bad {
			continue
		}
		if len(cells) != col.Size() {
			v.errorf("%s: %d cells; a %s tile has %d", at, len(cells), col, col.Size())
			continue
		}
		if !connected(cells) {
			v.errorf("%s: cells are not connected", at)
			continue
		}
		sh := newShape(sj.ID, col, cells)
		for j := range v.p.Shapes {
			for _, o := range v.p.Shapes[j].Orientations {
				if o.Cells == sh.Orientations[0].Cells {
					v.errorf("%s: same shape as %q (turned or mirrored)", at, v.p.Shapes[j].ID)
				}
			}
		}
		perColor[col]++
		if sj.Reconstructed {
			v.p.Reconstructed = append(v.p.Reconstructed, "shape "+sj.ID)
		}
		v.p.Shapes = append(v.p.Shapes, sh)
	}
	for c := range NumColors {
		if perColor[c] != shapesPerColor[c] {
			v.errorf("shapes: %d %s shapes; the box has %d", perColor[c], c, shapesPerColor[c])
		}
	}
}

func (v *packValidator) tiles(in []tileJSON) {
	var perColor [NumColors]int
	perShape := make([]int, len(v.p.Shapes))
	for i, tj := range in {
		at := fmt.Sprintf("tiles[%d] (%s %s)", i, tj.Shape, tj.Element)
		sh, ok := v.p.ShapeByID(tj.Shape)
		if !ok {
			v.errorf("%s: shape %q is not in shapes", at, tj.Shape)
			continue
		}
		el, ok := ParseElement(tj.Element)
		if !ok {
			v.errorf("%s: element %q is not \"\", gold, silver, woodworm or rat", at, tj.Element)
			continue
		}
		if tj.Count < 1 {
			v.errorf("%s: count %d must be at least 1", at, tj.Count)
			continue
		}
		for range tj.Count {
			v.p.Tiles = append(v.p.Tiles, Tile{ID: len(v.p.Tiles), Shape: sh, Color: v.p.Shapes[sh].Color, Element: el})
		}
		perColor[v.p.Shapes[sh].Color] += tj.Count
		perShape[sh] += tj.Count
		if tj.Reconstructed {
			tiles := "tiles"
			if tj.Count == 1 {
				tiles = "tile"
			}
			v.p.Reconstructed = append(v.p.Reconstructed, fmt.Sprintf("%d %s %s with element %q", tj.Count, tj.Shape, tiles, tj.Element))
		}
	}
	for c := range NumColors {
		if perColor[c] != tilesPerColor[c] {
			v.errorf("tiles: %d %s tiles; the box has %d", perColor[c], c, tilesPerColor[c])
		}
	}
	for s, n := range perShape {
		sh := &v.p.Shapes[s]
		want := tilesPerColor[sh.Color] / shapesPerColor[sh.Color]
		if n != want {
			v.errorf("tiles: %d tiles of shape %q; the box has %d", n, sh.ID, want)
		}
	}
}

func (v *packValidator) boards(in []boardJSON) {
	if len(in) != NumBoards {
		v.errorf("boards: %d boards; the box has %d", len(in), NumBoards)
	}
	for i, bj := range in {
		at := fmt.Sprintf("boards[%d] (id %d)", i, bj.ID)
		if _, dup := v.p.boardIndex[bj.ID]; dup {
			v.errorf("%s: id is used twice", at)
		}
		b := Board{ID: bj.ID}
		if len(bj.Sides) != 2 {
			v.errorf("%s: %d sides; a board has sides A and B", at, len(bj.Sides))
		}
		for k, sj := range bj.Sides {
			if k >= 2 {
				break
			}
			want := string(rune('A' + k))
			sat := fmt.Sprintf("%s side %s", at, want)
			if sj.Side != want {
				v.errorf("%s: sides[%d] is %q; want %q", at, k, sj.Side, want)
			}
			b.Sides[k] = v.side(sat, sj)
		}
		v.p.boardIndex[bj.ID] = len(v.p.Boards)
		if bj.Reconstructed {
			v.p.Reconstructed = append(v.p.Reconstructed, fmt.Sprintf("board %d", bj.ID))
		}
		v.p.Boards = append(v.p.Boards, b)
	}
}

var edgeStep = map[string][2]int{"north": {-1, 0}, "east": {0, 1}, "south": {1, 0}, "west": {0, -1}}

func (v *packValidator) side(at string, sj sideJSON) Side {
	s := Side{Rows: len(sj.Rows)}
	if s.Rows == 0 || s.Rows > MaxRows {
		v.errorf("%s: %d rows; a side has 1 to %d", at, s.Rows, MaxRows)
		return s
	}
	s.Cols = len(sj.Rows[0])
	for r, row := range sj.Rows {
		if len(row) != s.Cols {
			v.errorf("%s: rows[%d] has %d cells; rows[0] has %d (a side is a rectangle)", at, r, len(row), s.Cols)
			continue
		}
		if len(row) > MaxCols {
			v.errorf("%s: rows[%d] has %d cells; at most %d", at, r, len(row), MaxCols)
			continue
		}
		for c, ch := range row {
			s.Area |= Cell(r, c)
			switch ch {
			case '#':
				s.Gallery |= Cell(r, c)
			case '.':
			default:
				v.errorf("%s: rows[%d] has %q; use '#' for gallery and '.' for rock", at, r, ch)
			}
		}
	}
	if n := s.Gallery.Count(); n != GalleryCells {
		v.errorf("%s: %d gallery spaces; every side has %d", at, n, GalleryCells)
	}
	var elfCells CellSet
	for e, ej := range sj.Elves {
		eat := fmt.Sprintf("%s elves[%d]", at, e)
		col, ok := ParseColor(ej.Color)
		if !ok {
			v.errorf("%s: color %q is not a tile color", eat, ej.Color)
			continue
		}
		if ej.Row < 0 || ej.Row >= s.Rows || ej.Col < 0 || ej.Col >= s.Cols || !s.Gallery.Has(ej.Row, ej.Col) {
			v.errorf("%s: (%d, %d) is not a gallery space", eat, ej.Row, ej.Col)
			continue
		}
		step, ok := edgeStep[ej.Edge]
		if !ok {
			v.errorf("%s: edge %q is not north, east, south or west", eat, ej.Edge)
			continue
		}
		nr, nc := ej.Row+step[0], ej.Col+step[1]
		if nr >= 0 && nr < s.Rows && nc >= 0 && nc < s.Cols && s.Gallery.Has(nr, nc) {
			v.errorf("%s: the %s edge of (%d, %d) borders another gallery space; an elf stands at the gallery's edge", eat, ej.Edge, ej.Row, ej.Col)
			continue
		}
		if elfCells.Has(ej.Row, ej.Col) {
			v.errorf("%s: (%d, %d) already has an elf", eat, ej.Row, ej.Col)
			continue
		}
		elfCells |= Cell(ej.Row, ej.Col)
		s.Elves = append(s.Elves, Elf{Row: ej.Row, Col: ej.Col, Color: col, Edge: ej.Edge})
	}
	return s
}

func (v *packValidator) cards(in []cardJSON) {
	if len(in) != NumCards {
		v.errorf("cards: %d cards; the box has %d", len(in), NumCards)
	}
	for i, cj := range in {
		at := fmt.Sprintf("cards[%d] (id %d)", i, cj.ID)
		if _, dup := v.p.cardIndex[cj.ID]; dup {
			v.errorf("%s: id is used twice", at)
		}
		c := Card{ID: cj.ID}
		for name, n := range cj.Tiles {
			col, ok := ParseColor(name)
			if !ok {
				v.errorf("%s: tiles has color %q, not a tile color", at, name)
				continue
			}
			if n < 1 || n > tilesPerColor[col] {
				v.errorf("%s: tiles.%s is %d; it must be 1 to %d", at, name, n, tilesPerColor[col])
				continue
			}
			c.Count[col] = n
		}
		if n := c.Cells(); n != GalleryCells {
			v.errorf("%s: tiles cover %d cells; a card's tiles cover %d", at, n, GalleryCells)
		}
		for name, pts := range cj.Finds {
			el, ok := ParseElement(name)
			if !ok || el == NoElement {
				v.errorf("%s: finds has %q, not gold, silver, woodworm or rat", at, name)
				continue
			}
			good := el == Gold || el == Silver
			if good && (pts < 1 || pts > 2) || !good && (pts < -2 || pts > -1) {
				v.errorf("%s: finds.%s is %d; good finds give +1 or +2, bad ones -1 or -2", at, name, pts)
				continue
			}
			c.Finds[el] = pts
		}
		v.p.cardIndex[cj.ID] = len(v.p.Cards)
		if cj.Reconstructed {
			v.p.Reconstructed = append(v.p.Reconstructed, fmt.Sprintf("card %d", cj.ID))
		}
		v.p.Cards = append(v.p.Cards, c)
	}
}
