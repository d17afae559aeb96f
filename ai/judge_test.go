package ai

import (
	"context"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// c4ThreeInA returns Connect Four with three discs of seat 0 in column a
// and seat 0 to move: a wins at once.
func c4ThreeInA(t *testing.T) game.State {
	t.Helper()
	s, _, _ := game.Start(gametest.ConnectFour(), 2, nil, 1)
	for _, m := range []string{"a", "b", "a", "b", "a", "c"} {
		if _, err := game.PlayNotation(s, s.(*gametest.C4State).Turn, m); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestAnalyzeCountsEveryIterationAtTheRoot(t *testing.T) {
	s := c4ThreeInA(t)
	stats, err := NewMCTS(MCTSConfig{Budget: Budget{Iterations: 700}, Seed: 2}).Analyze(context.Background(), s, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	total, best := 0, stats[0]
	for _, st := range stats {
		total += st.Visits
		if st.Visits > best.Visits {
			best = st
		}
	}
	if total != 700 || len(stats) != 7 {
		t.Errorf("%d actions with %d visits; want 7 with 700", len(stats), total)
	}
	if best.Action != 0 || best.Value < 0.99 {
		t.Errorf("most visited is %s with value %v; want a, a sure win", s.ActionString(0, best.Action), best.Value)
	}
}

func TestSearchJudgeValuesEveryLegalActionBestFirst(t *testing.T) {
	s := c4ThreeInA(t)
	j, err := NewSearchJudge(SearchJudgeConfig{Seed: 1}).Evaluate(context.Background(), s, 0, Budget{Iterations: 500})
	if err != nil {
		t.Fatal(err)
	}
	if len(j.Moves) != 7 || j.Moves[0].Move != "a" || j.Scale.Name != ScaleWin {
		t.Fatalf("judgement %+v; want 7 moves on the win scale, a first", j)
	}
	for _, m := range j.Moves {
		if m.Value < 0 || m.Value > 1 || len(m.Reason) != len(game.Languages) {
			t.Errorf("move %s has value %v and %d reasons; want a value in [0, 1] and 4 reasons", m.Move, m.Value, len(m.Reason))
		}
	}
	if _, err := NewSearchJudge(SearchJudgeConfig{}).Evaluate(context.Background(), s, 1, Budget{}); game.ErrorCode(err) != game.CodeNotYourTurn {
		t.Errorf("judging the seat not to move: got %v; want a not-your-turn error", err)
	}
}
