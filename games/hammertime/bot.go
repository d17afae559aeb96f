package hammertime

import (
	"context"
	"fmt"
	"math"
	"time"

	"minehall/ai"
	"minehall/game"
)

// botLevel sets a bot's strength. Judged is the share of its hits the
// level judges, searching as Judge says (see [HitBot.judgedHit]); the
// others it aims at a gem near an edge with a strength drawn from 1 to
// MaxStrength. Its hand strays from the hit chosen: with probability
// Stray, position and strength move by up to StrayBy steps.
type botLevel struct {
	Judged      float64
	Judge       judgeLevel
	MaxStrength int
	Stray       float64
	StrayBy     int
	Delay       time.Duration
}

// The levels are spaced by what separates players in this game (docs/bots.md):
// judging the turn sets a player far ahead, while the aim and the fine
// choice of strength are lost in the hand's own noise.
var botLevels = map[string]botLevel{
	// Easy is a timid beginner: it aims at a gem near an edge and only taps.
	"easy": {MaxStrength: 2, Stray: 0.5, StrayBy: 2, Delay: 1500 * time.Millisecond},
	// Medium judges one hit in three as hard did before issue 69, on a
	// smaller budget, and hits the others as a beginner who aims but does
	// not judge the strength; its hand strays as easy's.
	"medium": {Judged: 1.0 / 3, MaxStrength: HitStrengths, Stray: 0.5, StrayBy: 2, Delay: 1500 * time.Millisecond,
		Judge: judgeLevel{Candidates: 24, Screen: 4, Cut: 2, Samples: 12, RefineFirst: 12, Finalists: 2, Refine: 1, Neighbours: oldNeighbours,
			StopEarly: true, Continue: 0.9, Threat: 0.15, Edge: 1.5}},
	// Hard judges every hit: 24 candidates screened down to 2 by a
	// quarter at a time, then a refinement around the best (aim and
	// strength ±1) halved from 4 samples to 12: about 70 simulated hits,
	// a quarter of the search before issue 69 (docs/bots.md).
	"hard": {Judged: 1, Delay: 1500 * time.Millisecond, Judge: hardJudge},
	// Expert judges every hit with the time hard saves: 64 candidates
	// screened by halving up to 8 samples, then two refinements around the
	// best (its eight neighbours of aim and strength) halved from 8 samples
	// to 32; a turn that can end the game it judges by the win (Win).
	"expert": {Judged: 1, Delay: 1500 * time.Millisecond,
		Judge: judgeLevel{Candidates: 64, Screen: 8, Cut: 2, Samples: 32, RefineFirst: 8, Finalists: 3, Refine: 2, Neighbours: ringNeighbours,
			StopEarly: true, Continue: 0.9, Threat: 0.15, Edge: 1.5, Win: 100}},
}

// before69 is hard as it was before issue 69 (40 candidates screened by
// halving up to 8 samples, its two finalists and six neighbours simulated
// 32 times each, every simulation until the gems rest): offered nowhere,
// kept so that the benchmarks can measure hard against it.
var before69 = botLevel{Judged: 1, Delay: 1500 * time.Millisecond, Judge: hardBefore69}

// hardJudge is hard's search.
var hardJudge = judgeLevel{Candidates: 24, Screen: 4, Cut: 4, Samples: 12, RefineFirst: 4, Finalists: 2, Refine: 1, Neighbours: nearNeighbours,
	StopEarly: true, Continue: 0.9, Threat: 0.15, Edge: 1.5}

// hardBefore69 is hard's search before issue 69, which the review's judge
// keeps (see [Game.NewJudge]).
var hardBefore69 = judgeLevel{Candidates: 40, Screen: 8, Cut: 2, Samples: 32, RefineFirst: 32, Finalists: 2, Refine: 1, Neighbours: oldNeighbours,
	Continue: 0.9, Threat: 0.15, Edge: 1.5}

// BotNames lists the bots: random, and easy, medium, hard and expert
// hitters.
func (g *Game) BotNames() []string { return []string{"random", "easy", "medium", "hard", "expert"} }

var (
	_ ai.TimedBotMaker     = (*Game)(nil)
	_ ai.IterationBotMaker = (*Game)(nil)
)

// scheduledHits are the levels whose budget [Game.NewBotWithIterations] can
// set, each with the simulated hits its own schedule takes to judge a hit
// on a fresh tray, about (BenchmarkHardJudge).
var scheduledHits = map[string]int{"medium": 110, "hard": 60, "expert": 390}

