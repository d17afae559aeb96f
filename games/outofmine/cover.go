package outofmine

import (
	"time"

	"minehall/game"
)

// A cover is the quickest way to finish a round without the plan: the
// open gallery spaces covered with whatever tiles the supply has, each
// laid where it covers the most open spaces, whether or not it may stay
// at scoring (a tile over rock, of a colour not on the card or beyond the
// card's count is removed then, and the caller loses 2 points instead of
// winning 2). It lets a player call at once: worth it when the plan can
// no longer cover the gallery, or when another player is about to call.

// coverTile is one tile of a cover: its kind, where it lies (transform
// and top-left cell), the cells it covers, and whether it stays at
// scoring.
type coverTile struct {
	kind, sym, cell int
	cells           CellSet
	hand            bool // the tile in hand
	stays           bool
}

// coverOf returns p's cover: the tiles to lay, in order (the tile in hand
// first when it covers an open space), and whether they cover every open
// gallery space.
func (s *State) coverOf(p int) ([]coverTile, bool) {
	st := &s.seats[p]
	side, card := s.sideOf(p), s.cardOf(p)
	occ := st.Occupied
	open := side.Gallery &^ occ
	left := card.Count
	for t, w := range s.where {
		if w == boardBase+int8(p) {
			tl := &s.pack.Tiles[t]
			if s.tileCells(t, s.spots[t])&^side.Gallery == 0 && left[tl.Color] > 0 {
				left[tl.Color]--
			}
		}
	}
	supply := s.supply
	var out []coverTile
	if h := st.Hand; h >= 0 && open != 0 {
		k := kindOf(&s.pack.Tiles[h])
		if c, ok := s.bestCover(side, k, occ, open, left); ok && c.cells&open != 0 {
			c.hand = true
			out = append(out, c)
			occ |= c.cells
			open &^= c.cells
			if c.stays {
				left[s.pack.Tiles[h].Color]--
			}
		}
	}
	for open != 0 {
		var best coverTile
		bestGain := 0
		for k, n := range supply {
			if n == 0 {
				continue
			}
			c, ok := s.bestCover(side, k, occ, open, left)
			if !ok {
				continue
			}
			gain := 2 * (c.cells & open).Count()
			if c.stays {
				gain++
			}
			if gain > bestGain {
				best, bestGain = c, gain
			}
		}
		if bestGain == 0 {
			return out, false
		}
		out = append(out, best)
		supply[best.kind]--
		occ |= best.cells
		open &^= best.cells
		if best.stays {
			left[s.pack.Shapes[best.kind/int(NumElements)].Color]--
		}
	}
	return out, true
}

// bestCover returns where a tile of kind k covers the most of open on
// side with occ taken (a placement whose tile stays at scoring first
// among equals), ok=false when it fits nowhere.
func (s *State) bestCover(side *Side, k int, occ, open CellSet, left [NumColors]int) (coverTile, bool) {
	sh := &s.pack.Shapes[k/int(NumElements)]
	var best coverTile
	bestGain, found := -1, false
	for _, o := range sh.Orientations {
		for r := 0; r+o.Rows <= side.Rows; r++ {
			for col := 0; col+o.Cols <= side.Cols; col++ {
				cell := r*GridStride + col
				m := o.Cells << cell
				if m&occ != 0 {
					continue
				}
				stays := m&^side.Gallery == 0 && left[sh.Color] > 0
				gain := 2 * (m & open).Count()
				if stays {
					gain++
				}
				if gain > bestGain {
					best = coverTile{kind: k, sym: int(o.Symbol), cell: cell, cells: m, stays: stays}
					bestGain, found = gain, true
				}
			}
		}
	}
	return best, found
}

// coverActions is how many actions a cover takes: a take and a lay per
// tile (a lay for the tile in hand, and a return first when the hand
// holds a tile the cover leaves out), and the call.
func (s *State) coverActions(p int, cover []coverTile) int {
	n := 1
	if s.seats[p].Hand >= 0 && (len(cover) == 0 || !cover[0].hand) {
		n++
	}
	for _, c := range cover {
		n += 2
		if c.hand {
			n--
		}
	}
	return n
}

// coverStep returns the bot's next action toward its cover: the call once
// the gallery is covered; ok=false when the supply cannot cover it.
func (b *Bot) coverStep(s *State, p int) (game.Action, time.Duration, bool) {
	st := &s.seats[p]
	pace := &b.level.Pace
	if s.sideOf(p).Gallery&^st.Occupied == 0 {
		d := b.level.CallDelay
		return game.Action(actCall), d/2 + time.Duration(b.rng.Float64()*float64(d)), true
	}
	cover, ok := s.coverOf(p)
	if !ok || len(cover) == 0 {
		return 0, 0, false
	}
	c := cover[0]
	switch {
	case c.hand:
		return game.Action(actPlace + c.sym*64 + c.cell), pace.delay(&b.rng, paceLay), true
	case st.Hand >= 0:
		return game.Action(actReturn), pace.delay(&b.rng, paceShort), true
	}
	return game.Action(actTake + c.kind), pace.delay(&b.rng, paceTake), true
}
