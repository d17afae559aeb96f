package minerals

import (
	"strings"
	"testing"

	"minehall/ai"
	"minehall/review"
	"minehall/review/reviewtest"
)

func TestJudgeReviewsABotGame(t *testing.T) {
	g := New()
	rec := reviewtest.BotRecord(t, g, nil, []string{"greedy", "easy"}, 11)
	res := reviewtest.Check(t, g, rec, review.Config{Budget: ai.Budget{Iterations: 60}, Seed: 5})
	if res.Scale != ai.ScaleWin || len(res.Moves) == 0 {
		t.Fatalf("review on scale %q with %d moves; want win and some", res.Scale, len(res.Moves))
	}
	explained := false
	for _, m := range res.Moves {
		if strings.HasPrefix(m.Reason["en"], m.Best+" lifts the mineral") {
			explained = true
		}
	}
	if !explained {
		t.Errorf("no best pawn move is explained by what it lifts")
	}
}
