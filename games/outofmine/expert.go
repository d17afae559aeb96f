package outofmine

import (
	"math"

	"minehall/game"
)

// The expert's choice of how to finish a round. Every player lays tiles
// at about the same pace, so the expert counts time in actions (a take
// and a lay per tile, the call) and weighs the ways to finish: its plan,
// which scores 10 + 2 when it covers the gallery, a cover (cover.go),
// which may be quicker but scores 10 − the spaces its removed tiles leave
// empty − 2, and the plan's next tiles followed by a cover. Whoever calls
// first stops the others where they are, so each way is worth, in the
// expected difference between the expert's round score and the others'
// mean:
//
//	P(the expert calls first) × (its score as caller − the others' then)
//	+ P(another calls first) × (its score then − the others' as they call)
//
// where another player is expected to call after the actions its card
// still asks for (two per tile not on its board), covering its open
// spaces at an even rate meanwhile, and P is a logistic of the difference
// in actions (the paces vary). The expert covers when covering at once is
// worth half a point more than every other way, and from then on finishes
// the round by covering.

// expertCovers reports whether p's expert should now finish this round
// with a cover rather than its plan: of the ways to finish that lay the
// plan's next k tiles and then cover the rest (k = 0 covers at once; all
// of them is the plan), the best is to cover at once.
func (b *Bot) expertCovers(s *State, p int) bool {
	st := &s.seats[p]
	others := s.othersFinish(p)
	if len(others) == 0 {
		return false
	}
	done, strays := b.progress(s, p)
	if len(strays) > 0 {
		return false
	}
	// The plan's open entries in the order the bot lays them: the one for
	// the tile in hand first.
	var open []planned
	for i, e := range b.plan {
		if done[i] {
			continue
		}
		if st.Hand >= 0 && len(open) > 0 && open[0].shape != s.pack.Tiles[st.Hand].Shape && e.shape == s.pack.Tiles[st.Hand].Shape {
			open = append([]planned{e}, open...)
			continue
		}
		open = append(open, e)
	}
	obj := Objective{Elves: s.opts.Elves, Finds: s.opts.Finds}
	side, card := s.sideOf(p), s.cardOf(p)
	coverNow, best := math.Inf(-1), math.Inf(-1)
	start, _ := ScoreBoard(s.pack, side, card, s.placedTiles(p), false, obj)
	ahead := s.Clone().(*State)
	var laid []float64 // empty spaces after each tile laid, by actions
	var laidAt []float64
	actions := 0.0
	for k := 0; k <= len(open); k++ {
		if k > 0 {
			// Lay the plan's k-th open tile on the copy.
			e := open[k-1]
			if ahead.seats[p].Hand >= 0 && ahead.pack.Tiles[ahead.seats[p].Hand].Shape != e.shape {
				ahead.Apply(game.Player(p), game.Action(actReturn))
				actions++
			}
			if ahead.seats[p].Hand < 0 {
				kind := -1
				for el := range NumElements {
					if ahead.supply[e.shape*int(NumElements)+int(el)] > 0 {
						kind = e.shape*int(NumElements) + int(el)
						break
					}
				}
				if kind < 0 {
					return false // the plan is out of step with the supply: plan again first
				}
				ahead.Apply(game.Player(p), game.Action(actTake+kind))
				actions++
			}
			if ahead.seats[p].Occupied&e.cells != 0 {
				return false
			}
			ahead.Apply(game.Player(p), game.Action(actPlace+e.sym*64+e.cell))
			actions++
			sc, _ := ScoreBoard(ahead.pack, side, card, ahead.placedTiles(p), false, obj)
			laid = append(laid, float64(sc.Empty))
			laidAt = append(laidAt, actions)
		}
		now, _ := ScoreBoard(ahead.pack, side, card, ahead.placedTiles(p), false, obj)
		emptyAt := func(extra []float64, extraAt []float64) func(t float64) int {
			return func(t float64) int {
				e := float64(start.Empty)
				for i, at := range laidAt[:k] {
					if at <= t {
						e = laid[i]
					}
				}
				for i, at := range extraAt {
					if at <= t {
						e = extra[i]
					}
				}
				return int(e)
			}
		}
		var worth float64
		if ahead.sideOf(p).Gallery&^ahead.seats[p].Occupied == 0 {
			call, _ := ScoreBoard(ahead.pack, side, card, ahead.placedTiles(p), true, obj)
			worth = others.worth(actions+1, float64(call.Score), emptyAt(nil, nil))
		} else {
			cover, ok := ahead.coverOf(p)
			if !ok {
				if k == len(open) {
					worth = others.worth(actions, math.Inf(-1), emptyAt(nil, nil))
				} else {
					continue
				}
			} else {
				placed := ahead.placedTiles(p)
				taken := map[int]bool{}
				var extra, extraAt []float64
				e, at := float64(now.Empty), actions
				for _, c := range cover {
					t := ahead.tileOfKind(c.kind, ahead.seats[p].Hand, c.hand, taken)
					placed = append(placed, PlacedTile{Tile: t, Cells: c.cells})
					at += 2
					if c.hand {
						at--
					}
					if c.stays {
						e -= float64(c.cells.Count())
					}
					extra, extraAt = append(extra, max(e, 0)), append(extraAt, at)
				}
				call, _ := ScoreBoard(ahead.pack, side, card, placed, true, obj)
				total := actions + float64(ahead.coverActions(p, cover))
				worth = others.worth(total, float64(call.Score), emptyAt(extra, extraAt))
			}
		}
		if k == 0 {
			coverNow = worth
		} else if worth > best {
			best = worth
		}
	}
	return coverNow > best+0.5
}

