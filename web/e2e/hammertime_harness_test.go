package e2e

import (
	"context"
	"strings"

	"minehall/ai"
	"minehall/game"
	"minehall/games/hammertime"
)

// htBotSpeedup is how many times faster than their pace the Hammer Time
// bots of the end-to-end tests act.
const htBotSpeedup = 10

// quickHTGame is Hammer Time with the embedded pack whose bots act
// htBotSpeedup times faster, and whose expert games start with the die's
// first roll already made, on "eyes closed", so that a test sees the tray
// hidden on the first turn. Every later roll is chance's, made by the
// table. The rules, options, rules text and bot levels are the game's own.
type quickHTGame struct{ *hammertime.Game }

// quickHammerTime returns Hammer Time with quick bots, for the tests.
func quickHammerTime() game.Game {
	return quickHTGame{hammertime.New().(*hammertime.Game)}
}

// New starts a game; an expert game starts with the die rolled on eyes
// closed (chance's first roll, played here through the checked path, so a
// record of the game replays from this New). With drawn piles the cards
// turned up at setup come first: there New turns up each pile's first
// card in pack order, the first of chance's outcomes.
func (g quickHTGame) New(cfg game.Config) (game.State, error) {
	s, err := g.Game.New(cfg)
	if err != nil || !cfg.Options.Bool("expert") {
		return s, err
	}
	for s.Actors(nil)[0] == game.Chance && !strings.HasPrefix(s.ActionString(game.Chance, s.Legal(game.Chance, nil)[0]), "roll ") {
		if err := game.Play(s, game.Chance, s.Legal(game.Chance, nil)[0]); err != nil {
			return nil, err
		}
	}
	if err := game.Play(s, game.Chance, hammertime.RollAction(hammertime.EyesClosed)); err != nil {
		return nil, err
	}
	return s, nil
}

// htSetupPiles returns opts with Hammer Time's piles set at setup (the
// rules version of every game made before drawn piles): the fixed
// positions that the look, shot and golden tests script (their moves, the
// trays and the images) were made under it and stay the same. Tables the
// tests create get the new games' drawn piles, whose cards the server's
// chance turns up.
func htSetupPiles(opts game.Options) game.Options {
	out := opts.Clone()
	out["piles"] = hammertime.PilesSetup
	return out
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
