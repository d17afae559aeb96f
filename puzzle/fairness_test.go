package puzzle_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"minehall/puzzle"
)

// The issue "Puzzle scores nobody can farm", over HTTP against a real
// server: "A guest can send "rating": {"Mu": 1e6, "Sigma": 1e-9} with an
// empty Out of Mine ladder submission and move that puzzle's rating; Mu
// −1e6 answers 400 with an internal NaN message." Both are refused with a
// clear message and change nothing: no rating stored, the ticket unused.
func TestGuestRatingForgeryChangesNothing(t *testing.T) {
	e := newEnv(t)
	var o opened
	if st, msg := e.call(t, "GET", "/api/puzzles/outofmine/ladder?rank=1", nil, &o); st != 200 {
		t.Fatalf("GET ladder: %d %s", st, msg)
	}
	e.clock.add(time.Minute)
	for _, mu := range []float64{1e6, -1e6} {
		body := map[string]any{"ticket": o.Ticket, "placements": []any{}, "rating": map[string]float64{"Mu": mu, "Sigma": 1e-9}}
		st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", body, nil)
		if st != 400 || !strings.Contains(msg, `cannot bring "rating"`) || strings.Contains(msg, "NaN") {
			t.Errorf("Mu %g: got %d %q; want 400, a submission cannot bring a rating", mu, st, msg)
		}
	}
	ctx := context.Background()
	if r, ok, err := e.db.PuzzleRating(ctx, o.Puzzle); ok || err != nil {
		t.Errorf("the puzzle's rating after the forgeries: %+v (stored %v, err %v); want none stored", r, ok, err)
	}
	if tk, err := e.db.PuzzleTicket(ctx, o.Ticket); err != nil || !tk.Used.IsZero() {
		t.Errorf("the ticket after the forgeries: %+v (err %v); want it unused", tk, err)
	}
	// The empty submission itself is scored as what it is: a miss.
	var r result
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", map[string]any{"ticket": o.Ticket, "placements": []any{}}, &r); st != 200 {
		t.Fatalf("an empty submission: %d %s", st, msg)
	}
	if r.Perfect || !r.Counted || r.PlayerRating == nil || r.PlayerRating.Mu >= 25 {
		t.Errorf("an empty submission: %+v; want a counted miss, the guest's rating down from 25", r)
	}
}

// Every number read from a request is checked: NaN, infinities and huge
// values are refused with a message naming what is wrong, and change
// nothing.
func TestAbsurdNumbersRefused(t *testing.T) {
	e := newEnv(t)
	for _, q := range []string{"mu=NaN", "mu=1e308", "mu=-Inf", "mu=25", "rank=1e308", "rank=NaN", "rank=99999999999999999999"} {
		t.Run("GET "+q, func(t *testing.T) {
			st, msg := e.call(t, "GET", "/api/puzzles/outofmine/ladder?"+q, nil, nil)
			name, _, _ := strings.Cut(q, "=")
			if st != 400 || !strings.Contains(msg, name) {
				t.Errorf("got %d %q; want 400 naming %s", st, msg, name)
			}
		})
	}
	var o opened
	e.call(t, "GET", "/api/puzzles/outofmine/ladder?rank=2", nil, &o)
	e.clock.add(time.Minute)
	for _, ms := range []any{1e308, -1e308, -1, 1.5, "NaN", "1e400", map[string]any{}} {
		t.Run(fmt.Sprintf("time_ms %v", ms), func(t *testing.T) {
			st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", map[string]any{"ticket": o.Ticket, "placements": []any{}, "time_ms": ms}, nil)
			if st != 400 || !strings.Contains(msg, "time_ms") {
				t.Errorf("got %d %q; want 400 naming time_ms", st, msg)
			}
		})
	}
	if tk, err := e.db.PuzzleTicket(context.Background(), o.Ticket); err != nil || !tk.Used.IsZero() {
		t.Errorf("the ticket after the refusals: %+v (err %v); want it unused", tk, err)
	}
}

