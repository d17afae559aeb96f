package outofmine

import (
	"context"
	"fmt"
	"slices"
	"time"

	"minehall/ai"
	"minehall/game"
)

// Level describes how a bot of one skill plays: how fast it lays tiles,
// how often it pauses, how often it errs, and how well it plans.
type Level struct {
	Name string
	// ActionsPerMinute is the pace of ordinary actions (take, place, move).
	ActionsPerMinute float64
	// PauseChance is the chance of a longer pause before an action, of
	// Pause on average.
	PauseChance float64
	Pause       time.Duration
	// MistakeChance is the chance of laying a tile at a wrong (but legal)
	// spot, to be corrected later.
	MistakeChance float64
	// Solver plans with the exact solver (and its bonus objective when
	// Bonus); otherwise the bot fills its board greedily, or, when
	// Scatter, lays each tile at a spot drawn at random among those where
	// some tile of the card still fits.
	Solver  bool
	Bonus   bool
	Scatter bool
	// CallDelay is how long the bot takes to call once its board is done.
	CallDelay time.Duration
}

// Levels are the bot levels by name.
//
// "random" is the ladder's baseline: it plays the game (takes tiles of
// its card's colours and lays them only where they fit the gallery) but
// plans nothing, each tile at a random fitting spot.
var Levels = map[string]Level{
	"random": {Name: "random", ActionsPerMinute: 15, PauseChance: 0.2, Pause: 8 * time.Second, Scatter: true, CallDelay: 4 * time.Second},
	"easy":   {Name: "easy", ActionsPerMinute: 20, PauseChance: 0.15, Pause: 8 * time.Second, MistakeChance: 0.12, CallDelay: 3 * time.Second},
	"medium": {Name: "medium", ActionsPerMinute: 30, PauseChance: 0.06, Pause: 4 * time.Second, MistakeChance: 0.02, Solver: true, CallDelay: 1500 * time.Millisecond},
	"hard":   {Name: "hard", ActionsPerMinute: 36, Solver: true, Bonus: true, CallDelay: 300 * time.Millisecond},
}

// BotNames implements ai.BotMaker.
func (g *Game) BotNames() []string { return []string{"random", "easy", "medium", "hard"} }

// NewBot implements ai.BotMaker.
func (g *Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	lv, ok := Levels[name]
	if !ok {
		return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
	}
	return NewBot(lv, seed), nil
}

// Bot plays Out of Mine at a Level: it plans a placement for its card and
// board, takes the tiles one at a time, lays them, re-plans when the supply
// runs out of a shape it needs, and calls when its board is covered.
type Bot struct {
	level Level
	rng   game.Rand

	planKey [4]int64 // seq, board, side, card
	plan    []planned
	// slip is the wrong placement decided for the tile in hand (slipTile),
	// -1 for none, so that asking again gives the same answer.
	slipTile int
	slip     game.Action
}

// planned is one tile of the plan: shape, transform and top-left cell.
type planned struct {
	shape, sym, cell int
	cells            CellSet
}

var _ ai.Bot = (*Bot)(nil)

// NewBot returns a bot of level lv seeded with seed.
func NewBot(lv Level, seed uint64) *Bot {
	return &Bot{level: lv, rng: game.NewRand(seed), slipTile: -1}
}

// Act implements ai.Bot. It never modifies s and returns only legal
// actions; Wait when there is nothing useful to do.
func (b *Bot) Act(ctx context.Context, gs game.State, p game.Player) (ai.Decision, error) {
	s, ok := gs.(*State)
	if !ok {
		return ai.Decision{}, game.Errorf(game.CodeInvalid, "an Out of Mine bot cannot play %T", gs)
	}
	if s.Terminal() {
		return ai.Decision{}, game.Errorf(game.CodeGameOver, "the game is over")
	}
	if !p.Seated() || int(p) >= s.n {
		return ai.Decision{}, game.Errorf(game.CodeNotYourTurn, "player %s has no seat", p)
	}
	a, delay, wait := b.decide(s, int(p))
	if wait {
		return ai.Decision{Wait: true, Delay: delay}, nil
	}
	if !s.mayTake(p, a) {
		// A plan out of step with the table: wait and plan afresh.
		b.plan = nil
		return ai.Decision{Wait: true, Delay: time.Second}, nil
	}
	return ai.Decision{Action: a, Delay: delay}, nil
}

// pace returns the delay of an ordinary action at the bot's level.
func (b *Bot) pace() time.Duration {
	d := time.Duration(float64(time.Minute) / b.level.ActionsPerMinute * (0.7 + 0.6*b.rng.Float64()))
	if b.level.PauseChance > 0 && b.rng.Float64() < b.level.PauseChance {
		d += time.Duration(float64(b.level.Pause) * (0.5 + b.rng.Float64()))
	}
	return d
}

