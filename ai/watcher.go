package ai

import (
	"context"

	"minehall/game"
)

// Watcher is implemented by bots that follow a whole game rather than only
// the states they are asked about, such as [External], whose agent is told
// every move. A driver that plays whole games calls Start once before
// anything else, Update after every action in the order they were applied,
// Act as usual, and End once when the game is over or stopped. An error
// from Start or Update ends the game as an error game; an error from End
// is the driver's to ignore, as the game is decided by then.
type Watcher interface {
	Start(ctx context.Context, g GameStart) error
	Update(ctx context.Context, m MoveSeen) error
	End(ctx context.Context, e GameEnd) error
}

// GameStart is what a watching bot learns when its game starts.
type GameStart struct {
	Game    string       // the game's id
	Options game.Options // resolved: every option with its value
	// Turns is how the game takes turns (game.Spec.Turns): in a real-time
	// game the time a bot takes is its pace.
	Turns   game.TurnTaking
	Players int
	Seat    game.Player // the bot's seat, from 0
	// Names are the players' names by seat, when the driver knows them
	// (bot names in a simulation, people's names at a table).
	Names []string
	// Seed is a seed for the bot's own randomness, when the driver gives
	// one (a simulation does, derived from the game's seed).
	Seed *uint64
	// N is the number of actions played before the bot joined: 0 unless it
	// takes a seat in a game under way.
	N int64
}

// MoveSeen is one applied action as a seat may learn it.
type MoveSeen struct {
	N      int64       // the action's number, from 1
	Player game.Player // who acted: a seat, Chance or System
	// Move is the action's notation, or "" when it is hidden from the
	// watching seat (another player's secret choice, a card chance dealt
	// face down): see [game.PublicMover].
	Move string
	Ms   int64 // milliseconds since the game started (virtual in a simulation)
}

// GameEnd is how the game ended: with a result, or stopped short with an
// error that says why.
type GameEnd struct {
	N      int64 // the number of actions played
	Result *game.Result
	Error  string
}
