package puzzle

import (
	"bytes"
	"encoding/json"
	"testing"

	"minehall/games/outofmine"
)

// TestDailyOptimumIsTheSolveCommands checks the daily puzzle over 90 days
// against `minehall solve outofmine --board B --side S --card C --json`
// (with --elves or --finds for those variants), whose path is
// outofmine.WriteSolve: the optimum is its fewest empty spaces and the best
// score 10 - empty + its bonus (RULINGS.md: "Round score = 10 − empty
// spaces; ... elves (variant A) +1 for each elf ...; elements (variant B)
// the card's value for each element visible on the board").
func TestDailyOptimumIsTheSolveCommands(t *testing.T) {
	start, _ := ParseDay("2026-11-01")
	pack := outofmine.DefaultPack()
	for d := start; d < start+90; d++ {
		p := Daily(d)
		if want := Variants[int(d)%3]; p.Variant != want {
			t.Errorf("%s: variant %s; want %s (the day number %d mod 3)", d, p.Variant, want, int(d))
		}
		req := outofmine.SolveRequest{Board: p.Board, Side: p.Side, Card: p.Card, JSON: true, Obj: objective(p.Variant)}
		var buf bytes.Buffer
		if err := outofmine.WriteSolve(&buf, pack, req); err != nil {
			t.Fatalf("%s: WriteSolve: %v", d, err)
		}
		var got [1]outofmine.PairResult // one pair: one object
		if err := json.Unmarshal(buf.Bytes(), &got[0]); err != nil {
			t.Fatalf("%s: the command's JSON: %v\n%s", d, err, buf.String())
		}
		if got[0].Card != p.Card || got[0].Board != p.Board || got[0].Side != p.Side {
			t.Fatalf("%s: the command solved %+v; want card %d on %d%s", d, got[0], p.Card, p.Board, p.Side)
		}
		if got[0].Empty != p.Optimum || 10-got[0].Empty+got[0].Bonus != p.Best {
			t.Errorf("%s: card %d on board %d%s (%s): optimum %d, best %d; the command says empty %d, bonus %d",
				d, p.Card, p.Board, p.Side, p.Variant, p.Optimum, p.Best, got[0].Empty, got[0].Bonus)
		}
		// The perfect placement shown after the puzzle scores the best.
		n, sol := p.Perfect()
		rs, err := p.Score(sol)
		if err != nil || rs.Score != p.Best || n < 1 {
			t.Errorf("%s: the shown solution scores %d (err %v), %d perfect; want %d", d, rs.Score, err, n, p.Best)
		}
	}
}

// TestDailySameForEveryone: the puzzle is a function of the date only.
func TestDailySameForEveryone(t *testing.T) {
	d, _ := ParseDay("2026-11-23")
	a := *Daily(d)
	dailyCache.Delete(d)
	b := *Daily(d)
	if a.Board != b.Board || a.Side != b.Side || a.Card != b.Card || a.Variant != b.Variant {
		t.Errorf("two computations of %s differ: %+v and %+v", d, a, b)
	}
	if d.String() != "2026-11-23" {
		t.Errorf("day %d prints %s; want 2026-11-23", d, d)
	}
	if _, err := ParseDay("2026-13-01"); err == nil {
		t.Error("ParseDay(2026-13-01): got no error")
	}
}

// TestLadderFewestTilingsFirst: the ladder's steps have exact tilings,
// fewest first, and start rated from hardest to easiest.
func TestLadderFewestTilingsFirst(t *testing.T) {
	l := Ladder()
	if len(l) != LadderSize {
		t.Fatalf("ladder of %d steps; want %d", len(l), LadderSize)
	}
	for i, st := range l {
		if st.Rank != i+1 || st.Tiling.Optimum != 0 || st.Tiling.Tilings() < 1 {
			t.Fatalf("step %d: %+v", i, st)
		}
		if i > 0 && (st.Tiling.Tilings() < l[i-1].Tiling.Tilings() || st.Initial.Mu > l[i-1].Initial.Mu) {
			t.Errorf("step %d: %d tilings, mu %.2f after %d tilings, mu %.2f", st.Rank, st.Tiling.Tilings(), st.Initial.Mu, l[i-1].Tiling.Tilings(), l[i-1].Initial.Mu)
		}
	}
	if _, err := LadderStepAt(0); err == nil {
		t.Error("LadderStepAt(0): got no error")
	}
}
