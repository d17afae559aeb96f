package e2e

import (
	"context"

	"minehall/ai"
	"minehall/game"
	"minehall/games/hammertime"
)

// htBotSpeedup is how many times faster than their pace the Hammer Time
// bots of the end-to-end tests act.
const htBotSpeedup = 10

// quickHTGame is Hammer Time with the embedded pack whose bots act
// htBotSpeedup times faster, and whose expert games start from a seed
// whose first roll of the die is "eyes closed" (the first seed at or after
// the table's), so that a test sees the tray hidden on the first turn. The
// rules, options, rules text and bot levels are the game's own.
type quickHTGame struct{ *hammertime.Game }

// quickHammerTime returns Hammer Time with quick bots, for the tests.
func quickHammerTime() game.Game {
	return quickHTGame{hammertime.New().(*hammertime.Game)}
}

// New starts a game; an expert game starts with the die on eyes closed.
func (g quickHTGame) New(cfg game.Config) (game.State, error) {
	if !cfg.Options.Bool("expert") {
		return g.Game.New(cfg)
	}
	for try := 0; ; try++ {
		s, err := g.Game.New(cfg)
		if err != nil {
			return nil, err
		}
		if v, ok := s.View(0).(hammertime.View); ok && v.Technique == "eyes-closed" || try == 200 {
			return s, nil
		}
		cfg.Seed++
	}
}

// NewBot implements ai.BotMaker: the game's own bot, with its delays
// divided by htBotSpeedup.
func (g quickHTGame) NewBot(name string, seed uint64) (ai.Bot, error) {
	b, err := g.Game.NewBot(name, seed)
	if err != nil {
		return nil, err
	}
	return quickHTBot{b}, nil
}

// quickHTBot divides another bot's delays by htBotSpeedup.
type quickHTBot struct{ bot ai.Bot }

// Act implements ai.Bot.
func (b quickHTBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	d, err := b.bot.Act(ctx, s, p)
	d.Delay /= htBotSpeedup
	return d, err
}
