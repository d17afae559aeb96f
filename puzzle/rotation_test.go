package puzzle

import (
	"fmt"
	"testing"
)

// noRepeat fails t when two days within NoRepeatDays of each other, of the
// span days from start, have the same puzzle by key.
func noRepeat(t *testing.T, what string, start Day, days int, key func(Day) string) {
	t.Helper()
	last := map[string]Day{}
	for d := start; d < start+Day(days); d++ {
		k := key(d)
		if p, ok := last[k]; ok && d-p < NoRepeatDays {
			t.Errorf("%s: %s on %s and again on %s, %d days later; want no repeat within %d days", what, k, p, d, d-p, NoRepeatDays)
		}
		last[k] = d
	}
}

// TestRotationNoRepeat: the daily rotation never gives a place twice in
// NoRepeatDays days, across the boundaries of its cycles and before 1970,
// for pools small (one fixed shuffle) and large (a shuffle per cycle).
func TestRotationNoRepeat(t *testing.T) {
	for _, n := range []int{NoRepeatDays, 40, 4*NoRepeatDays - 1, 4 * NoRepeatDays, 121, 240, 604} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			seen := map[int]bool{}
			noRepeat(t, fmt.Sprintf("a pool of %d", n), Day(-3*n), 7*n, func(d Day) string {
				i := rotationIndex(d, n, "test")
				if i < 0 || i >= n {
					t.Fatalf("day %d: place %d; want 0 to %d", d, i, n-1)
				}
				seen[i] = true
				return fmt.Sprint(i)
			})
			if len(seen) != n {
				t.Errorf("%d of %d places came in %d days; want every one", len(seen), n, 7*n)
			}
		})
	}
}

// TestDailyPuzzlesNoRepeat: the issue "The daily Out of Mine puzzle does
// not repeat within 30 days (it repeated after three days: finds 4B card 3
// on 12-02 and 12-05)". Out of Mine's board side and card, whatever the
// variant, over 1,300 days (two of its cycles' boundaries); Minerals' and
// TF22's puzzles over 500 days.
func TestDailyPuzzlesNoRepeat(t *testing.T) {
	start, _ := ParseDay("2026-01-01")
	noRepeat(t, "Out of Mine", start, 1300, func(d Day) string {
		p := Daily(d)
		return fmt.Sprintf("card %d on %d%s", p.Card, p.Board, p.Side)
	})
	noRepeat(t, "Minerals", start, 500, func(d Day) string { return MineralsDaily(d).ID })
	noRepeat(t, "TF22", start, 500, func(d Day) string { return DailyRoute(d).ID })

	a, _ := ParseDay("2026-12-02")
	b, _ := ParseDay("2026-12-05")
	if pa, pb := Daily(a), Daily(b); pa.Card == pb.Card && pa.Board == pb.Board && pa.Side == pb.Side {
		t.Errorf("2026-12-02 and 2026-12-05 both have card %d on %d%s", pa.Card, pa.Board, pa.Side)
	}
}
