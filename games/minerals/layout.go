package minerals

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"minehall/game"
)

// randomMineral marks a hex of a layout that gets a mineral dealt at random
// when the game is set up.
const randomMineral = 0xFF

// Layout is a board before the game: which hexes hold which mineral. A hex
// holds 0 (no mineral), 1 to 5 (the value of its mineral) or randomMineral.
type Layout struct {
	Name  string
	Cells [NumCells]uint8
}

// ParseLayout reads a board from text: one line per row of hexes, top row
// first; in a row each letter is one hex, in consecutive columns: w
// (wollastonite), k (kyanite), t (tourmaline), a (anthracite), o
// (orpiment), x (a mineral dealt at random at set-up) or . (no mineral).
// Spaces are ignored (write odd rows one space further right to see the
// hexes as they lie), and so are blank lines and lines starting with #.
// The board is checked as the rulebook asks (see [Layout.Validate]); every
// problem is reported with the hex it concerns.
func ParseLayout(name string, r io.Reader) (Layout, error) {
	var rows []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, line)
	}
	if err := sc.Err(); err != nil {
		return Layout{}, game.Errorf(game.CodeInvalid, "board %s: %v", name, err)
	}
	return layoutFromRows(name, rows)
}

func layoutFromRows(name string, rows []string) (Layout, error) {
	l := Layout{Name: name}
	var errs []error
	if len(rows) > GridRows {
		errs = append(errs, fmt.Errorf("board %s has %d rows; at most %d fit", name, len(rows), GridRows))
		rows = rows[:GridRows]
	}
	for r, line := range rows {
		col := 0
		for _, ch := range line {
			if ch == ' ' || ch == '\t' {
				continue
			}
			if col >= GridCols {
				errs = append(errs, fmt.Errorf("board %s: row %d has more than %d hexes", name, r+1, GridCols))
				break
			}
			c := CellAt(r, col)
			switch {
			case ch == '.':
			case ch == 'x':
				l.Cells[c] = randomMineral
			case strings.ContainsRune(mineralLetters, ch):
				l.Cells[c] = uint8(strings.IndexRune(mineralLetters, ch) + 1)
			default:
				errs = append(errs, fmt.Errorf("board %s: hex %s holds %q, which is not one of the letters w, k, t, a, o, x or a dot", name, c, ch))
			}
			col++
		}
	}
	if len(errs) == 0 {
		if err := l.Validate(); err != nil {
			return Layout{}, err
		}
		return l, nil
	}
	return Layout{}, game.Errorf(game.CodeInvalid, "%v", errors.Join(errs...))
}

// Validate checks the set-up rules of the rulebook: exactly the game's
// minerals (53 wollastonite, 30 kyanite, 20 tourmaline, 10 anthracite, 5
// orpiment, where x hexes may stand for any of them), every mineral touching
// at least two others, and one undivided board. It reports every problem,
// naming the hex.
func (l *Layout) Validate() error {
	var errs []error
	var counts [NumMinerals]int
	random, total := 0, 0
	var set CellSet
	for i := range NumCells {
		l.check(Cell(i), &counts, &random, &total, &set, &errs)
	}
	if total != TotalMinerals {
		errs = append(errs, fmt.Errorf("board %s has %d minerals; the game has %d", l.Name, total, TotalMinerals))
	}
	spare := 0
	for m := range NumMinerals {
		if counts[m] > MineralCounts[m] {
			errs = append(errs, fmt.Errorf("board %s has %d %s; the game has %d", l.Name, counts[m], m, MineralCounts[m]))
		}
		spare += MineralCounts[m] - counts[m]
	}
	if total == TotalMinerals && spare != random {
		errs = append(errs, fmt.Errorf("board %s: its %d random hexes cannot make up the missing %d minerals", l.Name, random, spare))
	}
	for i := range NumCells {
		if c := Cell(i); set.Has(c) {
			if n := set.neighbours(c); n < 2 {
				errs = append(errs, fmt.Errorf("board %s: the mineral at hex %s touches %d other minerals; every mineral must touch at least two", l.Name, c, n))
			}
		}
	}
	if total > 0 {
		first := set.AppendCells(nil)[0]
		comp := set.component(first)
		if comp.Len() != set.Len() {
			for _, c := range set.AppendCells(nil) {
				if !comp.Has(c) {
					errs = append(errs, fmt.Errorf("board %s is divided: hex %s is not connected to hex %s; the board must be one undivided piece", l.Name, c, first))
					break
				}
			}
		}
	}
	if len(errs) > 0 {
		return game.Errorf(game.CodeInvalid, "%v", errors.Join(errs...))
	}
	return nil
}

func (l *Layout) check(c Cell, counts *[NumMinerals]int, random, total *int, set *CellSet, errs *[]error) {
	v := l.Cells[c]
	switch {
	case v == 0:
		return
	case v == randomMineral:
		*random++
	case v >= 1 && v <= 5:
		counts[v-1]++
	default:
		*errs = append(*errs, fmt.Errorf("board %s: hex %s holds %d, which is no mineral", l.Name, c, v))
		return
	}
	*total++
	set.Add(c)
}

// neighbours returns how many of c's neighbours are in s.
func (s *CellSet) neighbours(c Cell) int {
	n := 0
	for _, nb := range neighbour[c] {
		if nb != noCell && s.Has(Cell(nb)) {
			n++
		}
	}
	return n
}

// String writes the layout in the text form [ParseLayout] reads, odd rows
// indented by one space.
func (l *Layout) String() string {
	var b strings.Builder
	last := 0
	for c := range NumCells {
		if l.Cells[c] != 0 {
			last = c / GridCols
		}
	}
	for r := 0; r <= last; r++ {
		if r%2 == 1 {
			b.WriteByte(' ')
		}
		for col := 0; col < GridCols; col++ {
			if col > 0 {
				b.WriteByte(' ')
			}
			switch v := l.Cells[CellAt(r, col)]; {
			case v == 0:
				b.WriteByte('.')
			case v == randomMineral:
				b.WriteByte('x')
			default:
				b.WriteByte(mineralLetters[v-1])
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// deal returns the board values of the layout with its random hexes filled
// by a shuffle of the minerals the layout does not fix.
func (l *Layout) deal(rng *game.Rand) [NumCells]uint8 {
	cells := l.Cells
	var spare []uint8
	left := MineralCounts
	for _, v := range cells {
		if v >= 1 && v <= 5 {
			left[v-1]--
		}
	}
	for m, n := range left {
		for range n {
			spare = append(spare, uint8(m+1))
		}
	}
	rng.Shuffle(len(spare), func(i, j int) { spare[i], spare[j] = spare[j], spare[i] })
	k := 0
	for c, v := range cells {
		if v == randomMineral {
			cells[c] = spare[k]
			k++
		}
	}
	return cells
}
