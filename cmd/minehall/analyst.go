package main

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/server"
)

// analysisTime caps the search of one position of the analysis board, so
// that a person waits for an answer no longer than a couple of seconds.
const analysisTime = 1500 * time.Millisecond

// engineAnalyst is the server's Analyst made of the review's judges: each
// position is valued by a judge of its game seeded with the request's
// seed, with the review's budget per decision (budget when it is not zero)
// capped at analysisTime. The judges search from the mover's own view in
// games with hidden information.
func engineAnalyst(budget ai.Budget) server.Analyst {
	return server.AnalystFunc(func(ctx context.Context, g game.Game, s game.State, mover game.Player, seed uint64) (*server.Evaluation, error) {
		jm, ok := g.(ai.JudgeMaker)
		if !ok {
			return nil, game.Errorf(game.CodeNotFound, "%s has no engine to analyse its positions", g.Spec().Title)
		}
		judge, err := jm.NewJudge(seed)
		if err != nil {
			return nil, err
		}
		j, err := judge.Evaluate(ctx, s, mover, analysisBudget(g, budget))
		if err != nil {
			return nil, err
		}
		return evaluationOf(j, mover), nil
	})
}

// analysisBudget is the search budget of a position of g: budget if it is
// not zero, else the game's own for the board ([ai.AnalysisBudgeter]),
// else the review's ([ai.ReviewBudgeter]); capped at analysisTime.
func analysisBudget(g game.Game, budget ai.Budget) ai.Budget {
	if budget == (ai.Budget{}) {
		if b, ok := g.(ai.AnalysisBudgeter); ok {
			budget = b.AnalysisBudget()
		} else if b, ok := g.(ai.ReviewBudgeter); ok {
			budget = b.ReviewBudget()
		}
	}
	if budget.Time == 0 || budget.Time > analysisTime {
		budget.Time = analysisTime
	}
	return budget
}

// evaluationOf is the board's evaluation of judgement j of mover's
// moves: values rounded to 4 decimals, ranked by value, the highest first
// (of equal values, the one the judge put first).
func evaluationOf(j ai.Judgement, mover game.Player) *server.Evaluation {
	ev := &server.Evaluation{Scale: j.Scale.Name, Mover: mover, Moves: make([]server.EvaluatedMove, 0, len(j.Moves))}
	for _, m := range j.Moves {
		ev.Moves = append(ev.Moves, server.EvaluatedMove{Move: m.Move, Value: math.Round(m.Value*1e4) / 1e4, Reason: m.Reason})
	}
	slices.SortStableFunc(ev.Moves, func(a, b server.EvaluatedMove) int { return cmp.Compare(b.Value, a.Value) })
	return ev
}