// A ticket is single-use, good only for the player it was issued to (a
// guest's ticket in another guest's submission is refused), and expires.
func TestTicketsReplayedForeignExpired(t *testing.T) {
	e := newEnv(t)
	other := e.guest()
	var o opened
	e.call(t, "GET", "/api/puzzles/outofmine/ladder?rank=3", nil, &o)
	step, _ := puzzle.LadderStepAt(3)
	_, ps := step.Tiling.Perfect()
	e.clock.add(time.Minute)
	body := map[string]any{"ticket": o.Ticket, "placements": ps}
	if st, msg := other.call(t, "POST", "/api/puzzles/outofmine/ladder", body, nil); st != 400 || !strings.Contains(msg, "another player") {
		t.Errorf("ErrForeign: got %d %q; want 400, issued to another player", st, msg)
	}
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", body, nil); st != 200 {
		t.Fatalf("the ticket's own player: %d %s", st, msg)
	}
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", body, nil); st != 409 || !strings.Contains(msg, "used already") {
		t.Errorf("ErrReplayed: got %d %q; want 409, used already", st, msg)
	}
	e.call(t, "GET", "/api/puzzles/outofmine/ladder?rank=4", nil, &o)
	e.clock.add(puzzle.TicketLife + time.Minute)
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", map[string]any{"ticket": o.Ticket, "placements": []any{}}, nil); st != 400 || !strings.Contains(msg, "expired") {
		t.Errorf("ErrExpired: got %d %q; want 400, expired", st, msg)
	}
}

// A solve faster than a person can lay the tiles is kept and answered,
// but not rated; it is the player's attempt all the same, so that solving
// the puzzle again at a person's pace does not count either.
func TestTooFastKeptUnrated(t *testing.T) {
	e := newEnv(t)
	var o opened
	e.call(t, "GET", "/api/puzzles/outofmine/ladder?rank=5", nil, &o)
	step, _ := puzzle.LadderStepAt(5)
	_, ps := step.Tiling.Perfect()
	floor := time.Duration(len(ps)) * puzzle.TileFloor
	e.clock.add(floor - time.Millisecond)
	var r result
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", map[string]any{"ticket": o.Ticket, "placements": ps}, &r); st != 200 {
		t.Fatalf("a fast solve: %d %s", st, msg)
	}
	if !r.Perfect || r.Counted || r.NotCounted != "too_fast" || r.FloorMS != floor.Milliseconds() || r.PlayerRating != nil || r.PuzzleRating != nil {
		t.Errorf("a solve in %v of %d tiles: %+v; want perfect, not counted (too_fast), floor %d ms, no rating", floor-time.Millisecond, len(ps), r, floor.Milliseconds())
	}
	if tk, err := e.db.PuzzleTicket(context.Background(), o.Ticket); err != nil || tk.Used.IsZero() {
		t.Errorf("the fast solve's ticket: %+v (err %v); want it used: the attempt is kept", tk, err)
	}
	e.call(t, "GET", "/api/puzzles/outofmine/ladder?rank=5", nil, &o)
	e.clock.add(time.Minute)
	if e.call(t, "POST", "/api/puzzles/outofmine/ladder", map[string]any{"ticket": o.Ticket, "placements": ps}, &r); r.Counted || r.NotCounted != "repeat" {
		t.Errorf("the same puzzle again at a person's pace: %+v; want not counted (repeat)", r)
	}
	var h struct{ Rating struct{ Mu float64 } }
	if e.call(t, "GET", "/api/puzzles/outofmine/history", nil, &h); h.Rating.Mu != 25 {
		t.Errorf("the guest's rating: %v; want the starting 25", h.Rating.Mu)
	}

	// The day's puzzle solved too fast is in the history, marked.
	var d opened
	e.call(t, "GET", "/api/puzzles/outofmine/daily", nil, &d)
	e.call(t, "POST", "/api/puzzles/outofmine/daily", map[string]any{"ticket": d.Ticket, "day": d.Day, "placements": solution(d.Day)}, &r)
	var hd struct {
		Streak  int
		History []struct {
			Day     string
			Counted bool
		}
	}
	if e.call(t, "GET", "/api/puzzles/outofmine/history", nil, &hd); len(hd.History) != 1 || hd.History[0].Counted || hd.Streak != 0 || r.NotCounted != "too_fast" {
		t.Errorf("the history after a daily solve in no time: %+v (answer %+v); want the day, not counted, no streak", hd, r)
	}
}

type drillsOpened struct {
	Day    string `json:"day"`
	Drills []struct {
		ID, Side, Ticket, Puzzle string
	} `json:"drills"`
}

type drillAnswer struct {
	Done       bool   `json:"done"`
	Counted    bool   `json:"counted"`
	NotCounted string `json:"not_counted"`
	Best       []struct {
		Name  string
		Score int64
		Guest bool
	} `json:"best"`
}

