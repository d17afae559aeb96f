package puzzle_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"minehall/puzzle"
)

type routeOpened struct {
	Puzzle    string   `json:"puzzle"`
	Day       string   `json:"day"`
	ID        string   `json:"id"`
	Ticket    string   `json:"ticket"`
	Legal     []string `json:"legal"`
	Spent     int      `json:"spent"`
	Ore       int      `json:"ore"`
	Delivered bool     `json:"delivered"`
	Optimum   *int     `json:"optimum"`
	Best      []string `json:"best_plan"`
	Rating    *struct{ Mu, Sigma float64 }
	View      struct {
		Crews []struct{ Color string }
	} `json:"view"`
}

type routeResult struct {
	Ore          int                          `json:"ore"`
	Optimum      int                          `json:"optimum"`
	Perfect      bool                         `json:"perfect"`
	Millis       int64                        `json:"millis"`
	Best         []string                     `json:"best_plan"`
	PlayerRating *struct{ Mu, Sigma float64 } `json:"player_rating"`
	PuzzleRating *struct{ Mu, Sigma float64 } `json:"puzzle_rating"`
}

func routeBody(o routeOpened, plan []string, ms int64) map[string]any {
	b := map[string]any{"ticket": o.Ticket, "plan": plan, "time_ms": ms, "name": "Ann"}
	if o.Day != "" {
		b["day"] = o.Day
	}
	return b
}

// TestRouteDailyHTTP opens the day's TF22 route puzzle, which shows
// neither the optimum nor the plan, plays it move by move, and submits
// the optimal plan ("perfect"); every refusal of the issue ("an illegal
// placement, a solution for another day, a replayed submission, or a time
// that disagrees with the server's clock ... is refused with a clear
// error") changes nothing.
func TestRouteDailyHTTP(t *testing.T) {
	e := newEnv(t)
	var o routeOpened
	if st, msg := e.call(t, "GET", "/api/puzzles/tf22/daily", nil, &o); st != 200 {
		t.Fatalf("GET tf22/daily: %d %s", st, msg)
	}
	day, _ := puzzle.ParseDay("2026-11-23")
	want := puzzle.DailyRoute(day)
	if o.Day != "2026-11-23" || o.ID != want.ID || o.Ticket == "" || o.Optimum != nil || o.Best != nil || o.Spent != 0 || o.Ore != 4 ||
		len(o.View.Crews) != 1 || o.View.Crews[0].Color != want.Setup.Crew || len(o.Legal) == 0 {
		t.Fatalf("GET tf22/daily: %+v; want puzzle %s with no optimum or plan", o, want.ID)
	}

	// The page's replay: the first move, and a move the rules refuse.
	var step routeOpened
	if st, msg := e.call(t, "POST", "/api/puzzles/tf22/play", map[string]any{"id": o.ID, "moves": want.Plan[:1]}, &step); st != 200 || len(step.Legal) == 0 {
		t.Fatalf("play %q: %d %s", want.Plan[:1], st, msg)
	}
	if st, msg := e.call(t, "POST", "/api/puzzles/tf22/play", map[string]any{"id": o.ID, "moves": []string{"F " + want.Setup.Crew}}, nil); st != 422 || !strings.Contains(msg, "no Ranium on card") {
		t.Errorf("play F on the base: %d %q; want 422 with the engine's reason", st, msg)
	}

	e.clock.add(30 * time.Second)
	refusals := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		{"ErrIllegalMove", routeBody(o, []string{"F " + want.Setup.Crew}, 30000), 422, "no Ranium on card"},
		{"ErrNoDelivery", routeBody(o, want.Plan[:len(want.Plan)-1], 30000), 422, "does not deliver"},
		{"ErrBadNotation", routeBody(o, []string{"hop"}, 30000), 400, "not a move"},
		{"ErrAnotherDay", func() map[string]any { b := routeBody(o, want.Plan, 30000); b["day"] = "2026-11-22"; return b }(), 400, "another day"},
		{"ErrTimeNotATime", routeBody(o, want.Plan, -2000), 400, "time_ms -2000 is not a time"},
		{"ErrOreBrought", func() map[string]any { b := routeBody(o, want.Plan, 30000); b["score"] = 99; return b }(), 400, `cannot bring "score"`},
		{"ErrUnknownField", func() map[string]any { b := routeBody(o, want.Plan, 30000); b["ore"] = 1; return b }(), 400, "not valid JSON"},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			st, msg := e.call(t, "POST", "/api/puzzles/tf22/daily", tc.body, nil)
			if st != tc.status || !strings.Contains(msg, tc.want) {
				t.Errorf("got %d %q; want %d with %q", st, msg, tc.status, tc.want)
			}
		})
	}
	if best, err := e.db.BestPuzzleAttempts(context.Background(), o.Puzzle, 10); err != nil || len(best) != 0 {
		t.Fatalf("after the refusals: %d attempts stored (err %v); want none", len(best), err)
	}
	var r routeResult
	if st, msg := e.call(t, "POST", "/api/puzzles/tf22/daily", routeBody(o, want.Plan, 30500), &r); st != 200 {
		t.Fatalf("POST the optimal plan: %d %s", st, msg)
	}
	if !r.Perfect || r.Ore != want.Optimum || r.Optimum != want.Optimum || r.Millis != 30000 || strings.Join(r.Best, "|") != strings.Join(want.Plan, "|") {
		t.Errorf("optimal plan: %+v; want perfect at %d ore, 30 s by the server's clock", r, want.Optimum)
	}
	if st, msg := e.call(t, "POST", "/api/puzzles/tf22/daily", routeBody(o, want.Plan, 30000), nil); st != 409 || !strings.Contains(msg, "used already") {
		t.Errorf("ErrReplayed: got %d %q; want 409, used already", st, msg)
	}
}

