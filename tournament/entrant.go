package tournament

import "minehall/game"

// Entrant is a player of a tournament: a person's account or a bot.
type Entrant struct {
	// ID names the entrant uniquely within the tournament (an account id or
	// a bot's id). It must not be empty.
	ID string `json:"id"`
	// Rating is the entrant's displayed rating when it joined; it orders
	// entrants with equal points and breaks the last ties.
	Rating float64 `json:"rating"`
	// Joined is the entrant's join order (0 for the first to join). It is
	// kept for the runner's lists; pairing and standings do not use it.
	Joined int `json:"joined"`
	// Withdrawn entrants are never paired again. Their finished games still
	// count, for their own standing and for their opponents' tie-breaks.
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// errNotImplemented stands in for the bodies until they are written.
var errNotImplemented = game.Errorf(game.CodeInternal, "tournament: not implemented")
