package tf22

import (
	"context"

	"minehall/ai"
	"minehall/game"
)

var _ ai.BotMaker = (*Game)(nil)

// searchIterations are the ISMCTS iterations per decision of the search
// bots, weakest first. More than 600 iterations (or the iterations spent on
// rollouts instead) did not make the hard bot stronger against the medium
// one.
var searchIterations = map[string]int{"easy": 50, "medium": 200, "hard": 600}

// BotNames lists the bots: random play, the one-ply greedy bot and ISMCTS
// over the search view at three strengths.
func (g *Game) BotNames() []string { return []string{"random", "greedy", "easy", "medium", "hard"} }

// NewBot returns the named bot, seeded. No bot reads another seat's cards
// or any pile's order: the greedy bot judges determinizations for its own
// seat, and the ISMCTS bots search only such determinizations.
func (g *Game) NewBot(name string, seed uint64) (ai.Bot, error) {
	switch name {
	case "random":
		return ai.NewRandom(seed), nil
	case "greedy":
		return NewGreedy(seed), nil
	}
	it, ok := searchIterations[name]
	if !ok {
		return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
	}
	return newSearchBot(it, seed), nil
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

func newSearchBot(iterations int, seed uint64) *searchBot {
	return &searchBot{
		search: ai.NewISMCTS(ai.MCTSConfig{
			Budget:      ai.Budget{Iterations: iterations},
			Evaluator:   Evaluate,
			Exploration: botExploration,
			Seed:        seed,
		}),
		rng:   game.NewRand(seed ^ 0x7f22),
		prune: newPruneCache(),
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