// NewBot makes the named bot, seeded, each judging level with its own
// schedule of simulated hits, so that results depend only on the seed.
func (g *Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	if name == "random" {
		return &randomBot{rng: game.NewRand(seed)}, nil
	}
	lv, ok := botLevels[name]
	if !ok {
		return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
	}
	return &HitBot{Level: lv, rng: game.NewRand(seed)}, nil
}

// NewTimedBot makes the named bot, seeded, thinking at most budget.Time a
// decision (see [ai.TimedBotMaker]; zero: [ai.DefaultThinkingTime]).
// Medium and hard stop at their own schedules, so that they play at a
// table as strong as they were measured; expert searches on past its
// schedule, deeper round after round, for the whole time
// ([HitBot.judgedHit]).
func (g *Game) NewTimedBot(name string, seed uint64, budget ai.Budget) (ai.Bot, error) {
	bot, err := g.NewBot(name, seed)
	if hb, ok := bot.(*HitBot); ok {
		hb.think = ai.LevelBudget(0, budget.Time).Time
		hb.deepen = name == "expert"
	}
	return bot, err
}

// NewBotWithIterations makes the named judging level (medium, hard,
// expert) with iterations simulated hits a decision instead of its own
// schedule: the schedule cut short where the budget ends, or, for a larger
// budget, followed by deeper rounds until it is spent (see
// [ai.IterationBotMaker] and [HitBot.judgedHit]).
func (g *Game) NewBotWithIterations(name string, seed uint64, iterations int) (ai.Bot, error) {
	if err := ai.CheckIterations(g.Spec().Title, g.BotNames(), scheduledHits, name, iterations); err != nil {
		return nil, err
	}
	return &HitBot{Level: botLevels[name], rng: game.NewRand(seed), deepen: true, maxSims: iterations}, nil
}

// randomBot plays a uniformly random legal action.
type randomBot struct{ rng game.Rand }

func (b *randomBot) Act(_ context.Context, s game.State, p game.Player) (ai.Decision, error) {
	legal := s.Legal(p, nil)
	if len(legal) == 0 {
		return ai.Decision{}, game.Errorf(game.CodeNotYourTurn, "seat %s has nothing to do", seatName(p))
	}
	return ai.Decision{Action: legal[b.rng.IntN(len(legal))], Delay: time.Second}, nil
}

// HitBot chooses hits for the easy, medium, hard and expert levels. It fills its
// wagon with the suggested filling (as many gems of the slots' colors as
// fit, then white jokers, then mission cards when they complete the
// wagon), and never turns or pushes the tray. A hit it judges is chosen by
// simulating candidates on determinized copies of the tray (fresh hand
// noise, nothing it cannot see): by the progress a hit brings its wagons
// and missions, by the rest of the turn after a hit that drops nothing,
// and by what the turn leaves on the tray for the next player (see
// [HitBot.judgedHit]). Any other hit is aimed at a gem near an edge with
// a strength drawn at random ([HitBot.candidate]). Easy judges no hit and
// only taps, medium judges one hit in three, hard every hit, and expert
// every hit with about five times hard's simulations (at a table, and in
// sim's "expert:N", it searches on in deeper rounds: [HitBot.judgedHit]).
type HitBot struct {
	Level botLevel
	rng   game.Rand
	// slowJudge judges as the bot did before its speed-ups: a new space
	// built for every simulation, the gems' paths recorded. Only the
	// benchmarks and tests that measure the difference set it.
	slowJudge bool
	// simulated counts the hits the bot has simulated, for the benchmarks.
	simulated int
	// deepen makes the judge search on past its level's schedule, in
	// rounds of twice the candidates and samples, until the decision's
	// time or maxSims ends ([HitBot.judgedHit]); without it the schedule
	// is the search.
	deepen bool
	// deeper counts the rounds past the schedule that the judge finished
	// in its last decision, for the benchmarks.
	deeper int
	// maxSims, when not zero, is the most hits the judge simulates a
	// decision, and think, when not zero, the longest it thinks.
	maxSims int
	think   time.Duration
}