// playFewest opens the day's drills as e and plays the "fewest" drill,
// hitting harder on its side every pace until gems fall.
func playFewest(t *testing.T, e *env, name string, pace time.Duration) drillAnswer {
	t.Helper()
	var o drillsOpened
	if st, msg := e.call(t, "GET", "/api/puzzles/hammertime/daily", nil, &o); st != 200 {
		t.Fatalf("GET hammertime/daily: %d %s", st, msg)
	}
	dr := o.Drills[2]
	var hits []string
	var ans drillAnswer
	for s := 1; s <= 10 && !ans.Done; s++ {
		hits = append(hits, fmt.Sprintf("hit %s 5 strength %d", dr.Side, s))
		e.clock.add(pace)
		body := map[string]any{"ticket": dr.Ticket, "day": o.Day, "drill": dr.ID, "hits": hits, "name": name}
		if st, msg := e.call(t, "POST", "/api/puzzles/hammertime/daily", body, &ans); st != 200 {
			t.Fatalf("POST %v: %d %s", hits, st, msg)
		}
	}
	if !ans.Done {
		t.Fatalf("no gem fell in %d hits", len(hits))
	}
	return ans
}

// The issue: "one guest filled 5 of 5 places of the day's Hammer Time best
// table". A best table holds one entry per player, the attempt that
// counts, a guest's marked as a guest's; a second attempt, or one faster
// than the hits' floor, enters nothing.
func TestBestTableOnePerPlayerGuestsMarked(t *testing.T) {
	e := newEnv(t)
	if a := playFewest(t, e, "Zed", 2*time.Second); !a.Counted || len(a.Best) != 1 || !a.Best[0].Guest || a.Best[0].Name != "Zed" {
		t.Fatalf("a guest's first attempt: %+v; want counted, the one entry, marked a guest's", a)
	}
	for range 4 {
		if a := playFewest(t, e, "Zed again", 2*time.Second); a.Counted || a.NotCounted != "repeat" || len(a.Best) != 1 {
			t.Fatalf("the guest again: %+v; want not counted (repeat), still one entry", a)
		}
	}
	if a := playFewest(t, e.guest(), "Bot", time.Millisecond); a.Counted || a.NotCounted != "too_fast" || len(a.Best) != 1 {
		t.Errorf("another guest's attempt in no time: %+v; want not counted (too_fast), still one entry", a)
	}
	// A signed-in player's entry is not marked.
	ctx := context.Background()
	got, err := e.svc.Handle(ctx, "GET", "hammertime", "daily", url.Values{}, nil, "account:ann")
	if err != nil {
		t.Fatal(err)
	}
	op := got.(*puzzle.DrillsOpen)
	dr := op.Drills[2]
	var last *puzzle.DrillAnswer
	for s := 1; s <= 10 && (last == nil || !last.Done); s++ {
		e.clock.add(2 * time.Second)
		hits := make([]string, s)
		for i := range s {
			hits[i] = fmt.Sprintf("hit %s 5 strength %d", dr.Side, i+1)
		}
		body := fmt.Sprintf(`{"ticket":%q,"day":%q,"drill":%q,"hits":["%s"],"name":"Ann"}`, dr.Ticket, op.Day, dr.ID, strings.Join(hits, `","`))
		res, err := e.svc.Handle(ctx, "POST", "hammertime", "daily", nil, []byte(body), "account:ann")
		if err != nil {
			t.Fatal(err)
		}
		last = res.(*puzzle.DrillAnswer)
	}
	if len(last.Best) != 2 {
		t.Fatalf("the table after Ann: %+v; want two entries", last.Best)
	}
	for _, b := range last.Best {
		if b.Guest != (b.Name == "Zed") {
			t.Errorf("entry %+v: guest %v; want only Zed's marked", b, b.Guest)
		}
	}
}

// The issue: "The daily Out of Mine puzzle does not repeat within 30 days".
// Opened day after day over 75 days, no board side and card comes twice
// within 30 days.
func TestDailyNoRepeatHTTP(t *testing.T) {
	e := newEnv(t)
	seen := map[string]string{}
	for range 75 {
		var o opened
		if st, msg := e.call(t, "GET", "/api/puzzles/outofmine/daily", nil, &o); st != 200 {
			t.Fatalf("GET daily: %d %s", st, msg)
		}
		key := fmt.Sprintf("card %d on %d%s", o.Card, o.Board, o.Side)
		day, _ := puzzle.ParseDay(o.Day)
		if p, ok := seen[key]; ok {
			if prev, _ := puzzle.ParseDay(p); day-prev < puzzle.NoRepeatDays {
				t.Errorf("%s on %s and %s", key, p, o.Day)
			}
		}
		seen[key] = o.Day
		e.clock.add(24 * time.Hour)
	}
}
