package minerals

import (
	"context"
	"math"

	"minehall/ai"
	"minehall/game"
)

var _ ai.TimedBotMaker = (*Game)(nil)

// Iteration budgets of the MCTS levels in simulations (NewBot): fixed, so
// that results depend only on the seed. Expert's budget is about 0.16 s of
// one core. Medium's 150 (400 before) spaces the ladder at five players as
// well as at two: with 400 it chose expert's move as often as hard did at
// five players, and hard finished ahead of it in only 56% of the seat
// pairs (docs/bots.md, "Measuring a ladder").
var mctsIterations = map[string]int{"easy": 60, "medium": 150, "hard": 2000, "expert": expertIterations}

// expertIterations is expert's iteration budget in simulations.
const expertIterations = 40_000

// levelExploration is the UCB exploration constant of a search level; the
// levels not listed use the search's default, 1. Expert explores less: its
// leaf values (see [Evaluate]) differ between moves by a few hundredths, so
// with the default constant its large budget is spread over moves already
// known to be worse, where a smaller constant spends it deeper on the few
// best lines (measured in docs/bots.md, "Expert").
var levelExploration = map[string]float64{"expert": expertExploration}

// expertExploration is expert's UCB exploration constant.
const expertExploration = 0.3

// BotNames lists the bots: random, greedy (one ply, by points so far) and
// MCTS with the [Evaluate] evaluator over the [searchState] view at four
// budgets (easy, medium, hard, expert).
func (g *Game) BotNames() []string {
	return []string{"random", "greedy", "easy", "medium", "hard", "expert"}
}

// NewBot makes the named bot, seeded, with the fixed iteration budget of
// its level.
func (g *Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	return g.newBot(name, seed, ai.Budget{Iterations: mctsIterations[name]})
}

// NewTimedBot makes the named bot, seeded, thinking at most budget.Time
// a decision (see [ai.TimedBotMaker]); random and greedy answer at once.
func (g *Game) NewTimedBot(name string, seed uint64, budget ai.Budget) (ai.Bot, error) {
	return g.newBot(name, seed, ai.LevelBudget(ai.TableIterations(mctsIterations, name), budget.Time))
}

// NewBotWithIterations makes the named search level (easy, medium, hard,
// expert: one search, given iterations simulations a decision instead of
// its level's budget; see [ai.IterationBotMaker]).
func (g *Game) NewBotWithIterations(name string, seed uint64, iterations int) (ai.Bot, error) {
	if err := ai.CheckIterations(g.Spec().Title, g.BotNames(), mctsIterations, name, iterations); err != nil {
		return nil, err
	}
	return g.newBot(name, seed, ai.Budget{Iterations: iterations})
}

func (g *Game) newBot(name string, seed uint64, budget ai.Budget) (ai.Bot, error) {
	switch name {
	case "random":
		return ai.NewRandom(seed), nil
	case "greedy":
		return &Greedy{rng: game.NewRand(seed)}, nil
	case "easy", "medium", "hard", "expert":
		return newLevelBot(budget, levelExploration[name], seed), nil
	}
	return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
}

// newSearchBot returns the MCTS bot of the easy, medium and hard levels
// with the given iteration budget.
func newSearchBot(iterations int, seed uint64) *searchBot {
	return newLevelBot(ai.Budget{Iterations: iterations}, 0, seed)
}

// newExpertBot returns expert's MCTS bot with the given budget.
func newExpertBot(budget ai.Budget, seed uint64) *searchBot {
	return newLevelBot(budget, expertExploration, seed)
}

// newLevelBot returns the MCTS bot of the search levels with the given
// budget and exploration constant (0: the search's default). Expert is the
// same search as hard (the same view and evaluator) with twenty times its
// iterations in simulations, the whole thinking time at a table and a
// smaller exploration constant: how much that gains is measured in
// docs/bots.md.
func newLevelBot(budget ai.Budget, exploration float64, seed uint64) *searchBot {
	return &searchBot{ai.NewMCTS(ai.MCTSConfig{Budget: budget, Evaluator: Evaluate, Exploration: exploration, Seed: seed})}
}

// searchBot runs an MCTS bot on the [searchState] view of the state.
type searchBot struct{ search *ai.Search }

// Act implements [ai.Bot].
func (b *searchBot) Act(ctx context.Context, st game.State, p game.Player) (ai.Decision, error) {
	s, ok := st.(*State)
	if !ok {
		return ai.Decision{}, game.Errorf(game.CodeInvalid, "the Minerals bots play Minerals only")
	}
	return b.search.Act(ctx, searchState{s}, p)
}

// estimate is the greedy bot's view of p's final points: points so far,
// plus most of the mineral under p's pawn (lifted on p's next correct
// move).
func (s *State) estimate(p int) float64 {
	v := float64(s.Score(p)) + float64(s.TieBreak(p))/100
	if at := s.pawn[p]; at >= 0 {
		if s.version == Version6 {
			v += 0.6
		} else {
			v += 0.6 * float64(s.board[at])
		}
	}
	return v
}

// margin is p's estimate minus the best estimate of the others.
func (s *State) margin(p int) float64 {
	best := math.Inf(-1)
	for q := 0; q < int(s.n); q++ {
		if q != p {
			best = max(best, s.estimate(q))
		}
	}
	return s.estimate(p) - best
}

// Greedy plays the action whose result has the best margin (its estimate
// minus the best other estimate) for it, one ply deep (chance outcomes
// weighted by their probability); ties go to a random one of the best. It
// never opens the Sack: a swap of equal value never raises its estimate.
type Greedy struct {
	rng  game.Rand
	abuf []game.Action
	obuf []game.ChanceOutcome
}

// Act implements [ai.Bot].
func (g *Greedy) Act(ctx context.Context, st game.State, p game.Player) (ai.Decision, error) {
	s, ok := st.(*State)
	if !ok {
		return ai.Decision{}, game.Errorf(game.CodeInvalid, "the greedy bot plays Minerals only")
	}
	g.abuf = s.Legal(p, g.abuf[:0])
	if len(g.abuf) == 0 {
		return ai.Decision{}, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	}
	best, bestV, ties := g.abuf[0], math.Inf(-1), 0
	for _, a := range g.abuf {
		if x := int(a); x >= actSackWith && x < actSackGive || x == actSackStop && len(g.abuf) > 1 {
			// A swap of equal value never changes the points greedy
			// counts, and opening the Sack and cancelling it change
			// nothing: greedy leaves the Sack alone.
			continue
		}
		c := *s
		c.Apply(p, a)
		v := g.value(&c, int(p))
		switch {
		case v > bestV+1e-9:
			best, bestV, ties = a, v, 1
		case v > bestV-1e-9:
			ties++
			if g.rng.IntN(ties) == 0 {
				best = a
			}
		}
	}
	return ai.Decision{Action: best}, nil
}

// value is p's margin in s, averaged over a pending chance event.
func (g *Greedy) value(s *State, p int) float64 {
	if s.phase != phaseRevealCard && s.phase != phaseChestDraw {
		return s.margin(p)
	}
	g.obuf = s.ChanceOutcomes(g.obuf[:0])
	v := 0.0
	for _, o := range g.obuf {
		c := *s
		c.Apply(game.Chance, o.Action)
		v += o.Probability * c.margin(p)
	}
	return v
}