func (b *Bot) decide(s *State, p int) (game.Action, time.Duration, bool) {
	st := &s.seats[p]
	if s.phase != PhaseChoose && s.phase != PhaseRound {
		return 0, time.Second, true // chance deals boards or cards
	}
	if s.phase == PhaseChoose {
		if st.Side >= 0 {
			return 0, time.Second, true
		}
		return b.chooseSide(s, p), b.pace(), false
	}
	key := [4]int64{s.seq, int64(st.Board), int64(st.Side), int64(st.Card)}
	if b.plan == nil || b.planKey != key {
		b.planKey = key
		b.makePlan(s, p)
	}
	for range 2 {
		if a, d, ok := b.step(s, p); ok {
			return a, d, false
		}
		// Nothing to take for the plan: plan again with what is left.
		before := b.plan
		b.makePlan(s, p)
		if slices.Equal(before, b.plan) {
			break
		}
	}
	return 0, 2 * time.Second, true
}

// chooseSide picks the side that more cards tile exactly (easy: at random).
func (b *Bot) chooseSide(s *State, p int) game.Action {
	var buf [2]game.Action
	legal := s.Legal(game.Player(p), buf[:0])
	if len(legal) == 1 || !b.level.Solver {
		return legal[b.rng.IntN(len(legal))]
	}
	exact := s.pack.ExactCards()[s.seats[p].Board]
	if exact[1] > exact[0] {
		return legal[1]
	}
	return legal[0]
}

// available is the supply plus p's own tiles (board and hand).
func (s *State) available(p int) Supply {
	var sup Supply
	for t, w := range s.where {
		if w == inSupply || w == handBase+int8(p) || w == boardBase+int8(p) {
			tl := &s.pack.Tiles[t]
			sup[tl.Shape][tl.Element]++
		}
	}
	return sup
}

func (b *Bot) makePlan(s *State, p int) {
	side, card := s.sideOf(p), s.cardOf(p)
	sup := s.available(p)
	b.plan = b.plan[:0:0]
	var ps []Placement
	if b.level.Solver {
		obj := Objective{}
		if b.level.Bonus {
			obj = Objective{Elves: s.opts.Elves, Finds: s.opts.Finds}
		}
		ps = NewSideSolver(s.pack, side).Plan(card, &sup, obj).Placements
	} else if b.level.Scatter {
		ps = b.scatterPlan(s.pack, side, card, &sup)
	} else {
		ps = b.greedyPlan(s.pack, side, card, &sup)
	}
	for _, pl := range ps {
		sh := &s.pack.Shapes[pl.Shape]
		o := sh.Orientations[pl.Orient]
		cell := pl.Row*GridStride + pl.Col
		b.plan = append(b.plan, planned{shape: pl.Shape, sym: o.Symbol, cell: cell, cells: o.Cells << cell})
	}
	// Big tiles first: they cover the most in the time a round may last.
	slices.SortStableFunc(b.plan, func(x, y planned) int { return y.cells.Count() - x.cells.Count() })
}

// greedyPlan fills the gallery as a hurried person would: open cells in
// random order, the first shape of the card that fits there.
func (b *Bot) greedyPlan(pack *Pack, side *Side, card *Card, sup *Supply) []Placement {
	left := card.Count
	var shapeLeft [NumShapes]int
	for si := range pack.Shapes {
		for e := range NumElements {
			shapeLeft[si] += sup[si][e]
		}
	}
	var cells []int
	for c := range 64 {
		if side.Gallery&(1<<c) != 0 {
			cells = append(cells, c)
		}
	}
	b.rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	order := b.rng.Perm(len(pack.Shapes))
	slices.SortStableFunc(order, func(x, y int) int { return pack.Shapes[y].Size() - pack.Shapes[x].Size() })
	var covered CellSet
	var out []Placement
	for _, c := range cells {
		if covered&(1<<c) != 0 {
			continue
		}
	shapes:
		for _, si := range order {
			sh := &pack.Shapes[si]
			if left[sh.Color] == 0 || shapeLeft[si] == 0 {
				continue
			}
			for oi, o := range sh.Orientations {
				for r := 0; r+o.Rows <= side.Rows; r++ {
					for col := 0; col+o.Cols <= side.Cols; col++ {
						m := o.Cells << (r*GridStride + col)
						if m&(1<<c) == 0 || m&covered != 0 || m&^side.Gallery != 0 {
							continue
						}
						covered |= m
						left[sh.Color]--
						shapeLeft[si]--
						out = append(out, Placement{Shape: si, Orient: oi, Row: r, Col: col})
						break shapes
					}
				}
			}
		}
	}
	return out
}

