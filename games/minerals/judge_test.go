package minerals

import (
	"regexp"
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
	// A count is said in its own number, not as "fragment(s)".
	bothNumbers := regexp.MustCompile(`\pL\((s|e|en|aux|ien)\)|mineraal/mineralen`)
	for _, m := range res.Moves {
		if strings.HasPrefix(m.Reason["en"], m.Best+" lifts the mineral") {
			explained = true
		}
		for lang, r := range m.Reason {
			if bothNumbers.MatchString(r) {
				t.Errorf("%s: the reason %q says a count in both numbers", lang, r)
			}
		}
	}
	if !explained {
		t.Errorf("no best pawn move is explained by what it lifts")
	}
}

// TestCutsSayTheirCounts: the reason's counts of fragments and minerals
// read in the singular for one and in the plural otherwise, in every
// language.
func TestCutsSayTheirCounts(t *testing.T) {
	want := map[string][4]string{
		"en": {"1 fragment", "2 fragments", "1 mineral", "3 minerals"},
		"de": {"1 Bruchstück", "2 Bruchstücke", "1 Mineral", "3 Minerale"},
		"fr": {"1 fragment", "2 fragments", "1 minéral", "3 minéraux"},
		"nl": {"1 fragment", "2 fragmenten", "1 mineraal", "3 mineralen"},
	}
	for lang, w := range want {
		jw := judgeWords[lang]
		got := [4]string{jw.Fragment.say(1), jw.Fragment.say(2), jw.Mineral.say(1), jw.Mineral.say(3)}
		if got != w {
			t.Errorf("%s: got %q; want %q", lang, got, w)
		}
	}
	// The move west of the arms position (TestDeepValuesPrefersTheCutOff)
	// cuts off 1 fragment of 2 minerals and takes its tourmaline.
	p, west, _ := armsPosition(t)
	vals, err := p.s.DeepValues(1)
	if err != nil || vals[0].Move != "move "+west.String() {
		t.Fatalf("the best move in 1 turn: %v, %v; want move %s", vals, err, west)
	}
	r := judgeReason(p.s, 0, ai.MoveValue{Action: vals[0].Action, Move: vals[0].Move, Value: 0.5})
	if got := r["en"]; !strings.Contains(got, " It cuts off 1 fragment of 2 minerals and takes tourmaline.") {
		t.Errorf("the move west's reason reads %q; want it to cut off 1 fragment of 2 minerals", got)
	}
}