// Act chooses p's action in s without modifying s. Only a seat acts
// through a bot: while chance rolls the expert variant's die, no seat has
// anything to do and Act says so (drivers roll it with
// [State.ChanceOutcomes]). The candidate hits are simulated with the
// turn's rolled technique; a hit that ends the turn may leave the next
// turn's die to roll, which the scoring does not need.
func (b *HitBot) Act(ctx context.Context, gs game.State, p game.Player) (ai.Decision, error) {
	s, ok := gs.(*State)
	if !ok {
		return ai.Decision{}, game.Errorf(game.CodeInvalid, "not a Hammer Time state")
	}
	if s.phase == PhaseRoll {
		return ai.Decision{}, game.Errorf(game.CodeNotYourTurn, "the die is rolled first: chance acts, not seat %s", seatName(p))
	}
	if s.Terminal() || p != game.Player(s.current) {
		return ai.Decision{}, game.Errorf(game.CodeNotYourTurn, "seat %s has nothing to do", seatName(p))
	}
	if f, ok := s.SuggestedFilling(); ok {
		a, _ := FillAction(f)
		return ai.Decision{Action: a, Delay: b.Level.Delay / 2}, nil
	}
	if b.think > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.think)
		defer cancel()
	}
	var best game.Action
	if lv := b.Level.Judged; lv >= 1 || (lv > 0 && b.rng.Float64() < lv) {
		best = b.judgedHit(ctx, s, p)
	} else {
		best = b.candidate(s.Determinize(p, &b.rng).(*State))
	}
	if b.Level.Stray > 0 && b.rng.Float64() < b.Level.Stray {
		side, pos, str := decodeHit(best)
		pos = max(1, min(HitPositions, pos+b.rng.IntN(2*b.Level.StrayBy+1)-b.Level.StrayBy))
		str = max(1, min(HitStrengths, str+b.rng.IntN(2*b.Level.StrayBy+1)-b.Level.StrayBy))
		best = HitAction(side, pos, str)
	}
	return ai.Decision{Action: best, Delay: b.Level.Delay}, nil
}

// candidate draws a hit aimed without judging: a side chosen in proportion
// to the gems near it, aimed at one of them, with a strength from 1 to the
// level's MaxStrength.
func (b *HitBot) candidate(s *State) game.Action {
	var near [4][]float64 // positions (fractions along the side) of gems near each side
	total := 0
	edgeGems(s, func(_ int, side Side, f float64) { near[side] = append(near[side], f) })
	for _, n := range near {
		total += len(n) + 1
	}
	r := b.rng.IntN(total)
	side := Side(0)
	for i, n := range near {
		if r < len(n)+1 {
			side = Side(i)
			break
		}
		r -= len(n) + 1
	}
	pos := 1 + b.rng.IntN(HitPositions)
	if n := near[side]; len(n) > 0 {
		pos = aimAt(n[b.rng.IntN(len(n))])
	}
	str := 1 + b.rng.IntN(b.Level.MaxStrength)
	return HitAction(side, pos, str)
}

// edgeGems calls visit for every gem on the tray within 3 cm of a side,
// once for each such side (north, east, south, west), gems in order, with
// the gem's place along the side as a fraction from the side's right end,
// as hit positions count.
func edgeGems(s *State, visit func(gem int, side Side, f float64)) {
	hw, hd := s.pack.Tray.WidthCM/2, s.pack.Tray.DepthCM/2
	const reach = 3.0
	for i := range s.gems {
		g := &s.gems[i]
		if g.Holder != OnTray {
			continue
		}
		if hd-g.Y < reach {
			visit(i, North, (g.X+hw)/(2*hw))
		}
		if hw-g.X < reach {
			visit(i, East, (hd-g.Y)/(2*hd))
		}
		if g.Y+hd < reach {
			visit(i, South, (hw-g.X)/(2*hw))
		}
		if g.X+hw < reach {
			visit(i, West, (g.Y+hd)/(2*hd))
		}
	}
}

// aimAt returns the hit position nearest the fraction f along a side.
func aimAt(f float64) int {
	return max(1, min(HitPositions, int(math.Round(f*(HitPositions+1)))))
}

// progress measures p's standing: full wagons weigh most, then gems in the
// top wagon, then mission cards.
func progress(s *State, p game.Player) float64 {
	st := &s.seats[p]
	_, total := s.wagonContent(int8(p))
	return 10*float64(st.top) + float64(total) + 0.7*float64(st.numHeld)
}

// String names the bot's level: the share of hits it judges, the judge's
// candidates and the samples of its finalists, and the strongest hit it
// aims without judging.
func (b *HitBot) String() string {
	j := b.Level.Judge
	if b.Level.Judged >= 1 {
		return fmt.Sprintf("hitbot(judge %d→%d×%d)", j.Candidates, j.Finalists, j.Samples)
	}
	if b.Level.Judged > 0 {
		return fmt.Sprintf("hitbot(judge %.0f%%, %d→%d×%d; else aimed up to strength %d)", 100*b.Level.Judged, j.Candidates, j.Finalists, j.Samples, b.Level.MaxStrength)
	}
	return fmt.Sprintf("hitbot(aimed up to strength %d)", b.Level.MaxStrength)
}
