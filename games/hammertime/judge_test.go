package hammertime

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/internal/racedetector"
	"minehall/review"
	"minehall/review/reviewtest"
)

// TestJudgeReviewsABotGame reviews the start of a bot game (up to its
// first hit, on one sample of every hit) as reviews do. It runs only
// without the race detector (a game and a review on one goroutine; see
// racedetector).
func TestJudgeReviewsABotGame(t *testing.T) {
	racedetector.WholeOnly(t)
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

// TestJudgeStopsAtItsDeadline asks the judge for far more simulated hits
// than it could simulate in the time given, once with a time budget and
// once with a context's deadline: it stops at the deadline (checked
// between simulations) and answers with every legal action, valued, best
// first. The bound on its answer is generous (the budget's hits alone
// would take minutes), so that a loaded machine does not fail it.
func TestJudgeStopsAtItsDeadline(t *testing.T) {
	const tooLong = 20 * time.Second
	s := newTestState(t, 2, nil)
	legal := s.Legal(0, nil)
	for _, tt := range []struct {
		name    string
		budget  ai.Budget
		timeout time.Duration
	}{
		{"BudgetTime", ai.Budget{Iterations: 1_000_000, Time: 100 * time.Millisecond}, 0},
		{"ContextDeadline", ai.Budget{Iterations: 1_000_000}, 100 * time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j, err := New().(*Game).NewJudge(1)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if tt.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.timeout)
				defer cancel()
			}
			start := time.Now()
			res, err := j.Evaluate(ctx, s, 0, tt.budget)
			if took := time.Since(start); took > tooLong {
				t.Errorf("the judge answered after %v; want soon after its deadline (at most %v)", took, tooLong)
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Moves) != len(legal) {
				t.Fatalf("%d moves valued; want all %d legal", len(res.Moves), len(legal))
			}
			sampled := 0
			for i, m := range res.Moves {
				if math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
					t.Errorf("%s valued %v; want a number", m.Move, m.Value)
				}
				if m.Visits > 0 {
					sampled++
				}
				if i > 0 && m.Visits > res.Moves[i-1].Visits {
					t.Errorf("%s (%d samples) ranked below %s (%d)", m.Move, m.Visits, res.Moves[i-1].Move, res.Moves[i-1].Visits)
				}
				if m.Reason["en"] == "" {
					t.Errorf("%s has no reason", m.Move)
				}
			}
			if sampled == 0 || sampled >= numHits {
				t.Errorf("%d of %d hits simulated; want some, not all, in the time", sampled, numHits)
			}
		})
	}
}

// TestReasonsSayTheirCounts: a hit's and a filling's reasons say their
// average gain with its noun in the number each language gives it, not as
// "gem(s)": the plural for a decimal in English, German and Dutch, the
// singular below 2 in French.
func TestReasonsSayTheirCounts(t *testing.T) {
	hit := func(v float64) map[string]string {
		return hitReason(ai.MoveValue{Move: "hit south 5 strength 4", Value: v}, judgeStats{hitStats: hitStats{n: 12}, dragons: 1})
	}
	fill := func(v float64) map[string]string { return fillReason(ai.MoveValue{Move: "fill red 2", Value: v}) }
	cases := []struct {
		got  map[string]string
		want map[string]string
	}{
		{hit(1), map[string]string{"en": "hit south 5 strength 4 brings your wagons 1.0 gems on average,", "de": "im Mittel 1,0 Edelsteine,", "fr": "en moyenne 1,0 gemme à vos", "nl": "gemiddeld 1,0 edelstenen op,"}},
		{hit(1.96), map[string]string{"en": "2.0 gems", "de": "2,0 Edelsteine", "fr": "2,0 gemmes", "nl": "2,0 edelstenen"}},
		{hit(0.44), map[string]string{"en": "0.4 gems", "de": "0,4 Edelsteine", "fr": "0,4 gemme", "nl": "0,4 edelstenen"}},
		{fill(2.5), map[string]string{"en": "fill red 2 brings your wagons 2.5 points of progress.", "de": "2,5 Punkte Fortschritt.", "fr": "2,5 points de progrès", "nl": "2,5 punten voortgang op."}},
		{fill(1), map[string]string{"en": "1.0 points of progress", "de": "1,0 Punkte", "fr": "1,0 point de progrès", "nl": "1,0 punten"}},
	}
	for i, c := range cases {
		for _, lang := range game.Languages {
			if !strings.Contains(c.got[lang], c.want[lang]) {
				t.Errorf("case %d, %s: %q; want it to contain %q", i, lang, c.got[lang], c.want[lang])
			}
		}
	}
}
