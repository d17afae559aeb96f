package puzzle_test

import (
	"strings"
	"testing"

	"minehall/puzzle"
)

// reverify checks puzzles: each replays its record prefix exactly, the deep
// search run again gives the same values, and the best move still leads
// every other by at least puzzle.MineralsMinMargin.
func reverify(t *testing.T, ps []*puzzle.MineralsPuzzle) {
	t.Helper()
	for _, pz := range ps {
		if err := pz.Verify(); err != nil {
			t.Error(err)
		}
	}
}

// The issue: "Ship at least 200 puzzles", each "stored with its record
// prefix, so it replays exactly, and with the reason the move is best", in
// four languages. Each names a best move among its values, ahead of the
// next by its stated margin.
func TestMineralsShippedSet(t *testing.T) {
	ps := puzzle.MineralsPuzzles()
	if len(ps) < 200 {
		t.Errorf("the shipped set has %d puzzles; the issue asks for at least 200", len(ps))
	}
	seen := map[string]bool{}
	reasons := map[string]int{}
	for _, pz := range ps {
		if seen[pz.ID] {
			t.Errorf("puzzle id %s twice", pz.ID)
		}
		seen[pz.ID] = true
		reasons[pz.Reason]++
		if len(pz.Prefix) == 0 || len(pz.Values) < 3 || pz.Values[0].Move != pz.Best || pz.Values[1].Move != pz.RunnerUp {
			t.Errorf("puzzle %s: best %s, runner-up %s, values %v: want the best and the next first of at least 3 moves", pz.ID, pz.Best, pz.RunnerUp, pz.Values)
		}
		if pz.Margin < puzzle.MineralsMinMargin || pz.Values[0].Margin-pz.Values[1].Margin != pz.Margin {
			t.Errorf("puzzle %s: margin %v; want at least %v, the best value minus the next", pz.ID, pz.Margin, puzzle.MineralsMinMargin)
		}
		for _, lang := range []string{"en", "de", "fr", "nl"} {
			if txt := pz.Text[lang]; txt == "" || !strings.Contains(txt, pz.RunnerUp) {
				t.Errorf("puzzle %s: the reason in %s is %q; want it to name the next best move %s", pz.ID, lang, txt, pz.RunnerUp)
			}
		}
		switch pz.Reason {
		case puzzle.ReasonCollection, puzzle.ReasonCutOff, puzzle.ReasonDeny, puzzle.ReasonLanding:
		default:
			t.Errorf("puzzle %s: reason %q", pz.ID, pz.Reason)
		}
	}
	t.Logf("%d puzzles; reasons %v", len(ps), reasons)
}
