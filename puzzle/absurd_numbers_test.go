package puzzle_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"minehall/puzzle"
)

// "Bad input: absurd numbers (NaN, ±1e308) anywhere a number is read:
// refused with a clear message, changing nothing": a guest's rating of
// 1e308 (the largest JSON allows; NaN is not JSON) or a sigma of 0, and a
// claimed time of 1e18 ms, are each refused; the puzzle's rating is not
// stored and the ticket is still good for a sound submission.
func TestAbsurdNumbersRefused(t *testing.T) {
	e := newEnv(t)
	var o opened
	if st, msg := e.call(t, "GET", "/api/puzzles/outofmine/ladder?mu=35", nil, &o); st != http.StatusOK {
		t.Fatalf("GET ladder: %d %s", st, msg)
	}
	step, _ := puzzle.LadderStepAt(o.Rank)
	_, ps := step.Tiling.Perfect()
	e.clock.add(10 * time.Second)
	for _, body := range []map[string]any{
		{"ticket": o.Ticket, "placements": ps, "time_ms": 10000, "rating": map[string]float64{"Mu": 1e308, "Sigma": 1e308}},
		{"ticket": o.Ticket, "placements": ps, "time_ms": 10000, "rating": map[string]float64{"Mu": -1e308, "Sigma": 8}},
		{"ticket": o.Ticket, "placements": ps, "time_ms": 10000, "rating": map[string]float64{"Mu": 25, "Sigma": 0}},
		{"ticket": o.Ticket, "placements": ps, "time_ms": int64(1e18)},
	} {
		if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", body, nil); st != http.StatusBadRequest || msg == "" {
			t.Errorf("POST %v: %d %q; want 400 with a message", body, st, msg)
		}
	}
	if _, ok, err := e.db.PuzzleRating(context.Background(), o.Puzzle); ok || err != nil {
		t.Errorf("a refused submission stored the puzzle's rating (%v, %v)", ok, err)
	}
	body := map[string]any{"ticket": o.Ticket, "placements": ps, "time_ms": 10000, "rating": map[string]float64{"Mu": 25, "Sigma": 8.333}}
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", body, nil); st != http.StatusOK {
		t.Errorf("the sound submission after the refusals: %d %s; want 200", st, msg)
	}
}
