package outofmine

import (
	"context"
	"fmt"
	"slices"
	"time"

	"minehall/ai"
	"minehall/game"
)

// Level describes how a bot of one skill plays: how well it plans its
// tiling, how it times its call, how often it errs, and its pace. Every
// level plays at a person's pace (a tile takes a few seconds to take and
// lay), so that the levels differ by what they do, not by speed alone.
type Level struct {
	Name string
	// Pace is how fast the level lays tiles (see [Pace]).
	Pace Pace
	// MistakeChance is the chance of laying a tile at a wrong (but legal)
	// spot, to be corrected later.
	MistakeChance float64
	// Planner says how the level tiles its board.
	Planner Planner
	// Tries is how many greedy tilings PlanGreedy draws, keeping the one
	// that leaves the fewest spaces empty (at least 1).
	Tries int
	// Bonus makes the solver's plan count the elves and finds bonus.
	Bonus bool
	// CallDelay is how long the bot takes to call once its board is done
	// (drawn between half and one and a half times it).
	CallDelay time.Duration
	// CoverWhenStuck is the chance, per round, that a level whose plan
	// leaves spaces empty covers them with any tiles at hand and calls,
	// however the others stand (a hurried person's early call). The
	// expert planner decides this from the expected score instead.
	CoverWhenStuck float64
}

// Planner is how a level tiles its board.
type Planner int8

// The planners, weakest first.
const (
	// PlanScatter lays each tile at a spot drawn at random among those
	// where some tile of the card still fits: the ladder's baseline.
	PlanScatter Planner = iota
	// PlanGreedy fills open cells in random order with the first shape of
	// the card that fits, the best of Tries such tilings.
	PlanGreedy
	// PlanSolver plans with the exact solver (fewest empty spaces) for the
	// supply the bot can see, and plans afresh from scratch when the
	// supply runs out of a shape it needs.
	PlanSolver
	// PlanExpert plans with the solver too, but when the supply runs out
	// it first plans the rest of its board around the tiles it has laid;
	// and it chooses how to finish each round (the planned tiling, or any
	// tiles that cover the gallery at once) and when to call from the
	// expected score against the other boards (see expert.go).
	PlanExpert
)

// Levels are the bot levels by name.
//
// "random" is the ladder's baseline: it plays the game (takes tiles of
// its card's colours and lays them only where they fit the gallery) but
// plans nothing, each tile at a random fitting spot.
var Levels = map[string]Level{
	"random": {Name: "random", Pace: Pace{Tile: 5 * time.Second, Think: 2 * time.Second, PauseChance: 0.2, Pause: 8 * time.Second},
		Planner: PlanScatter, CallDelay: 4 * time.Second},
	"easy": {Name: "easy", Pace: Pace{Tile: 4 * time.Second, Think: time.Second, PauseChance: 0.12, Pause: 6 * time.Second},
		MistakeChance: 0.12, Planner: PlanGreedy, Tries: 1, CallDelay: 5 * time.Second, CoverWhenStuck: 0.5},
	"medium": {Name: "medium", Pace: Pace{Tile: 4400 * time.Millisecond, Think: 2500 * time.Millisecond, PauseChance: 0.05, Pause: 4 * time.Second},
		MistakeChance: 0.03, Planner: PlanGreedy, Tries: 6, CallDelay: 2 * time.Second},
	"hard": {Name: "hard", Pace: Pace{Tile: 4400 * time.Millisecond, Think: 3 * time.Second},
		Planner: PlanSolver, Bonus: true, CallDelay: 600 * time.Millisecond},
	"expert": {Name: "expert", Pace: Pace{Tile: 4400 * time.Millisecond, Think: 3 * time.Second},
		Planner: PlanExpert, Bonus: true, CallDelay: 500 * time.Millisecond},
}

// levelNames are the levels, weakest first.
var levelNames = []string{"random", "easy", "medium", "hard", "expert"}

var _ ai.TimedBotMaker = (*Game)(nil)

// BotNames implements ai.BotMaker.
func (g *Game) BotNames() []string { return slices.Clone(levelNames) }

// NewBot implements ai.BotMaker: the named level on sim's virtual clock,
// its decisions depending only on seed and the states it is shown.
func (g *Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	lv, ok := Levels[name]
	if !ok {
		return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
	}
	return NewBot(lv, seed), nil
}

// NewTimedBot implements ai.TimedBotMaker. Every level plans in a few
// milliseconds, far within any table's thinking time, so the budget
// changes nothing in its play; what a table needs is that the bot keeps
// its person's pace on the wall clock: asked again while a decision of
// its is pending (the table asks again whenever anyone acts), it answers
// the same action with the time left of the first delay (see [Pace]).
func (g *Game) NewTimedBot(name string, seed uint64, _ ai.Budget) (ai.Bot, error) {
	lv, ok := Levels[name]
	if !ok {
		return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
	}
	return NewTableBot(lv, seed), nil
}

