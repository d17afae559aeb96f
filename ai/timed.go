package ai

import (
	"time"
)

// TimedBotMaker is implemented by a [BotMaker] whose bots can be given a
// time budget per decision, as at a table, instead of the fixed iteration
// budgets of [BotMaker.NewBot] that keep simulations reproducible.
//
// NewTimedBot makes the named bot, seeded, with budget.Time the longest
// it may think about one decision (of one core; Iterations is ignored).
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
