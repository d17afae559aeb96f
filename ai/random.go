package ai

import (
	"context"

	"minehall/game"
)

// Random plays a uniformly random legal action.
type Random struct {
	rng  game.Rand
	abuf []game.Action
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: game.NewRand(seed)} }

// Act implements [Bot].
func (r *Random) Act(ctx context.Context, s game.State, p game.Player) (Decision, error) {
	r.abuf = s.Legal(p, r.abuf[:0])
	if len(r.abuf) == 0 {
		return Decision{}, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	}
	return Decision{Action: r.abuf[r.rng.IntN(len(r.abuf))]}, nil
}
