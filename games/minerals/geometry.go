package minerals

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// The grid every board lies on: GridRows rows of GridCols hexes in "odd-r"
// offset layout (pointy-top hexes, odd rows shifted half a hex to the
// right). Cell index = row*GridCols + col.
const (
	GridCols = 16
	GridRows = 16
	NumCells = GridCols * GridRows
)

// Cell is a hex of the grid, 0 <= Cell < NumCells.
type Cell uint8

// noCell marks a missing neighbour (off the grid).
const noCell = -1

// Direction is one of the six hex directions.
type Direction uint8

// The six directions, counterclockwise from east.
const (
	East Direction = iota
	NorthEast
	NorthWest
	West
	SouthWest
	SouthEast
	numDirections
)

var directionNames = [numDirections]string{"east", "north-east", "north-west", "west", "south-west", "south-east"}

// String returns the direction's name.
func (d Direction) String() string { return directionNames[d%numDirections] }

// Opposite returns the reverse direction.
func (d Direction) Opposite() Direction { return (d + 3) % numDirections }

// neighbour[c][d] is the cell next to c in direction d, or noCell.
var neighbour [NumCells][numDirections]int16

func init() {
	// Column offsets of the six neighbours for even and odd rows.
	even := [numDirections][2]int{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}
	odd := [numDirections][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}
	for r := 0; r < GridRows; r++ {
		for c := 0; c < GridCols; c++ {
			off := even
			if r%2 == 1 {
				off = odd
			}
			for d := range off {
				nc, nr := c+off[d][0], r+off[d][1]
				if nc < 0 || nc >= GridCols || nr < 0 || nr >= GridRows {
					neighbour[r*GridCols+c][d] = noCell
				} else {
					neighbour[r*GridCols+c][d] = int16(nr*GridCols + nc)
				}
			}
		}
	}
}

// Neighbour returns the cell next to c in direction d and whether it is on
// the grid.
func Neighbour(c Cell, d Direction) (Cell, bool) {
	n := neighbour[c][d]
	return Cell(n), n != noCell
}

// CellAt returns the cell at row and column (both from 0).
func CellAt(row, col int) Cell { return Cell(row*GridCols + col) }

// Row returns the cell's row, from 0.
func (c Cell) Row() int { return int(c) / GridCols }

// Col returns the cell's column, from 0.
func (c Cell) Col() int { return int(c) % GridCols }

// String names the cell as a column letter and a row number from 1, as
// "c7" for column 2, row 6 (both from 0).
func (c Cell) String() string {
	return string(rune('a'+c.Col())) + strconv.Itoa(c.Row()+1)
}

// ParseCell is the inverse of [Cell.String].
func ParseCell(s string) (Cell, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if len(s) < 2 || s[0] < 'a' || s[0] >= 'a'+GridCols {
		return 0, fmt.Errorf("%q is not a hex: write a column letter a to %c and a row number 1 to %d, as e7", s, 'a'+GridCols-1, GridRows)
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil || r < 1 || r > GridRows {
		return 0, fmt.Errorf("%q is not a hex: the row must be a number 1 to %d", s, GridRows)
	}
	return CellAt(r-1, int(s[0]-'a')), nil
}

// CellSet is a set of cells as a bitset.
type CellSet [NumCells / 64]uint64

// Has reports whether c is in the set.
func (s *CellSet) Has(c Cell) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// Add puts c into the set.
func (s *CellSet) Add(c Cell) { s[c>>6] |= 1 << (c & 63) }

// Remove takes c out of the set.
func (s *CellSet) Remove(c Cell) { s[c>>6] &^= 1 << (c & 63) }

// Len returns the number of cells in the set.
func (s *CellSet) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// Empty reports whether the set has no cell.
func (s *CellSet) Empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// AppendCells appends the cells of the set in ascending order.
func (s *CellSet) AppendCells(dst []Cell) []Cell {
	for i, w := range s {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			w &= w - 1
			dst = append(dst, Cell(i*64+b))
		}
	}
	return dst
}

// First returns the lowest cell of the set; the set must not be empty.
func (s *CellSet) First() Cell {
	for i, w := range s {
		if w != 0 {
			return Cell(i*64 + bits.TrailingZeros64(w))
		}
	}
	return 0
}
