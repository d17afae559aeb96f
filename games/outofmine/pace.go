package outofmine

import (
	"time"

	"minehall/game"
)

// Pace is how fast a bot plays, as a person would: a tile takes Tile on
// average, two fifths of it to take the tile from the supply and three
// fifths to turn it and lay it (or move it); putting a tile back or taking
// it off the board takes a fifth. Each action's time is drawn between 0.7
// and 1.3 times its share; with PauseChance an action waits Pause longer
// (between half and one and a half times it). The first action of a round
// also takes Think, to read the card and plan the board.
type Pace struct {
	Tile        time.Duration
	Think       time.Duration
	PauseChance float64
	Pause       time.Duration
}

// paceKind is the share of Tile an action takes, in fifths.
type paceKind int

const (
	paceShort  paceKind = 1 // return a tile, take one off the board
	paceTake   paceKind = 2 // take a tile from the supply
	paceLay    paceKind = 3 // lay a tile, move or turn it
	paceChoose paceKind = 5 // choose a side of the board
)

// delay draws the time of an action of kind k.
func (pc *Pace) delay(rng *game.Rand, k paceKind) time.Duration {
	d := time.Duration(float64(pc.Tile) * float64(k) / 5 * (0.7 + 0.6*rng.Float64()))
	if pc.PauseChance > 0 && rng.Float64() < pc.PauseChance {
		d += time.Duration(float64(pc.Pause) * (0.5 + rng.Float64()))
	}
	return d
}

// think draws the time to read a round's card and plan the board.
func (pc *Pace) think(rng *game.Rand) time.Duration {
	return time.Duration(float64(pc.Think) * (0.75 + 0.5*rng.Float64()))
}

// pendingAction is the action a bot at a table has answered and the wall
// time it is due.
type pendingAction struct {
	seq    int64
	action game.Action
	due    time.Time
	set    bool
}

// keepPace returns the delay of action a, decided with delay d in the
// phase seq: in simulations d itself (sim keeps the first due time of an
// action a bot answers again); at a table, where every action anyone
// takes asks the bots again, the time left until the due time of the
// same action answered before, so that a bot keeps its pace however
// often it is asked.
func (b *Bot) keepPace(seq int64, a game.Action, d time.Duration) time.Duration {
	if b.clock == nil {
		return d
	}
	now := b.clock()
	if b.pending.set && b.pending.seq == seq && b.pending.action == a {
		return max(0, b.pending.due.Sub(now))
	}
	b.pending = pendingAction{seq: seq, action: a, due: now.Add(d), set: true}
	return d
}
