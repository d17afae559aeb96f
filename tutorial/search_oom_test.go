//go:build tutorialsearch

// The searches that found the positions of the rulebooks' examples in the
// tutorial scripts. They are not part of the tests: run them with
//
//	go test -tags tutorialsearch -run Search -v ./tutorial/
//
// and copy what they print into data/*.json.

package tutorial

import (
	"fmt"
	"math/bits"
	"testing"

	oom "minehall/games/outofmine"
)

// zpl is a tile shape placed on a board side.
type zpl struct {
	shape, orient, row, col int
	cells                   oom.CellSet
}

func zname(p *oom.Pack, z zpl) string {
	sym := []string{"r0", "r90", "r180", "r270", "m0", "m90", "m180", "m270"}[p.Shapes[z.shape].Orientations[z.orient].Symbol]
	return fmt.Sprintf("%s %s %c%d", p.Shapes[z.shape].ID, sym, 'a'+z.col, z.row+1)
}

// zcover calls done with each way to cover target exactly with at most
// counts tiles of each color, up to skips cells left empty, every
// placement accepted by ok, until done returns true.
// zcover covers target exactly (with up to skips cells left empty) using at most counts per color.
func zcover(p *oom.Pack, side *oom.Side, target oom.CellSet, counts [oom.NumColors]int, skips int, ok func(z zpl) bool, done func([]zpl, oom.CellSet) bool) bool {
	var rec func(rem oom.CellSet, skipped oom.CellSet, skips int, acc []zpl) bool
	rec = func(rem, skipped oom.CellSet, skips int, acc []zpl) bool {
		if rem == 0 {
			return done(acc, skipped)
		}
		c := bits.TrailingZeros64(uint64(rem))
		r, col := c/8, c%8
		for si := range p.Shapes {
			sh := &p.Shapes[si]
			if counts[sh.Color] == 0 {
				continue
			}
			for oi, o := range sh.Orientations {
				f := bits.TrailingZeros64(uint64(o.Cells))
				pr, pc := r-f/8, col-f%8
				if pr < 0 || pc < 0 || pr+o.Rows > side.Rows || pc+o.Cols > side.Cols {
					continue
				}
				cells := o.Cells << (pr*8 + pc)
				if cells&^rem != 0 {
					continue
				}
				z := zpl{si, oi, pr, pc, cells}
				if !ok(z) {
					continue
				}
				counts[sh.Color]--
				if rec(rem&^cells, skipped, skips, append(acc, z)) {
					counts[sh.Color]++
					return true
				}
				counts[sh.Color]++
			}
		}
		if skips > 0 {
			return rec(rem&^(1<<c), skipped|1<<c, skips-1, acc)
		}
		return false
	}
	return rec(target, 0, skips, nil)
}

// TestSearchTim: Tim's board covered with one green tile more than his
// card allows and a blue tile over the edge (one gallery space, one rock),
// so that the check leaves 4 spaces empty.
func TestSearchTim(t *testing.T) {
	p := oom.DefaultPack()
	found := 0
	for bi := range p.Boards {
		for s := range 2 {
			side := &p.Boards[bi].Sides[s]
			for ci := range p.Cards {
				card := &p.Cards[ci]
				if card.Count[oom.Green] == 0 || card.Count[oom.Blue] < 2 {
					continue
				}
				bshape, _ := p.ShapeByID("B2")
				for oi, o := range p.Shapes[bshape].Orientations {
					for r := 0; r+o.Rows <= side.Rows; r++ {
						for c := 0; c+o.Cols <= side.Cols; c++ {
							cells := o.Cells << (r*8 + c)
							g := cells & side.Gallery
							if g.Count() != 1 {
								continue
							}
							L := card.Count
							L[oom.Green]++
							L[oom.Blue] -= 2
							zcover(p, side, side.Gallery&^g, L, 0, func(zpl) bool { return true }, func(acc []zpl, _ oom.CellSet) bool {
								found++
								if found <= 6 {
									t.Logf("board %d side %d card %d count %v blue %v", p.Boards[bi].ID, s, card.ID, card.Count, zname(p, zpl{bshape, oi, r, c, cells}))
									for _, z := range acc {
										t.Logf("   %s", zname(p, z))
									}
								}
								return true
							})
						}
					}
				}
			}
		}
	}
	t.Logf("found %d", found)
}

