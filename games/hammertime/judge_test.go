package hammertime

import (
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/review"
	"minehall/review/reviewtest"
)

// TestJudgeReviewsABotGame reviews the start of a bot game (up to its
// first hit, on one sample of every hit) as reviews do.
func TestJudgeReviewsABotGame(t *testing.T) {
	g := New()
	rec := reviewtest.BotRecord(t, g, nil, []string{"easy", "easy"}, 5)
	s, _, err := game.Start(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	hits := 0
	for i, act := range rec.Actions {
		a, _ := s.ParseAction(act.Player, act.Move)
		if act.Player.Seated() && a < numHits {
			if hits++; hits > 1 {
				rec.Actions, rec.Result = rec.Actions[:i], nil
				break
			}
		}
		if err := game.Play(s, act.Player, a); err != nil {
			t.Fatal(err)
		}
	}
	res := reviewtest.Check(t, g, rec, review.Config{Budget: ai.Budget{Iterations: 1}, Seed: 2})
	if res.Scale != ai.ScalePoints || len(res.Moves) < 1 {
		t.Fatalf("review on scale %q with %d moves; want points and at least the hit", res.Scale, len(res.Moves))
	}
	for _, m := range res.Moves {
		if m.BestValue < m.Value-1e-9 && m.Loss != 0 {
			t.Errorf("move %d: the best %v is below the played %v with a loss %v", m.N, m.BestValue, m.Value, m.Loss)
		}
	}
}
