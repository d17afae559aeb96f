package minerals

import (
	"minehall/game"
)

// GenerateLayout builds a random board that honours the rulebook's set-up:
// all 118 minerals, each touching at least two others, one undivided board,
// crevices allowed. It grows the board from the middle of the grid, one hex
// at a time, each new hex touching at least two hexes already placed, while
// about one hex in eight of the grid is kept empty to leave crevices; the
// minerals are then dealt at random.
func GenerateLayout(rng *game.Rand) Layout {
	for {
		if l, ok := tryGenerate(rng); ok {
			return l
		}
	}
}

func tryGenerate(rng *game.Rand) (Layout, bool) {
	var blocked, set CellSet
	for i := range NumCells {
		if rng.IntN(8) == 0 {
			blocked.Add(Cell(i))
		}
	}
	start := CellAt(GridRows/2, GridCols/2)
	seed := [3]Cell{start}
	b, _ := Neighbour(start, East)
	c, _ := Neighbour(start, SouthEast)
	seed[1], seed[2] = b, c
	for _, x := range seed {
		blocked.Remove(x)
		set.Add(x)
	}
	var frontier [NumCells]Cell
	for set.Len() < TotalMinerals {
		n := 0
		for i := range NumCells {
			x := Cell(i)
			if set.Has(x) || blocked.Has(x) || onRim(x) {
				continue
			}
			if set.neighbours(x) >= 2 {
				frontier[n] = x
				n++
			}
		}
		if n == 0 {
			return Layout{}, false
		}
		set.Add(frontier[rng.IntN(n)])
	}
	l := Layout{Name: "random"}
	for _, x := range set.AppendCells(nil) {
		l.Cells[x] = randomMineral
	}
	l.Cells = l.deal(rng)
	return l, true
}

// onRim reports whether c is on the grid's outer ring, which random boards
// leave empty so that every board has room around it.
func onRim(c Cell) bool {
	return c.Row() == 0 || c.Col() == 0 || c.Row() == GridRows-1 || c.Col() == GridCols-1
}
