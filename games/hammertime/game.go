package hammertime

import (
	"minehall/game"
)

// Option keys.
const (
	optExpert   = "expert"
	optMissions = "missions"
	optWagons   = "wagons"
	optPiles    = "piles"
)

// Game is Hammer Time with a component pack.
type Game struct {
	pack *Pack
}

// New returns Hammer Time with the embedded reconstructed pack.
func New() game.Game { return &Game{pack: DefaultPack()} }

// NewWithPack returns Hammer Time with the given pack (see [LoadPack]).
func NewWithPack(p *Pack) game.Game { return &Game{pack: p} }

// Pack returns the game's component pack.
func (g *Game) Pack() *Pack { return g.pack }

// Spec describes Hammer Time.
func (g *Game) Spec() game.Spec {
	return game.Spec{
		ID:         "hammertime",
		Title:      "Hammer Time",
		Summary:    "Hit the tray so that gems fall, but not too many, and fill four wagons with the right colors; the round is played out, and ties go to the most mission cards.",
		MinPlayers: 2,
		MaxPlayers: 4,
		Options: []game.OptionSpec{
			{Key: optExpert, Title: "Expert variant", Help: "Roll the die at the start of each turn: its technique makes the hit harder, harder to control or the tray harder to see.", Kind: game.OptionBool, Default: "false"},
			{Key: optMissions, Title: "Mission cards", Help: "Play with the mission step (the rulebook suggests leaving it out of the first games).", Kind: game.OptionBool, Default: "true"},
			{Key: optWagons, Title: "Wagons to fill", Help: "Full wagons that start the last round: 4 in the rulebook, fewer for a short game.", Kind: game.OptionInt, Default: "4", Min: 1, Max: 4, Rated: []string{"4"}},
			// A rules version, not a variant: both values are the
			// rulebook's game (the same chances for every card), so
			// both are rated.
			{Key: optPiles, Title: "Piles", Help: "When the next card of a pile is decided: chance draws it as it is turned face up (chance), or the piles were shuffled at setup (setup: games made before this rule).", Kind: game.OptionChoice, Default: PilesChance, Choices: []string{PilesSetup, PilesChance}, Former: PilesSetup},
		},
		Information: game.ImperfectInformation,
		Turns:       game.Sequential,
		Arena:       true,
		Chance:      true, // the cards turned face up (drawn piles) and the expert variant's die
		RatedMoves:  3,
	}
}

// New returns the initial state: the gems poured on the tray, each player's
// four wagons in a pile, the mission cards in a pile, seat 0 (seat 1 to a
// person) to start. With drawn piles (see [PilesChance]) chance first turns
// each player's first wagon and the first mission card face up; with piles
// set at setup (and when cfg.Options has no piles value) the piles are
// shuffled now. In the expert variant chance then rolls the die.
func (g *Game) New(cfg game.Config) (game.State, error) {
	if err := g.Spec().CheckPlayers(cfg.Players); err != nil {
		return nil, err
	}
	return newState(g.pack, cfg)
}
