package hammertime

import (
	"math"

	"minehall/ai"
	"minehall/game"
)

var _ ai.Estimator = (*State)(nil)

// rolloutDepth is how many actions a default search's rollout plays before
// it is scored by [State.Estimate]: after a hit expanded in the tree, its
// filling. Every hit runs the physics, so playouts to the end (a hundred
// hits and more) made 200 iterations take over a minute.
const rolloutDepth = 1

// DefaultRolloutDepth implements [ai.Estimator]: MCTS and ISMCTS with
// default settings stop rollouts after one action (the filling after a
// hit), so an iteration costs about one hit's physics.
func (s *State) DefaultRolloutDepth() int { return rolloutDepth }

// Estimate implements [ai.Estimator]: each seat's share of a softmax over
// its progress (10 a full wagon, 1 a gem in the top wagon, 0.7 a mission
// card, as the hitting bots measure it), so a seat a full wagon ahead of
// the rest is valued near a win; the values sum to 1 like a shared win's
// returns. At the end it is Returns.
func (s *State) Estimate(dst []float64) []float64 {
	if s.Terminal() {
		return s.Returns(dst)
	}
	const temperature = 5.0
	var w [4]float64
	best := math.Inf(-1)
	for p := range int(s.n) {
		w[p] = progress(s, game.Player(p)) / temperature
		best = max(best, w[p])
	}
	sum := 0.0
	for p := range int(s.n) {
		w[p] = math.Exp(w[p] - best)
		sum += w[p]
	}
	for p := range int(s.n) {
		dst = append(dst, w[p]/sum)
	}
	return dst
}
