package puzzle

import (
	"testing"

	"minehall/store"
)

// A Hammer Time day in a player's history is the day's drills: the ones
// whose first attempt succeeded of the day's three, with their times
// added, perfect only when all succeeded, counted when a first attempt
// counts. Attempts come newest first, days go out newest first; the
// streak counts the days that count.
func TestHammerTimeHistoryDays(t *testing.T) {
	p := "hammertime/daily/"
	as := []store.PuzzleAttempt{
		{Puzzle: p + "2026-11-23/side", Perfect: true, Millis: 3000, Counted: true},
		{Puzzle: p + "2026-11-22/exact", Perfect: true, Millis: 500}, // a second attempt
		{Puzzle: p + "2026-11-22/color", Perfect: true, Millis: 1000, Counted: true},
		{Puzzle: p + "2026-11-22/exact", Perfect: false, Millis: 2000},
		{Puzzle: p + "2026-11-22/side", Perfect: true, Millis: 4000, Counted: true},
		{Puzzle: p + "not-a-day/exact", Perfect: true, Millis: 9},
	}
	days := historyDays("hammertime", p, as)
	want := []HistoryDay{
		{Day: "2026-11-23", Score: 1, Best: 3, Perfect: false, Millis: 3000, Counted: true},
		{Day: "2026-11-22", Score: 2, Best: 3, Perfect: false, Millis: 7000, Counted: true},
	}
	if len(days) != len(want) || days[0] != want[0] || days[1] != want[1] {
		t.Errorf("days: %+v; want %+v", days, want)
	}
	if n := len(Drills(0)); n != 3 {
		t.Errorf("%d drills a day; the test counts 3", n)
	}
	today, _ := ParseDay("2026-11-24")
	if got := streak(days, today); got != 2 {
		t.Errorf("streak on the 24th without a result yet: %d; want 2 (the 22nd and 23rd)", got)
	}
}

// A TF22 day shows the ore spent against the fewest that deliver, as the
// route page writes it; the attempt keeps the ore negated, so that a
// higher score is a better one as everywhere else.
func TestTF22HistoryDays(t *testing.T) {
	day, _ := ParseDay("2026-11-23")
	days := historyDays("tf22", "tf22/daily/", []store.PuzzleAttempt{{Puzzle: "tf22/daily/2026-11-23", Score: -7, Millis: 5000}})
	want := HistoryDay{Day: "2026-11-23", Score: 7, Best: int64(DailyRoute(day).Optimum), Millis: 5000}
	if len(days) != 1 || days[0] != want {
		t.Errorf("days: %+v; want %+v", days, want)
	}
}
