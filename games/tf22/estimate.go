package tf22

import "minehall/ai"

var _ ai.Estimator = (*State)(nil)

// rolloutDepth is how many actions a default search's rollout plays before
// [State.Estimate] scores it. Random play takes thousands of actions to end
// a game (turning cards back and forth), so rollouts to the end made a
// default search manage about 60 iterations a second.
const rolloutDepth = 24

// DefaultRolloutDepth implements [ai.Estimator]: MCTS and ISMCTS with
// default settings stop rollouts after 24 actions, a few turns.
func (s *State) DefaultRolloutDepth() int { return rolloutDepth }

// Estimate implements [ai.Estimator]: the bots' [Evaluate], which reads
// only what every seat sees, or Returns at the end.
func (s *State) Estimate(dst []float64) []float64 {
	if s.Terminal() {
		return s.Returns(dst)
	}
	return Evaluate(s, dst)
}