// TestRoutePracticeHTTP: a practice puzzle moves the player's rating ("Puzzle
// ratings use the same rating model as games, with a puzzle's own rating
// moving too"): a perfect plan wins. A guest's attempt leaves the puzzle's
// own rating (signed-in players move it), and the next pick skips the
// puzzle the guest did.
func TestRoutePracticeHTTP(t *testing.T) {
	e := newEnv(t)
	p := puzzle.RouteSet()[2]
	var o routeOpened
	if st, msg := e.call(t, "GET", "/api/puzzles/tf22/practice?id="+p.ID, nil, &o); st != 200 || o.ID != p.ID || o.Rating == nil {
		t.Fatalf("GET practice: %d %s %+v", st, msg, o)
	}
	if st, _ := e.call(t, "GET", "/api/puzzles/tf22/practice?id=tf22-999", nil, nil); st != 404 {
		t.Errorf("GET practice of an unknown id: %d; want 404", st)
	}
	e.clock.add(10 * time.Second)
	var r routeResult
	if st, msg := e.call(t, "POST", "/api/puzzles/tf22/practice", routeBody(o, p.Plan, 10000), &r); st != 200 {
		t.Fatalf("POST practice: %d %s", st, msg)
	}
	if !r.Perfect || r.PlayerRating == nil || r.PuzzleRating == nil || r.PlayerRating.Mu <= 25 || r.PuzzleRating.Mu != o.Rating.Mu {
		t.Errorf("practice result %+v (puzzle was %.2f); want a win: the guest up, the puzzle as it was", r, o.Rating.Mu)
	}
	var o2 routeOpened
	e.call(t, "GET", "/api/puzzles/tf22/practice?id="+p.ID, nil, &o2)
	if o2.Rating == nil || o2.Rating.Mu != r.PuzzleRating.Mu {
		t.Errorf("the puzzle's rating after the attempt: %+v; want %.3f", o2.Rating, r.PuzzleRating.Mu)
	}
	var o3 routeOpened
	if st, _ := e.call(t, "GET", "/api/puzzles/tf22/practice", nil, &o3); st != 200 || o3.ID == p.ID || o3.ID == "" {
		t.Errorf("GET practice after %s: %d, %s; want another puzzle", p.ID, st, o3.ID)
	}
}
