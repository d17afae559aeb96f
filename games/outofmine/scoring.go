package outofmine

import "slices"

// PlacedTile is a tile lying on a board and the cells it covers.
type PlacedTile struct {
	Tile  int     `json:"tile"` // tile id
	Cells CellSet `json:"cells"`
}

// RoundScore is one player's score for a round, with its parts.
type RoundScore struct {
	Empty  int `json:"empty"`  // empty gallery spaces after the check
	Base   int `json:"base"`   // 10 - Empty
	Caller int `json:"caller"` // +2, -2 or 0
	Elves  int `json:"elves"`  // variant A
	Finds  int `json:"finds"`  // variant B
	Score  int `json:"score"`  // the round's points; 0 with more than 10 empty spaces
}

// ScoreBoard checks a board at scoring and scores it. Tiles that protrude
// over rock or whose color is not on the card are removed; of a color with
// more tiles than the card allows, the excess is removed, choosing the
// removal that gives the highest round score. It returns the score and the
// removed tile ids, ascending.
//
// Round score = 10 - empty spaces; the caller gets +2 if the board needed no
// removal, else -2; variant A adds 1 per elf whose space holds a tile of the
// elf's color when that color is on the card; variant B adds the card's
// value for each element on the board. With more than 10 empty spaces the
// round score is 0, with no bonus and no penalty.
func ScoreBoard(pack *Pack, side *Side, card *Card, placed []PlacedTile, caller bool, obj Objective) (RoundScore, []int) {
	var removed []int
	var byColor [NumColors][]PlacedTile
	for _, pt := range placed {
		col := pack.Tiles[pt.Tile].Color
		if pt.Cells&^side.Gallery != 0 || card.Count[col] == 0 {
			removed = append(removed, pt.Tile)
			continue
		}
		byColor[col] = append(byColor[col], pt)
	}
	value := func(pt PlacedTile) (cells, bonus int) {
		t := &pack.Tiles[pt.Tile]
		cells = pt.Cells.Count()
		if obj.Elves {
			for _, e := range side.Elves {
				if e.Color == t.Color && pt.Cells.Has(e.Row, e.Col) {
					bonus++
				}
			}
		}
		if obj.Finds {
			bonus += card.Finds[t.Element]
		}
		return cells, bonus
	}
	// Each reachable (covered cells, bonus) with one set of removed tiles.
	type outcome struct {
		cells, bonus int
		removed      []int
	}
	outcomes := []outcome{{}}
	for col := range NumColors {
		tiles := byColor[col]
		keep := card.Count[col]
		var options []outcome
		if len(tiles) <= keep {
			o := outcome{}
			for _, pt := range tiles {
				c, b := value(pt)
				o.cells += c
				o.bonus += b
			}
			options = []outcome{o}
		} else {
			seen := map[[2]int]bool{}
			forEachSubset(len(tiles), keep, func(kept []bool) {
				o := outcome{}
				for i, pt := range tiles {
					if kept[i] {
						c, b := value(pt)
						o.cells += c
						o.bonus += b
					} else {
						o.removed = append(o.removed, pt.Tile)
					}
				}
				if !seen[[2]int{o.cells, o.bonus}] {
					seen[[2]int{o.cells, o.bonus}] = true
					options = append(options, o)
				}
			})
		}
		var next []outcome
		seen := map[[2]int]bool{}
		for _, a := range outcomes {
			for _, b := range options {
				o := outcome{cells: a.cells + b.cells, bonus: a.bonus + b.bonus}
				if seen[[2]int{o.cells, o.bonus}] {
					continue
				}
				seen[[2]int{o.cells, o.bonus}] = true
				o.removed = append(slices.Clone(a.removed), b.removed...)
				next = append(next, o)
			}
		}
		outcomes = next
	}
	var best RoundScore
	var bestRemoved []int
	for i, o := range outcomes {
		rs := roundScore(side.Gallery.Count()-o.cells, o.bonus, caller, len(removed)+len(o.removed) == 0)
		if i == 0 || rs.Score > best.Score {
			best, bestRemoved = rs, o.removed
		}
	}
	removed = append(removed, bestRemoved...)
	slices.Sort(removed)
	if best.Score == 0 && best.Empty > 10 {
		best.Elves, best.Finds = 0, 0
	} else {
		best.Elves, best.Finds = splitBonus(pack, side, card, placed, removed, obj)
	}
	return best, removed
}

// roundScore applies the rule to a count of empty spaces and a bonus.
func roundScore(empty, bonus int, caller, clean bool) RoundScore {
	rs := RoundScore{Empty: empty, Base: 10 - empty}
	if empty > 10 {
		return rs
	}
	if caller {
		rs.Caller = -2
		if clean {
			rs.Caller = 2
		}
	}
	rs.Score = rs.Base + rs.Caller + bonus
	return rs
}

// splitBonus returns the elves and finds parts for the tiles kept.
func splitBonus(pack *Pack, side *Side, card *Card, placed []PlacedTile, removed []int, obj Objective) (elves, finds int) {
	for _, pt := range placed {
		if slices.Contains(removed, pt.Tile) {
			continue
		}
		t := &pack.Tiles[pt.Tile]
		if obj.Elves {
			for _, e := range side.Elves {
				if e.Color == t.Color && pt.Cells.Has(e.Row, e.Col) {
					elves++
				}
			}
		}
		if obj.Finds {
			finds += card.Finds[t.Element]
		}
	}
	return elves, finds
}

// forEachSubset calls f with every choice of k of n items.
func forEachSubset(n, k int, f func(kept []bool)) {
	kept := make([]bool, n)
	var rec func(i, left int)
	rec = func(i, left int) {
		if left == 0 {
			f(kept)
			return
		}
		if n-i < left {
			return
		}
		kept[i] = true
		rec(i+1, left-1)
		kept[i] = false
		rec(i+1, left)
	}
	rec(0, k)
}
