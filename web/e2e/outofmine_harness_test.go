package e2e

import (
	"context"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/games/outofmine"
)

// botSpeedup is how many times faster than a person of their level the Out
// of Mine bots of the end-to-end tests act, so that a 7-round game against
// two of them takes seconds per round instead of minutes.
const botSpeedup = 12

// quickGame is Out of Mine with the embedded pack whose bots act speedup
// times faster: the same rules, options, rules text and bot levels.
type quickGame struct {
	*outofmine.Game
	speedup time.Duration
}

// quickOutOfMine returns Out of Mine with bots botSpeedup times faster, for
// the tests.
func quickOutOfMine() game.Game { return quickOutOfMineAt(botSpeedup) }

// quickOutOfMineAt returns Out of Mine with bots speedup times faster.
func quickOutOfMineAt(speedup int) game.Game {
	return quickGame{outofmine.NewWithPack(outofmine.DefaultPack()), time.Duration(speedup)}
}

// NewBot implements ai.BotMaker: the game's own bot, with its delays
// divided by the speedup.
func (g quickGame) NewBot(name string, seed uint64) (ai.Bot, error) {
	b, err := g.Game.NewBot(name, seed)
	if err != nil {
		return nil, err
	}
	return quickBot{b, g.speedup}, nil
}

// NewTimedBot implements ai.TimedBotMaker, which tables use: the game's
// own table bot at its level's pace divided by the speedup, its pending
// actions kept on the wall clock as at any table.
func (g quickGame) NewTimedBot(name string, seed uint64, _ ai.Budget) (ai.Bot, error) {
	lv, ok := outofmine.Levels[name]
	if !ok {
		return nil, ai.NoSuchBot(g.Spec().Title, name, g.BotNames())
	}
	lv.Pace.Tile /= g.speedup
	lv.Pace.Think /= g.speedup
	lv.Pace.Pause /= g.speedup
	lv.CallDelay /= g.speedup
	return outofmine.NewTableBot(lv, seed), nil
}

// quickBot divides another bot's delays by speedup.
type quickBot struct {
	bot     ai.Bot
	speedup time.Duration
}

// Act implements ai.Bot.
func (b quickBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	d, err := b.bot.Act(ctx, s, p)
	d.Delay /= b.speedup
	return d, err
}