// NewTableBot returns a bot of level lv seeded with seed that keeps its
// pace on the wall clock, as a table needs (see [Game.NewTimedBot]).
func NewTableBot(lv Level, seed uint64) *Bot {
	b := NewBot(lv, seed)
	b.clock = time.Now
	return b
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
	// started says the round of planKey has had its first action asked:
	// the first one also takes the level's Think.
	started bool
	// cover says the bot finishes this round by covering its gallery with
	// any tiles and calling (see cover.go).
	cover bool
	// coverDecided says whether CoverWhenStuck was drawn this round.
	coverDecided bool

	// clock is the wall clock at a table, nil in simulations.
	clock   func() time.Time
	pending pendingAction
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
		b.pending = pendingAction{}
		return ai.Decision{Wait: true, Delay: delay}, nil
	}
	if !s.mayTake(p, a) {
		// A plan out of step with the table: wait and plan afresh.
		b.plan = nil
		b.pending = pendingAction{}
		return ai.Decision{Wait: true, Delay: time.Second}, nil
	}
	return ai.Decision{Action: a, Delay: b.keepPace(s.seq, a, delay)}, nil
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
		return b.chooseSide(s, p), b.level.Pace.delay(&b.rng, paceChoose), false
	}
	key := [4]int64{s.seq, int64(st.Board), int64(st.Side), int64(st.Card)}
	if b.plan == nil || b.planKey != key {
		if b.planKey != key {
			b.started, b.cover, b.coverDecided = false, false, false
		}
		b.planKey = key
		b.makePlan(s, p)
	}
	a, d, wait := b.roundAction(s, p)
	if !wait && !b.started {
		b.started = true
		d += b.level.Pace.think(&b.rng)
	}
	return a, d, wait
}

// roundAction is the bot's next action in a round.
func (b *Bot) roundAction(s *State, p int) (game.Action, time.Duration, bool) {
	if b.level.Planner == PlanExpert && !b.cover {
		b.cover = b.expertCovers(s, p)
	}
	if b.cover {
		if a, d, ok := b.coverStep(s, p); ok {
			return a, d, false
		}
		b.cover = false
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
	if b.stuck(s, p) {
		if a, d, ok := b.coverStep(s, p); ok {
			b.cover = true
			return a, d, false
		}
	}
	if s.opts.Clock == 0 || s.stoppedCount() > 0 {
		// Nothing left to do, and no clock to wait for, or another
		// player wants the round to end: stop too.
		return game.Action(actStop), b.level.Pace.delay(&b.rng, paceShort), false
	}
	return 0, 2 * time.Second, true
}

// stuck reports whether a level that covers when stuck does so this
// round: its plan is laid and leaves spaces empty. It is drawn once a
// round.
func (b *Bot) stuck(s *State, p int) bool {
	if b.level.CoverWhenStuck == 0 || s.sideOf(p).Gallery&^s.seats[p].Occupied == 0 {
		return false
	}
	if !b.coverDecided {
		b.coverDecided = true
		b.cover = b.rng.Float64() < b.level.CoverWhenStuck
	}
	return b.cover
}

// chooseSide picks the side that more cards tile exactly (the greedy and
// random planners: at random).
func (b *Bot) chooseSide(s *State, p int) game.Action {
	var buf [2]game.Action
	legal := s.Legal(game.Player(p), buf[:0])
	if len(legal) == 1 || b.level.Planner < PlanSolver {
		return legal[b.rng.IntN(len(legal))]
	}
	exact := s.pack.ExactCards()[s.seats[p].Board]
	if exact[1] > exact[0] {
		return legal[1]
	}
	return legal[0]
}

// step returns the next action toward the plan, ok=false when the plan
// needs a tile the supply does not have or is laid.
func (b *Bot) step(s *State, p int) (game.Action, time.Duration, bool) {
	st := &s.seats[p]
	pace := &b.level.Pace
	done, strays := b.progress(s, p)
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
			return game.Action(actMove + t*numPlacements + b.plan[i].sym*64 + b.plan[i].cell), pace.delay(&b.rng, paceLay), true
		}
		return game.Action(actRemove + t), pace.delay(&b.rng, paceShort), true
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
				return b.slip, pace.delay(&b.rng, paceLay), true
			}
			return game.Action(actPlace + b.plan[i].sym*64 + b.plan[i].cell), pace.delay(&b.rng, paceLay), true
		}
		return game.Action(actReturn), pace.delay(&b.rng, paceShort), true
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
			return game.Action(actTake + best), pace.delay(&b.rng, paceTake), true
		}
	}
	return 0, 0, false
}

// progress says which plan entries p's board realizes, and which of its
// placed tiles are strays (in no plan entry).
func (b *Bot) progress(s *State, p int) (done []bool, strays []int) {
	done = make([]bool, len(b.plan))
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
	return done, strays
}

// String names the bot.
func (b *Bot) String() string { return fmt.Sprintf("outofmine %s bot", b.level.Name) }
