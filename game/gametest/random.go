package gametest

import (
	"fmt"

	"minehall/game"
)

// RandomStep picks an actor uniformly among s's actors and one of its legal
// actions: by the outcome probabilities for Chance, uniformly otherwise. It
// returns ok=false on a terminal state.
func RandomStep(s game.State, rng *game.Rand, pbuf []game.Player, abuf []game.Action) (game.Player, game.Action, bool) {
	actors := s.Actors(pbuf[:0])
	if len(actors) == 0 {
		return 0, 0, false
	}
	p := actors[rng.IntN(len(actors))]
	if p == game.Chance {
		if cs, ok := s.(game.ChanceState); ok {
			return p, SampleChance(cs, rng), true
		}
	}
	legal := s.Legal(p, abuf[:0])
	if len(legal) == 0 {
		return p, 0, false
	}
	return p, legal[rng.IntN(len(legal))], true
}

// SampleChance draws one outcome of a chance node by its probability.
func SampleChance(cs game.ChanceState, rng *game.Rand) game.Action {
	return game.PickOutcome(cs.ChanceOutcomes(nil), rng.Float64())
}

// RandomGame plays g from seed with uniformly random choices (chance by its
// probabilities) through the checked path, one simulated second per action,
// and returns the finished record and final state. It stops after
// maxActions actions (0: 100000) and returns an error if the game has not
// ended by then or an action the game listed as legal was refused.
func RandomGame(g game.Game, players int, opts game.Options, seed uint64, maxActions int) (*game.Record, game.State, error) {
	if maxActions == 0 {
		maxActions = 100000
	}
	rec, err := game.NewRecorder(g, players, opts, seed)
	if err != nil {
		return nil, nil, err
	}
	rng := game.NewRand(seed ^ 0x6b1d5c3a)
	var pbuf [16]game.Player
	var abuf []game.Action
	for i := 0; !rec.State.Terminal(); i++ {
		if i == maxActions {
			return nil, nil, fmt.Errorf("the game did not end within %d random actions", maxActions)
		}
		p, a, ok := RandomStep(rec.State, &rng, pbuf[:], abuf)
		if !ok {
			return nil, nil, fmt.Errorf("after %d actions the game is not over but actor %s has no legal action", i, p)
		}
		if err := rec.Play(p, a, int64(i)*1000); err != nil {
			return nil, nil, fmt.Errorf("action %d: %s by %s was listed as legal but refused: %v", i, rec.State.ActionString(p, a), p, err)
		}
	}
	r, err := rec.Finish()
	return r, rec.State, err
}

func strictlyAscending[T game.Action | game.Player](xs []T) bool {
	for i := 1; i < len(xs); i++ {
		if xs[i] <= xs[i-1] {
			return false
		}
	}
	return true
}
