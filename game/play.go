package game

import (
	"slices"
	"strings"
)

// Play is the checked way to move: it applies a for p only if p may act now
// and a is legal, and otherwise returns an error (code CodeGameOver,
// CodeNotYourTurn or CodeIllegal) that says why, leaving s unchanged.
// States that implement [Explainer] supply the reason.
func Play(s State, p Player, a Action) error {
	if err := Check(s, p, a); err != nil {
		return err
	}
	s.Apply(p, a)
	return nil
}

// Check reports whether p may take a in s now, as [Play] would, without
// applying it.
func Check(s State, p Player, a Action) error {
	if s.Terminal() {
		return Errorf(CodeGameOver, "the game is over")
	}
	var pbuf [8]Player
	if !slices.Contains(s.Actors(pbuf[:0]), p) {
		if e, ok := s.(Explainer); ok {
			if err := e.Explain(p, a); err != nil {
				return err
			}
		}
		return Errorf(CodeNotYourTurn, "player %s may not act now", p)
	}
	if a < 0 || int(a) >= s.NumActions() {
		return Errorf(CodeInvalid, "action %d is outside 0 to %d", a, s.NumActions()-1)
	}
	if _, ok := slices.BinarySearch(s.Legal(p, nil), a); ok {
		return nil
	}
	if e, ok := s.(Explainer); ok {
		if err := e.Explain(p, a); err != nil {
			return err
		}
	}
	return Errorf(CodeIllegal, "%s is not legal now", s.ActionString(p, a))
}

// PlayNotation parses move in s's notation and plays it for p.
func PlayNotation(s State, p Player, move string) (Action, error) {
	a, err := s.ParseAction(p, strings.TrimSpace(move))
	if err != nil {
		return 0, err
	}
	return a, Play(s, p, a)
}

// RankReturns fills dst with returns from final scores: the players with the
// highest score share the win (1/k each for k of them), the rest get 0.
// Games with tie-breaks pass scores that already include them (for example
// score*1000 + tie-break).
func RankReturns(scores []float64, dst []float64) []float64 {
	if len(scores) == 0 {
		return dst
	}
	best := slices.Max(scores)
	k := 0
	for _, v := range scores {
		if v == best {
			k++
		}
	}
	for _, v := range scores {
		if v == best {
			dst = append(dst, 1/float64(k))
		} else {
			dst = append(dst, 0)
		}
	}
	return dst
}

// PickOutcome returns the outcome of a chance node that u, a uniform value
// in [0, 1), selects by the outcomes' probabilities: the inverse of their
// cumulative distribution. outs must not be empty.
func PickOutcome(outs []ChanceOutcome, u float64) Action {
	for _, o := range outs {
		if u < o.Probability {
			return o.Action
		}
		u -= o.Probability
	}
	return outs[len(outs)-1].Action
}