// TestSearchCarl: Carl's board with elves: a blue tile at the blue elf,
// white at the white elf, white at the green elf, 4 spaces empty, 8 points.
func TestSearchCarl(t *testing.T) {
	p := oom.DefaultPack()
	found := 0
	for bi := range p.Boards {
		for s := range 2 {
			side := &p.Boards[bi].Sides[s]
			has := map[oom.Color]oom.CellSet{}
			for _, e := range side.Elves {
				has[e.Color] |= oom.Cell(e.Row, e.Col)
			}
			if has[oom.Blue] == 0 || has[oom.White] == 0 || has[oom.Green] == 0 {
				continue
			}
			for ci := range p.Cards {
				card := &p.Cards[ci]
				if card.Count[oom.Green] == 0 || card.Count[oom.Blue] == 0 || card.Count[oom.White] < 2 {
					continue
				}
				ok := func(z zpl) bool {
					col := p.Shapes[z.shape].Color
					for c, cells := range has {
						if z.cells&cells == 0 {
							continue
						}
						switch c {
						case oom.Blue:
							if col != oom.Blue {
								return false
							}
						case oom.White:
							if col != oom.White {
								return false
							}
						case oom.Green:
							if col != oom.White {
								return false
							}
						default:
							if col == c {
								return false
							}
						}
					}
					return true
				}
				zcover(p, side, side.Gallery, card.Count, 4, ok, func(acc []zpl, skipped oom.CellSet) bool {
					if skipped.Count() != 4 || skipped&(has[oom.Blue]|has[oom.White]|has[oom.Green]) != 0 {
						return false
					}
					var placed []oom.PlacedTile
					used := map[int]int{}
					for _, z := range acc {
						// any tile id of that shape, plain
						n := 0
						for ti, tl := range p.Tiles {
							if tl.Shape == z.shape && tl.Element == oom.NoElement {
								if n == used[z.shape] {
									placed = append(placed, oom.PlacedTile{Tile: ti, Cells: z.cells})
									break
								}
								n++
							}
						}
						used[z.shape]++
					}
					sc, rem := oom.ScoreBoard(p, side, card, placed, false, oom.Objective{Elves: true})
					if sc.Score != 8 || sc.Elves != 2 || len(rem) != 0 || len(placed) != len(acc) {
						return false
					}
					found++
					if found <= 4 {
						t.Logf("board %d side %d elves %+v card %d count %v score %+v", p.Boards[bi].ID, s, side.Elves, card.ID, card.Count, sc)
						for _, z := range acc {
							t.Logf("   %s", zname(p, z))
						}
					}
					return found > 20
				})
			}
		}
	}
	t.Logf("found %d", found)
}

// TestSearchAnnika: Annika's board with one woodworm and two gold nuggets,
// 4 spaces empty, 9 points, for a card scoring -1 per woodworm and +2 per
// gold nugget.
func TestSearchAnnika(t *testing.T) {
	p := oom.DefaultPack()
	found := 0
	for bi := range p.Boards {
		for s := range 2 {
			side := &p.Boards[bi].Sides[s]
			for _, cid := range []int{35, 39} {
				ci, _ := p.CardByID(cid)
				card := &p.Cards[ci]
				zcover(p, side, side.Gallery, card.Count, 4, func(zpl) bool { return true }, func(acc []zpl, skipped oom.CellSet) bool {
					if skipped.Count() != 4 {
						return false
					}
					// assign tiles: exactly 1 woodworm, 2 gold, rest plain
					usedTile := map[int]bool{}
					var placed []oom.PlacedTile
					var rec func(i, ww, gold int) bool
					rec = func(i, ww, gold int) bool {
						if i == len(acc) {
							if ww != 1 || gold != 2 {
								return false
							}
							sc, rem := oom.ScoreBoard(p, side, card, placed, false, oom.Objective{Finds: true})
							if sc.Score != 9 || len(rem) != 0 {
								return false
							}
							found++
							if found <= 4 {
								t.Logf("board %d side %d card %d count %v score %+v", p.Boards[bi].ID, s, card.ID, card.Count, sc)
								for j, z := range acc {
									t.Logf("   %s %s", zname(p, z), p.Tiles[placed[j].Tile].Element)
								}
							}
							return true
						}
						seenEl := map[oom.Element]bool{}
						for ti, tl := range p.Tiles {
							if tl.Shape != acc[i].shape || usedTile[ti] || seenEl[tl.Element] {
								continue
							}
							seenEl[tl.Element] = true
							w, g := ww, gold
							switch tl.Element {
							case oom.Woodworm:
								w++
							case oom.Gold:
								g++
							case oom.NoElement:
							default:
								continue
							}
							if w > 1 || g > 2 {
								continue
							}
							usedTile[ti] = true
							placed = append(placed, oom.PlacedTile{Tile: ti, Cells: acc[i].cells})
							if rec(i+1, w, g) {
								return true
							}
							placed = placed[:len(placed)-1]
							usedTile[ti] = false
						}
						return false
					}
					rec(0, 0, 0)
					return found > 30
				})
			}
		}
	}
	t.Logf("found %d", found)
}

// TestSearchExactTiling: an exact tiling of board 2 side A, for the seat
// that calls in Annika's lesson.
func TestSearchExactTiling(t *testing.T) {
	p := oom.DefaultPack()
	bi, _ := p.BoardByID(2)
	side := &p.Boards[bi].Sides[0]
	for ci := range p.Cards {
		card := &p.Cards[ci]
		if zcover(p, side, side.Gallery, card.Count, 0, func(zpl) bool { return true }, func(acc []zpl, _ oom.CellSet) bool {
			t.Logf("card %d %v", card.ID, card.Count)
			for _, z := range acc {
				t.Logf("   %s", zname(p, z))
			}
			return true
		}) {
			return
		}
	}
}
