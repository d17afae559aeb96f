// Package ai holds game-agnostic players: a random bot, MCTS (UCT for any
// number of players, with a pluggable evaluator and rollout policy) and
// ISMCTS by determinization for games with hidden information. Algorithms
// see only the [game.State] contract.
package ai

import (
	"context"
	"strings"
	"time"

	"minehall/game"
)

// Decision is a bot's answer: the action to take, and the delay a person of
// the bot's level would need before taking it. Turn-based drivers use Delay
// for pacing; real-time drivers schedule the action Delay after asking (on
// the wall clock at a table, on a virtual clock in simulation) and ask again
// if the state changes first. Wait means there is nothing to do yet: ask
// again after Delay or when the state changes.
type Decision struct {
	Action game.Action
	Delay  time.Duration
	Wait   bool
}

// Bot chooses actions. Act must not modify s (search works on clones) and
// must return a legal action of p in s unless Wait is set. It returns early
// with the best action found so far when ctx is done. A Bot is used by one
// goroutine at a time; drivers make one per seat.
type Bot interface {
	Act(ctx context.Context, s game.State, p game.Player) (Decision, error)
}

// Budget bounds a search: whichever of Iterations and Time is reached first
// ends it. A zero field is no bound; both zero means a default of 1000
// iterations. Iteration budgets make results depend only on the seed.
type Budget struct {
	Iterations int
	Time       time.Duration
}

// Evaluator estimates a non-terminal state: it appends one value in [0, 1]
// per player, like [game.State.Returns] (1 = surely wins).
type Evaluator func(s game.State, dst []float64) []float64

// Policy picks an action for p among legal (never empty) in rollouts.
type Policy func(s game.State, p game.Player, legal []game.Action, rng *game.Rand) game.Action

// BotMaker is implemented by a [game.Game] that offers its own bots.
// BotNames lists the names it accepts, which include at least "random",
// "easy", "medium" and "hard"; NewBot makes the named bot, seeded.
type BotMaker interface {
	BotNames() []string
	NewBot(name string, seed uint64) (Bot, error)
}

// NoSuchBot is the error of a BotMaker's NewBot for a name it does not
// accept: a not-found error naming the game and the bots it has.
func NoSuchBot(title, name string, names []string) error {
	return game.Errorf(game.CodeNotFound, "%s has no bot %q (it has %s)", title, name, strings.Join(names, ", "))
}