// tileOfKind returns a tile of kind k for a cover: the tile in hand when
// hand, else a supply tile not yet in taken (which it joins).
func (s *State) tileOfKind(k int, handTile int8, hand bool, taken map[int]bool) int {
	if hand {
		return int(handTile)
	}
	for t, w := range s.where {
		if w == inSupply && kindOf(&s.pack.Tiles[t]) == k && !taken[t] {
			taken[t] = true
			return t
		}
	}
	return int(handTile)
}

// otherBoard is how another player's board stands: its open gallery
// spaces and the actions it needs to cover them and call.
type otherBoard struct {
	open    int
	actions float64
}

// othersBoards are the other players' boards.
type othersBoards []otherBoard

// othersFinish sizes up every other player's board: the tiles its card
// still asks for (its count of tiles less those on the board) take a take
// and a lay each, the tile in hand a lay.
func (s *State) othersFinish(p int) othersBoards {
	var out othersBoards
	for q := range s.n {
		if q == p {
			continue
		}
		st := &s.seats[q]
		side, card := s.sideOf(q), s.cardOf(q)
		open := (side.Gallery &^ st.Occupied).Count()
		tiles := 0
		for _, n := range card.Count {
			tiles += n
		}
		for _, w := range s.where {
			if w == boardBase+int8(q) {
				tiles--
			}
		}
		var actions float64 = 1
		if open > 0 {
			tiles = max(tiles, 1)
			actions += float64(2 * tiles)
			if st.Hand >= 0 {
				actions--
			}
		}
		out = append(out, otherBoard{open: open, actions: actions})
	}
	return out
}

// worth is the expected difference between the bot's round score and the
// others' mean when it finishes in actions with callScore as caller
// (−Inf: it cannot call that way) and emptyAt(t) spaces empty after t
// actions, against these boards.
func (o othersBoards) worth(actions, callScore float64, emptyAt func(t float64) int) float64 {
	first := 0
	for q := range o {
		if o[q].actions < o[first].actions {
			first = q
		}
	}
	tOther := o[first].actions
	// The others' mean score when the round stops after t actions, the
	// player first calling when caller >= 0.
	othersAt := func(t float64, caller int) float64 {
		sum := 0.0
		for q, b := range o {
			if q == caller {
				sum += 12
				continue
			}
			left := float64(b.open)
			if b.actions > 1 {
				left -= float64(b.open) * t / (b.actions - 1)
			}
			sum += roundPoints(int(math.Ceil(max(left, 0))))
		}
		return sum / float64(len(o))
	}
	lose := roundPoints(emptyAt(tOther)) - othersAt(tOther, first)
	if math.IsInf(callScore, -1) {
		return lose
	}
	win := callScore - othersAt(actions, -1)
	sigma := 0.6 + 0.1*(actions+tOther)
	pFirst := 1 / (1 + math.Exp(-(tOther-actions)/sigma))
	return pFirst*win + (1-pFirst)*lose
}

// roundPoints is a round's score with empty spaces and no bonus.
func roundPoints(empty int) float64 {
	if empty > 10 {
		return 0
	}
	return float64(10 - empty)
}
