package tf22

import "fmt"

// The planet is a grid of 6 × 6 landscape mine cards. A position is
// row*6+col with row 0 at the top; the long sides of every card face north
// and south.
const (
	gridSize  = 6
	numPos    = gridSize * gridSize
	numColors = 4
	numDocks  = 4 * gridSize
	numLoader = 3
	numValues = 5 // symbol-card values 2 to 6
	minValue  = 2
)

// The four tunnel colors, which are also the player colors.
const (
	white = iota
	red
	blue
	yellow
)

var colorNames = [numColors]string{"white", "red", "blue", "yellow"}

func colorIndex(name string) int {
	for i, n := range colorNames {
		if n == name {
			return i
		}
	}
	return -1
}

// Edges of a card as bits of an exit mask.
const (
	edgeN = 1 << iota
	edgeE
	edgeS
	edgeW
)

var edgeLetters = [4]byte{'N', 'E', 'S', 'W'}

// rot180 turns an exit mask by half a turn: north and south swap, east and
// west swap.
func rot180(m uint8) uint8 { return (m<<2 | m>>2) & 15 }

// centerPos lists the start positions of the crossings by color: white top
// left, red top right, blue bottom right, yellow bottom left.
var centerPos = [numColors]int{2*gridSize + 2, 2*gridSize + 3, 3*gridSize + 3, 3*gridSize + 2}

// innerCorners are the corner cards of the inner ring, clockwise from the one
// above the white crossing.
var innerCorners = [4]int{1*gridSize + 1, 1*gridSize + 4, 4*gridSize + 4, 4*gridSize + 1}

// ringOf returns 0 for the center, 1 for the inner ring and 2 for the outer
// ring.
func ringOf(pos int) int {
	r, c := pos/gridSize, pos%gridSize
	d := min(r, c, gridSize-1-r, gridSize-1-c)
	return 2 - d
}

// ringPositions lists the 32 positions of the two rings in ascending order;
// ringIndex is its inverse (-1 for the center).
var (
	ringPositions [numPos - 4]int8
	ringIndex     [numPos]int8
	innerRing     [12]int8
)

func init() {
	n, m := 0, 0
	for p := range numPos {
		ringIndex[p] = -1
		if ringOf(p) == 0 {
			continue
		}
		ringIndex[p] = int8(n)
		ringPositions[n] = int8(p)
		n++
		if ringOf(p) == 1 {
			innerRing[m] = int8(p)
			m++
		}
	}
}

// neighbor returns the position across edge e of pos, or -1 off the planet.
func neighbor(pos int, e uint8) int {
	r, c := pos/gridSize, pos%gridSize
	switch e {
	case edgeN:
		r--
	case edgeS:
		r++
	case edgeE:
		c++
	case edgeW:
		c--
	}
	if r < 0 || r >= gridSize || c < 0 || c >= gridSize {
		return -1
	}
	return r*gridSize + c
}

// posName is the notation of a position: 1-based row and column.
func posName(pos int) string { return fmt.Sprintf("%d,%d", pos/gridSize+1, pos%gridSize+1) }

func parsePos(s string) (int, error) {
	var r, c int
	var rest string
	n, _ := fmt.Sscanf(s, "%d,%d%s", &r, &c, &rest)
	if n != 2 || r < 1 || r > gridSize || c < 1 || c > gridSize {
		return 0, fmt.Errorf("%q is not a card position (row,column, each 1 to %d)", s, gridSize)
	}
	return (r-1)*gridSize + c - 1, nil
}

// Orientation of a card: bit 0 is a half turn, bit 1 shows the back. Action
// A toggles bit 0, B (over the long side) bit 1, C (over the short side)
// both.
const (
	orientTurned = 1
	orientBack   = 2
)

// dock is a place on the surface where a loader docks: a border edge of an
// outer-ring card.
type dock struct {
	pos  int8
	edge uint8
}

// expectedDocks lists the 24 border edges clockwise from the top-left
// corner's north edge; corner cards have one dock on their long side and one
// on their short side.
func expectedDocks() [numDocks]dock {
	var d [numDocks]dock
	i := 0
	for c := 0; c < gridSize; c++ {
		d[i] = dock{int8(c), edgeN}
		i++
	}
	for r := 0; r < gridSize; r++ {
		d[i] = dock{int8(r*gridSize + gridSize - 1), edgeE}
		i++
	}
	for c := gridSize - 1; c >= 0; c-- {
		d[i] = dock{int8((gridSize-1)*gridSize + c), edgeS}
		i++
	}
	for r := gridSize - 1; r >= 0; r-- {
		d[i] = dock{int8(r * gridSize), edgeW}
		i++
	}
	return d
}
