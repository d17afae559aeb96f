package outofmine

import (
	"fmt"
	"math/bits"
	"slices"
)

// Grid is the fixed frame every board side lies in: cell (row, col) is bit
// row*GridStride+col of a [CellSet]. Board sides are rectangles of at most
// MaxRows by MaxCols cells.
const (
	GridStride = 8
	MaxRows    = 8
	MaxCols    = 8
)

// CellSet is a set of cells of the grid, one bit per cell.
type CellSet uint64

// Cell returns the bit of (row, col).
func Cell(row, col int) CellSet { return 1 << (row*GridStride + col) }

// Count returns the number of cells in s.
func (s CellSet) Count() int { return bits.OnesCount64(uint64(s)) }

// Has reports whether (row, col) is in s.
func (s CellSet) Has(row, col int) bool { return s&Cell(row, col) != 0 }

// Color is the color of a crystal tile; each color has one size.
type Color int8

// The five tile colors, in the order cards list them.
const (
	Yellow Color = iota
	Blue
	Green
	Red
	White
	NumColors
)

var colorNames = [NumColors]string{"yellow", "blue", "green", "red", "white"}

// String returns the color's name.
func (c Color) String() string {
	if c < 0 || c >= NumColors {
		return fmt.Sprintf("color(%d)", int(c))
	}
	return colorNames[c]
}

// ParseColor is the inverse of Color.String.
func ParseColor(s string) (Color, bool) {
	i := slices.Index(colorNames[:], s)
	return Color(i), i >= 0
}

// Size returns the number of cells of a tile of color c: yellow 1, blue 2,
// green 3, red 4, white 5.
func (c Color) Size() int { return int(c) + 1 }

// Element is a picture printed on some tiles, scored in the finds variant.
type Element int8

// The elements. NoElement marks a plain tile.
const (
	NoElement Element = iota
	Gold
	Silver
	Woodworm
	Rat
	NumElements
)

var elementNames = [NumElements]string{"", "gold", "silver", "woodworm", "rat"}

// String returns the element's name, "" for NoElement.
func (e Element) String() string {
	if e < 0 || e >= NumElements {
		return fmt.Sprintf("element(%d)", int(e))
	}
	return elementNames[e]
}

// ParseElement is the inverse of Element.String.
func ParseElement(s string) (Element, bool) {
	i := slices.Index(elementNames[:], s)
	return Element(i), i >= 0
}

// Orientation is one of the up to 8 distinct rotations and mirror images of
// a shape: a set of cells anchored so that its bounding box starts at row 0,
// column 0.
type Orientation struct {
	Cells  CellSet // anchored at (0, 0)
	Rows   int     // bounding box height
	Cols   int     // bounding box width
	Symbol int     // index in 0..7 of the transform: rotation r*90° then mirror if >= 4
}

// Shape is a polyomino of the pack with its distinct orientations.
type Shape struct {
	ID           string
	Color        Color
	Orientations []Orientation // distinct, by ascending transform
	// BySymbol maps each transform 0..7 to its index in Orientations.
	BySymbol [8]int8
	// Canonical reports for each transform whether it is the first transform
	// giving its cell set; only canonical transforms are legal in actions.
	Canonical [8]bool
}

// Size returns the number of cells of s.
func (s *Shape) Size() int { return s.Orientations[0].Cells.Count() }

// newShape builds a shape from its cells given as (row, col) pairs.
func newShape(id string, col Color, cells [][2]int) Shape {
	sh := Shape{ID: id, Color: col}
	for t := range 8 {
		pts := make([][2]int, len(cells))
		for i, p := range cells {
			r, c := p[0], p[1]
			for range t % 4 { // rotate 90° clockwise
				r, c = c, -r
			}
			if t >= 4 { // mirror left-right
				c = -c
			}
			pts[i] = [2]int{r, c}
		}
		minR, minC := pts[0][0], pts[0][1]
		maxR, maxC := minR, minC
		for _, p := range pts {
			minR, minC = min(minR, p[0]), min(minC, p[1])
			maxR, maxC = max(maxR, p[0]), max(maxC, p[1])
		}
		var set CellSet
		for _, p := range pts {
			set |= Cell(p[0]-minR, p[1]-minC)
		}
		if i := slices.IndexFunc(sh.Orientations, func(o Orientation) bool { return o.Cells == set }); i >= 0 {
			sh.BySymbol[t] = int8(i)
			continue
		}
		sh.BySymbol[t] = int8(len(sh.Orientations))
		sh.Canonical[t] = true
		sh.Orientations = append(sh.Orientations, Orientation{Cells: set, Rows: maxR - minR + 1, Cols: maxC - minC + 1, Symbol: t})
	}
	return sh
}

// symbolNames names the 8 transforms: rotation clockwise, then mirrored.
var symbolNames = [8]string{"r0", "r90", "r180", "r270", "m0", "m90", "m180", "m270"}

// connected reports whether the cells form one edge-connected piece.
func connected(cells [][2]int) bool {
	if len(cells) == 0 {
		return false
	}
	seen := map[[2]int]bool{cells[0]: true}
	stack := [][2]int{cells[0]}
	in := map[[2]int]bool{}
	for _, p := range cells {
		in[p] = true
	}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if in[q] && !seen[q] {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	return len(seen) == len(cells)
}