// scatterPlan lays the card's tiles one at a time, each at a placement
// drawn uniformly among all placements (any shape of the card with a tile
// left, any orientation, any position) that fit the open gallery, until
// none fits. It plans nothing ahead, so it leaves holes a planner would
// not: the ladder's baseline.
func (b *Bot) scatterPlan(pack *Pack, side *Side, card *Card, sup *Supply) []Placement {
	left := card.Count
	var shapeLeft [NumShapes]int
	for si := range pack.Shapes {
		for e := range NumElements {
			shapeLeft[si] += sup[si][e]
		}
	}
	var covered CellSet
	var out, fits []Placement
	for {
		fits = fits[:0]
		for si := range pack.Shapes {
			sh := &pack.Shapes[si]
			if left[sh.Color] == 0 || shapeLeft[si] == 0 {
				continue
			}
			for oi, o := range sh.Orientations {
				for r := 0; r+o.Rows <= side.Rows; r++ {
					for col := 0; col+o.Cols <= side.Cols; col++ {
						m := o.Cells << (r*GridStride + col)
						if m&covered == 0 && m&^side.Gallery == 0 {
							fits = append(fits, Placement{Shape: si, Orient: oi, Row: r, Col: col})
						}
					}
				}
			}
		}
		if len(fits) == 0 {
			return out
		}
		pl := fits[b.rng.IntN(len(fits))]
		sh := &pack.Shapes[pl.Shape]
		covered |= sh.Orientations[pl.Orient].Cells << (pl.Row*GridStride + pl.Col)
		left[sh.Color]--
		shapeLeft[pl.Shape]--
		out = append(out, pl)
	}
}

// step returns the next action toward the plan, ok=false when the plan
// needs a tile the supply does not have.
func (b *Bot) step(s *State, p int) (game.Action, time.Duration, bool) {
	st := &s.seats[p]
	// Which plan entries are realized, and which placed tiles are strays.
	done := make([]bool, len(b.plan))
	var strays []int
	for t, w := range s.where {
		if w != boardBase+int8(p) {
			continue
		}
		sp := s.spots[t]
		i := slices.IndexFunc(b.plan, func(e planned) bool {
			return e.shape == s.pack.Tiles[t].Shape && e.sym == int(sp.Sym) && e.cell == int(sp.Cell)
		})
		if i >= 0 && !done[i] {
			done[i] = true
		} else {
			strays = append(strays, t)
		}
	}
	// target returns an open plan entry for shape whose cells are free
	// (ignoring the cells of tile self).
	target := func(shape int, occ CellSet) int {
		for i, e := range b.plan {
			if !done[i] && e.shape == shape && e.cells&occ == 0 {
				return i
			}
		}
		return -1
	}
	if len(strays) > 0 {
		t := strays[0]
		own := s.tileCells(t, s.spots[t])
		if i := target(s.pack.Tiles[t].Shape, st.Occupied&^own); i >= 0 {
			return game.Action(actMove + t*numPlacements + b.plan[i].sym*64 + b.plan[i].cell), b.pace(), true
		}
		return game.Action(actRemove + t), b.pace(), true
	}
	if st.Hand >= 0 {
		h := int(st.Hand)
		if i := target(s.pack.Tiles[h].Shape, st.Occupied); i >= 0 {
			if b.slipTile != h {
				// Decide once per tile in hand whether this one goes astray.
				b.slipTile, b.slip = h, -1
				if b.level.MistakeChance > 0 && b.rng.Float64() < b.level.MistakeChance {
					var buf []game.Action
					buf = s.appendPlacements(p, h, st.Occupied, actPlace, -1, buf)
					if len(buf) > 0 {
						b.slip = buf[b.rng.IntN(len(buf))]
					}
				}
			}
			if b.slip >= 0 && s.mayTake(game.Player(p), b.slip) {
				return b.slip, b.pace(), true
			}
			return game.Action(actPlace + b.plan[i].sym*64 + b.plan[i].cell), b.pace(), true
		}
		return game.Action(actReturn), b.pace() / 2, true
	}
	open := 0
	for i := range b.plan {
		if !done[i] {
			open++
		}
	}
	if open == 0 {
		if s.sideOf(p).Gallery&^st.Occupied == 0 {
			d := b.level.CallDelay
			return game.Action(actCall), d/2 + time.Duration(b.rng.Float64()*float64(d)), true
		}
		return 0, 0, false
	}
	// Re-plan as soon as the supply cannot give every open entry its shape.
	var need [NumShapes]int
	for i, e := range b.plan {
		if !done[i] {
			need[e.shape]++
		}
	}
	for si, n := range need {
		have := 0
		for el := range NumElements {
			have += int(s.supply[si*int(NumElements)+int(el)])
		}
		if n > have {
			return 0, 0, false
		}
	}
	card := s.cardOf(p)
	for i, e := range b.plan {
		if done[i] {
			continue
		}
		best := -1
		for el := range NumElements {
			k := e.shape*int(NumElements) + int(el)
			if s.supply[k] == 0 {
				continue
			}
			if best < 0 || s.opts.Finds && b.level.Bonus && card.Finds[el] > card.Finds[best%int(NumElements)] {
				best = k
			}
		}
		if best >= 0 {
			return game.Action(actTake + best), b.pace(), true
		}
	}
	return 0, 0, false
}

// String names the bot.
func (b *Bot) String() string { return fmt.Sprintf("outofmine %s bot", b.level.Name) }
