package ai

import (
	"context"

	"minehall/game"
)

// Judge values decisions for a game review. Evaluate returns, for the
// mover p at the true state s, the expected final outcome of each of p's
// legal actions on the judge's [Scale], best first. A judge of a game with
// hidden information searches only determinizations from p's own view
// ([game.Determinizer]), so its judgement never depends on what p could
// not see. Evaluate must not modify s. The iterations of budget make the
// judgement depend only on the judge's seed and the calls made before;
// its time caps the search. A Judge is used by one goroutine at a time.
type Judge interface {
	Evaluate(ctx context.Context, s game.State, p game.Player, budget Budget) (Judgement, error)
}

// JudgeMaker is implemented by a [game.Game] that can judge its decisions:
// NewJudge makes a judge, seeded.
type JudgeMaker interface {
	NewJudge(seed uint64) (Judge, error)
}

// ReviewBudgeter is implemented by a [JudgeMaker] whose reviews have a
// budget of their own per decision (the production budget that
// docs/review.md states), used when a review asks for none.
type ReviewBudgeter interface {
	ReviewBudget() Budget
}

// AnalysisBudgeter is implemented by a [JudgeMaker] whose review budget is
// too slow for a person waiting at the analysis board: AnalysisBudget is
// its budget per position there (an iteration count, so that the answer
// is the same on a busy machine).
type AnalysisBudgeter interface {
	AnalysisBudget() Budget
}

// Judgement is a judge's answer for one decision: the scale of the values
// and every legal action of the mover, best first.
type Judgement struct {
	Scale Scale
	Moves []MoveValue
}

// Find returns the value of action a in j, and false if j does not hold a.
func (j Judgement) Find(a game.Action) (MoveValue, bool) {
	for _, m := range j.Moves {
		if m.Action == a {
			return m, true
		}
	}
	return MoveValue{}, false
}

// MoveValue is one legal action as a judge values it.
type MoveValue struct {
	Action game.Action
	// Move is the action in the game's notation.
	Move string
	// Value is the mover's expected final outcome after the action and the
	// judge's best play of everyone, on the judgement's scale.
	Value float64
	// Visits is how many playouts of the search went through the action
	// (0 for a judge that does not sample).
	Visits int
	// Reason says why the action is worth Value, by language (en, de, fr,
	// nl).
	Reason map[string]string
}

// Scale is what a game's values measure and the losses that mark a
// decision. Name is "win" (the probability of winning, 0 to 1) or
// "points" (an outcome in the game's points, as the game's judge defines
// it and docs/review.md states). A loss is
// the best value minus the played value; a decision is "best" when its
// loss is at most Best, "good" up to Good, an "inaccuracy" up to
// Inaccuracy, a "mistake" up to Mistake and a "blunder" beyond. Unit is
// the loss that costs as much accuracy as a 1% lower chance of winning.
type Scale struct {
	Name                            string
	Best, Good, Inaccuracy, Mistake float64
	Unit                            float64
}

// The names of the scales.
const (
	ScaleWin    = "win"
	ScalePoints = "points"
)

// WinScale is the scale of win probabilities: a move within 0.02 of the
// best counts as best (the search's own noise), up to 0.05 as good, up to
// 0.1 as an inaccuracy, up to 0.2 as a mistake, beyond as a blunder.
var WinScale = Scale{Name: ScaleWin, Best: 0.02, Good: 0.05, Inaccuracy: 0.1, Mistake: 0.2, Unit: 0.01}

// Mark returns the mark of a decision that lost loss on scale s.
func (s Scale) Mark(loss float64) string {
	switch {
	case loss <= s.Best:
		return "best"
	case loss <= s.Good:
		return "good"
	case loss <= s.Inaccuracy:
		return "inaccuracy"
	case loss <= s.Mistake:
		return "mistake"
	}
	return "blunder"
}

// Marks are the names of the marks, from the best to the worst.
var Marks = []string{"best", "good", "inaccuracy", "mistake", "blunder"}
