package review

import (
	"cmp"
	"context"
	"slices"

	"minehall/ai"
	"minehall/game"
)

// Config configures a review.
type Config struct {
	// Table is the id of the table the record comes from, copied into the
	// result; empty for a record file.
	Table string
	// Budget is each decision's search budget; zero means the game's
	// ([ai.ReviewBudgeter]), else the judge's default.
	Budget ai.Budget
	// Seed seeds the judge: the same record, budget and seed give the same
	// review.
	Seed uint64
}

// RoundReporter is implemented by a [ai.Judge] that also reports each
// seat's board per round (Out of Mine). Observe is called with the state
// before each recorded action (n is its 1-based number) and the action;
// Rounds then returns the rounds seen, after the last action.
type RoundReporter interface {
	Observe(ctx context.Context, s game.State, n int, p game.Player, a game.Action) error
	Rounds(ctx context.Context, final game.State) ([]Round, error)
}

// Review replays rec, a record of game g, and judges every decision of
// every seat: each action of a seat that had a choice (at least two legal
// actions), persons' and bots' alike. A stand-in's decision is judged and
// marked stand_in, and counts toward no player's marks or accuracy.
// Chance and System actions, and forced ones, are not decisions. A record
// that does not replay is refused with the first bad action, as
// [game.Replay] refuses it; a game without a judge ([ai.JudgeMaker]) is
// refused too. The review stops with ctx's error when ctx is done.
func Review(ctx context.Context, g game.Game, rec *game.Record, cfg Config) (*Result, error) {
	spec := g.Spec()
	if rec.Game != spec.ID {
		return nil, game.Errorf(game.CodeInvalid, "the record is of game %q, not %q", rec.Game, spec.ID)
	}
	jm, ok := g.(ai.JudgeMaker)
	if !ok {
		return nil, game.Errorf(game.CodeInvalid, "%s has no judge for reviews", spec.Title)
	}
	budget := cfg.Budget
	if budget == (ai.Budget{}) {
		if b, ok := g.(ai.ReviewBudgeter); ok {
			budget = b.ReviewBudget()
		}
	}
	judge, err := jm.NewJudge(cfg.Seed)
	if err != nil {
		return nil, err
	}
	s, _, err := game.StartStored(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	rr, _ := judge.(RoundReporter)
	res := &Result{Table: cfg.Table, Game: spec.ID, Status: StatusDone, Moves: []Move{}, Swings: []int{}}
	var scale ai.Scale
	current := make([]float64, rec.Players)
	for i := range current {
		current[i] = 1 / float64(rec.Players)
	}
	res.Series = make([][]float64, 0, len(rec.Actions)+1)
	var last int64
	for i, act := range rec.Actions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if act.Ms < last {
			return nil, game.Errorf(game.CodeInvalid, "action %d (%q by player %s): time %d ms is before the previous action's %d ms", i, act.Move, act.Player, act.Ms, last)
		}
		last = act.Ms
		p := act.Player
		a, err := s.ParseAction(p, act.Move)
		if err != nil {
			return nil, game.Errorf(game.CodeInvalid, "action %d (%q by player %s): %v", i, act.Move, p, err)
		}
		if err := game.Check(s, p, a); err != nil {
			return nil, game.Errorf(game.ErrorCode(err), "action %d (%q by player %s): %v", i, act.Move, p, err)
		}
		if rr != nil {
			if err := rr.Observe(ctx, s, i+1, p, a); err != nil {
				return nil, err
			}
		}
		if p.Seated() && len(s.Legal(p, nil)) > 1 {
			j, err := judge.Evaluate(ctx, s, p, budget)
			if err != nil {
				return nil, game.Errorf(game.ErrorCode(err), "judging action %d (%q by player %s): %v", i, act.Move, p, err)
			}
			m, err := judged(j, i+1, p, act, a)
			if err != nil {
				return nil, err
			}
			if res.Scale == "" {
				scale = j.Scale
				res.Scale = scale.Name
				if scale.Name == ai.ScalePoints {
					clear(current) // margins start even
					for _, row := range res.Series {
						clear(row)
					}
				}
			}
			current[p] = m.BestValue
			res.Moves = append(res.Moves, m)
		}
		res.Series = append(res.Series, rounded(current))
		s.Apply(p, a)
	}
	if s.Terminal() && scale.Name != ai.ScalePoints {
		copy(current, s.Returns(nil)) // the outcome is known
	}
	res.Series = append(res.Series, rounded(current))
	if res.Scale == "" {
		res.Scale = ai.ScaleWin
	}
	res.Players = players(rec, res.Moves, scale)
	res.Swings = swings(res.Moves)
	if rr != nil {
		rounds, err := rr.Rounds(ctx, s)
		if err != nil {
			return nil, err
		}
		res.Rounds = rounds
	}
	return res, nil
}

// judged builds the review of the decision act (action number n, action
// a by p) from the judge's judgement j.
func judged(j ai.Judgement, n int, p game.Player, act game.RecordedAct, a game.Action) (Move, error) {
	if len(j.Moves) == 0 {
		return Move{}, game.Errorf(game.CodeInternal, "the judge valued no move at action %d", n)
	}
	played, ok := j.Find(a)
	if !ok {
		return Move{}, game.Errorf(game.CodeInternal, "the judge did not value action %d (%q by player %s)", n, act.Move, p)
	}
	best := j.Moves[0]
	loss := max(0, best.Value-played.Value)
	if played.Action == best.Action {
		loss = 0
	}
	return Move{
		N: n, Player: int(p), Move: act.Move, StandIn: act.StandIn, Mark: j.Scale.Mark(loss),
		Value: round4(played.Value), Best: best.Move, BestValue: round4(best.Value), Loss: round4(loss),
		Reason: best.Reason,
	}, nil
}

// players summarizes each seat's own decisions (stand-ins' left out).
func players(rec *game.Record, moves []Move, scale ai.Scale) []Player {
	out := make([]Player, rec.Players)
	accs := make([][]float64, rec.Players)
	for i := range out {
		out[i].Seat = i
		if i < len(rec.Names) {
			out[i].Name = rec.Names[i]
		}
	}
	for _, m := range moves {
		if m.StandIn {
			continue
		}
		out[m.Player].Marks.add(m.Mark)
		accs[m.Player] = append(accs[m.Player], MoveAccuracy(scale, m.Loss))
	}
	for i := range out {
		out[i].Accuracy = meanAccuracy(accs[i])
	}
	return out
}

// swings returns the N of the up to three moves with the largest positive
// loss (the earlier of equal losses), in the order they were played.
func swings(moves []Move) []int {
	idx := make([]int, 0, len(moves))
	for i, m := range moves {
		if m.Loss > 0 {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(moves[b].Loss, moves[a].Loss) })
	out := []int{}
	for _, i := range idx[:min(3, len(idx))] {
		out = append(out, moves[i].N)
	}
	slices.Sort(out)
	return out
}

// rounded returns a copy of v with each value rounded to 4 decimals.
func rounded(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = round4(x)
	}
	return out
}
