package ai

import (
	"context"
	"slices"
	"time"

	"minehall/game"
)

// TimedBotMaker is implemented by a [BotMaker] whose bots can be given a
// time budget per decision, as at a table, instead of the fixed iteration
// budgets of [BotMaker.NewBot] that keep simulations reproducible.
//
// NewTimedBot makes the named bot, seeded, with budget.Time the longest
// it may think about one decision, on one goroutine (wall-clock time, so
// that a busy machine shortens the search, never the table's wait;
// Iterations is ignored).
// The search levels are anytime: they stop when the budget ends and
// answer with the best action found so far. The levels differ in how well
// they use the time: a level may stop early, when more thinking would not
// make it play better or would make it play better than its level, but no
// level thinks longer than the budget by more than the time of one batch
// of its search. A zero budget means [DefaultThinkingTime].
type TimedBotMaker interface {
	BotMaker
	NewTimedBot(name string, seed uint64, budget Budget) (Bot, error)
}

// IterationBotMaker is implemented by a [BotMaker] whose search levels can
// be given another fixed iteration budget: NewBotWithIterations makes the
// named level's bot, seeded, with the level's search and evaluation but
// iterations simulations a decision, so that a level's strength can be
// measured against its budget with results that depend only on the seed
// (sim's "LEVEL:N" bots, such as "expert:80000"). A level that is no
// search (random, greedy) is refused with an error of code
// [game.CodeInvalid]; an unknown name gets [NoSuchBot]'s error.
type IterationBotMaker interface {
	BotMaker
	NewBotWithIterations(name string, seed uint64, iterations int) (Bot, error)
}

// CheckIterations is the check of [IterationBotMaker.NewBotWithIterations]
// of a game titled title whose bots are names and whose search levels
// have the budgets levels: nil when name is a search level and iterations
// at least 1, else the error that method returns.
func CheckIterations(title string, names []string, levels map[string]int, name string, iterations int) error {
	if _, search := levels[name]; !search {
		if slices.Contains(names, name) {
			return game.Errorf(game.CodeInvalid, "the %s bot of %s is no search: it has no iterations to set", name, title)
		}
		return NoSuchBot(title, name, names)
	}
	if iterations < 1 {
		return game.Errorf(game.CodeInvalid, "%s bot %s: %d iterations; want at least 1", title, name, iterations)
	}
	return nil
}

// DefaultThinkingTime is the time budget per decision of the bots at a
// table unless the server or the table sets another: one second of one
// core, the time a person would give the hard level.
const DefaultThinkingTime = time.Second

// Thinking-time bounds of a table's option: less than MinThinkingTime
// leaves the searches too few iterations to play their level, and more
// than MaxThinkingTime keeps people waiting.
const (
	MinThinkingTime = 100 * time.Millisecond
	MaxThinkingTime = 10 * time.Second
)

// LevelBudget is the budget of a search level with at most iterations
// iterations (0: no cap) at a table that gives it t per decision (0:
// [DefaultThinkingTime]): the time always bounds the search, and the cap
// stops the weaker levels early, where their iterations run out.
func LevelBudget(iterations int, t time.Duration) Budget {
	if t <= 0 {
		t = DefaultThinkingTime
	}
	return Budget{Iterations: iterations, Time: t}
}

// ExpertTableCap is the iteration cap at a table of a game's expert, the
// level that thinks for the whole time: it only bounds the search tree's
// memory.
const ExpertTableCap = 1_000_000

// TableIterations is the iteration cap at a table (for [LevelBudget]) of
// the search level called name, whose simulation budgets are sim: expert
// gets [ExpertTableCap], and every other level stops at its simulation
// budget, so that at a table it plays as strong as it was measured.
func TableIterations(sim map[string]int, name string) int {
	if name == "expert" {
		return ExpertTableCap
	}
	return sim[name]
}

// NewTableBot makes the bot called name of g for a table that gives its
// bots t per decision (0: [DefaultThinkingTime]): the game's timed bot
// when g is a [TimedBotMaker], else its bot of [BotMaker.NewBot], else
// (for a game with no bots of its own) the random bot. Every decision is
// also asked with a deadline t after the question, so that a bot that
// honours its context (as [Bot] requires) answers by then with the best
// action it has found. A name g does not offer gets [NoSuchBot].
func NewTableBot(g game.Game, name string, seed uint64, t time.Duration) (Bot, error) {
	if t <= 0 {
		t = DefaultThinkingTime
	}
	var b Bot
	var err error
	switch m := g.(type) {
	case TimedBotMaker:
		b, err = m.NewTimedBot(name, seed, Budget{Time: t})
	case BotMaker:
		b, err = m.NewBot(name, seed)
	default:
		if name != "random" {
			return nil, NoSuchBot(g.Spec().Title, name, []string{"random"})
		}
		b = NewRandom(seed)
	}
	if err != nil {
		return nil, err
	}
	return deadlined{b, t}, nil
}

// deadlined asks its bot with a deadline of t after the question.
type deadlined struct {
	Bot
	t time.Duration
}

// Act implements [Bot].
func (b deadlined) Act(ctx context.Context, s game.State, p game.Player) (Decision, error) {
	ctx, cancel := context.WithTimeout(ctx, b.t)
	defer cancel()
	return b.Bot.Act(ctx, s, p)
}
