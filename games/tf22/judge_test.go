package tf22

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/review"
	"minehall/review/reviewtest"
)

func TestJudgeReviewsABotGame(t *testing.T) {
	g := New()
	rec := reviewtest.BotRecord(t, g, nil, []string{"greedy", "easy"}, 4)
	res := reviewtest.Check(t, g, rec, review.Config{Budget: ai.Budget{Iterations: 60}, Seed: 9})
	if res.Scale != ai.ScaleWin || len(res.Moves) == 0 {
		t.Fatalf("review on scale %q with %d moves; want win and some", res.Scale, len(res.Moves))
	}
}

// A defender in a strategy combat does not see the attacker's face-down
// card: two states that differ only in that card, and in the attacker's
// hand it came from, get the same judgement.
func TestJudgeReadsNoHiddenCard(t *testing.T) {
	g := New()
	opts := game.Options{OptionSymbolCards: "strategy"}
	found := 0
	for seed := uint64(1); seed < 40 && found < 2; seed++ {
		rec := reviewtest.BotRecord(t, g, opts, []string{"greedy", "greedy"}, seed)
		s, _, err := game.Start(g, rec.Players, rec.Options, rec.Seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, act := range rec.Actions {
			st := s.(*State)
			if p := act.Player; p.Seated() && st.hiddenFrom(p) && len(s.Legal(p, nil)) > 1 {
				if alt, ok := otherHiddenCard(st, p); ok {
					found++
					same(t, g.(*Game), st, alt, p)
					break
				}
			}
			if _, err := game.PlayNotation(s, act.Player, act.Move); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found == 0 {
		t.Fatal("no bot game had a decision with a face-down card hidden from the mover")
	}
}

// otherHiddenCard returns a state p cannot tell from s whose hidden card
// differs from s's.
func otherHiddenCard(s *State, p game.Player) (*State, bool) {
	for i := range uint64(20) {
		rng := game.NewRand(i)
		alt := s.Determinize(p, &rng).(*State)
		if alt.fight.Card != s.fight.Card {
			return alt, true
		}
	}
	return nil, false
}

func same(t *testing.T, g *Game, s, alt *State, p game.Player) {
	t.Helper()
	var js [2]ai.Judgement
	for i, st := range []*State{s, alt} {
		j, err := g.NewJudge(3)
		if err != nil {
			t.Fatal(err)
		}
		js[i], err = j.Evaluate(context.Background(), st, p, ai.Budget{Iterations: 200})
		if err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(js[0], js[1]) {
		a, _ := json.Marshal(js[0])
		b, _ := json.Marshal(js[1])
		t.Fatalf("the judgement depends on the hidden card:\n%s\n%s", a, b)
	}
}

func TestSignedLead(t *testing.T) {
	tests := []struct {
		x          float64
		lang, want string
	}{{-0.03, "en", "0.0"}, {0.04, "de", "0,0"}, {0.26, "en", "+0.3"}, {-1.25, "fr", "-1,3"}}
	for _, tc := range tests {
		if got := signed(tc.x, tc.lang); got != tc.want {
			t.Errorf("signed(%v, %s) = %q; want %q", tc.x, tc.lang, got, tc.want)
		}
	}
}
