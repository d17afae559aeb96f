package tf22

import (
	"context"

	"minehall/ai"
	"minehall/game"
)

var _ ai.TimedBotMaker = (*Game)(nil)

// searchIterations are the ISMCTS iterations per decision of the search
// bots in simulations (NewBot), weakest first. Expert is hard's search
// with forty times its iterations (docs/bots.md measures it against hard).
var searchIterations = map[string]int{"easy": 50, "medium": 200, "hard": 600, "expert": expertIterations}

// levelTemperature is the temperature of a search level's choice (see
// [ai.MCTSConfig]): easy takes each action in proportion to its visits,
// medium leans harder to the most visited, and hard and expert, not listed,
// always take it. With one search at four budgets, four-player TF22's steps
// between easy, medium and hard stayed below 60% of the seat pairs, and
// smaller budgets stalled tables; an occasional lesser choice spaces them
// (docs/bots.md, "TF22 Mine: easy and medium sometimes take a lesser
// action").
var levelTemperature = map[string]float64{"easy": 1, "medium": 0.6}

// expertIterations is expert's iteration budget in simulations: about
// 0.3 s of one core a decision, a third of what a table's default second
// gives it, and enough to lift its step over hard to 60% of the seat pairs
// at four players, where 6000 fell just short (docs/bots.md).
const expertIterations = 24_000

// BotNames lists the bots: random play, the one-ply greedy bot and ISMCTS
// over the search view at four strengths.
func (g *Game) BotNames() []string {
	return []string{"random", "greedy", "easy", "medium", "hard", "expert"}
}

// NewBot returns the named bot, seeded, with the fixed iteration budget
// of its level. No bot reads another seat's cards or any pile's order: the
// greedy bot judges determinizations for its own seat, and the ISMCTS bots
// search only such determinizations.
func (g *Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	return g.newBot(name, seed, ai.Budget{Iterations: searchIterations[name]})
}

// NewTimedBot returns the named bot, seeded, thinking at most budget.Time
// a decision (see [ai.TimedBotMaker]); random and greedy answer at once.
func (g *Game) NewTimedBot(name string, seed uint64, budget ai.Budget) (ai.Bot, error) {
	return g.newBot(name, seed, ai.LevelBudget(ai.TableIterations(searchIterations, name), budget.Time))
}

// NewBotWithIterations makes the named search level (easy, medium, hard,
// expert: one search, given iterations simulations a decision instead of
// its level's budget; see [ai.IterationBotMaker]).
func (g *Game) NewBotWithIterations(name string, seed uint64, iterations int) (ai.Bot, error) {
	if err := ai.CheckIterations(g.Spec().Title, g.BotNames(), searchIterations, name, iterations); err != nil {
		return nil, err
	}
	return g.newBot(name, seed, ai.Budget{Iterations: iterations})
}

func (g *Game) newBot(name string, seed uint64, budget ai.Budget) (ai.Bot, error) {
	switch name {
	case "random":
		return ai.NewRandom(seed), nil
	case "greedy":
		return NewGreedy(seed), nil
	case "easy", "medium", "hard", "expert":
		return newLevelSearchBot(budget, levelTemperature[name], seed), nil
	}
	return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
}

// searchBot is an ISMCTS bot over the [searchState] view, with the
// evaluator scoring the leaves (no rollouts).
type searchBot struct {
	search *ai.Search
	rng    game.Rand
	// prune remembers the search view's pruned actions during one
	// decision (see [searchState]); nil prunes every time, with the same
	// decisions.
	prune *pruneCache
}

// newSearchBot is the search bot with a fixed iteration budget that
// takes its most visited action (hard's search at any budget).
func newSearchBot(iterations int, seed uint64) *searchBot {
	return newLevelSearchBot(ai.Budget{Iterations: iterations}, 0, seed)
}

// newLevelSearchBot is the search bot of the search levels: the levels
// differ only in its budget and the temperature of its choice.
func newLevelSearchBot(budget ai.Budget, temperature float64, seed uint64) *searchBot {
	return &searchBot{
		search: ai.NewISMCTS(ai.MCTSConfig{Budget: budget, Evaluator: Evaluate, Exploration: botExploration, Temperature: temperature, Seed: seed}),
		rng:    game.NewRand(seed ^ 0x7f22),
		prune:  newPruneCache(),
	}
}

// Act implements [ai.Bot]: it searches the search view of a determinization
// of st for p, so that even the choice of the root's actions cannot depend
// on what p does not see.
func (b *searchBot) Act(ctx context.Context, st game.State, p game.Player) (ai.Decision, error) {
	s, ok := st.(*State)
	if !ok {
		return ai.Decision{}, game.Errorf(game.CodeInvalid, "the TF22 bots play TF22 Mine only")
	}
	d := s.Determinize(p, &b.rng).(*State)
	b.prune.reset()
	return b.search.Act(ctx, searchState{d, b.prune}, p)
}

// botExploration is the UCB constant of the bots: small, because the
// evaluator's differences between actions are small.
const botExploration = 0.1
