package puzzle_test

import (
	"context"
	"encoding/json"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"minehall/game"
	"minehall/puzzle"
	"minehall/rating"
	"minehall/store/sqlite"
)

// playerService is a puzzle service on a temporary SQLite file with the
// settable clock at 2026-11-23 12:00 UTC.
func playerService(t *testing.T) (*puzzle.Service, *clock) {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
	return &puzzle.Service{Store: db, Now: c.now}, c
}

// solveDaily opens the day's Out of Mine puzzle as player and submits the
// solver's perfect tiling 30 s later.
func solveDaily(t *testing.T, s *puzzle.Service, c *clock, player string) {
	t.Helper()
	ctx := context.Background()
	got, err := s.Handle(ctx, "GET", "outofmine", "daily", nil, nil, player)
	if err != nil {
		t.Fatalf("open the daily puzzle: %v", err)
	}
	o := got.(*puzzle.TilingOpen)
	c.add(30 * time.Second)
	body, _ := json.Marshal(map[string]any{"ticket": o.Ticket, "day": o.Day, "placements": solution(o.Day), "time_ms": 30000})
	if _, err := s.Handle(ctx, "POST", "outofmine", "daily", nil, body, player); err != nil {
		t.Fatalf("submit the daily puzzle of %s: %v", o.Day, err)
	}
}

// A player's history and streak are the server's: three days in a row
// solved make a streak of 3, a day missed breaks it, and a second solution
// of a day does not count twice. A request that speaks for nobody has no
// history.
func TestSignedInPlayerHistoryAndStreak(t *testing.T) {
	s, c := playerService(t)
	ctx := context.Background()
	const ann = "account:ann"
	for range 3 {
		solveDaily(t, s, c, ann)
		c.add(24 * time.Hour)
	}
	// The fourth day: solved twice, counted once.
	solveDaily(t, s, c, ann)
	solveDaily(t, s, c, ann)
	solveDaily(t, s, c, "account:bo")
	got, err := s.Handle(ctx, "GET", "outofmine", "history", nil, nil, ann)
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	h := got.(*puzzle.History)
	if h.Today != "2026-11-26" || h.Streak != 4 || len(h.History) != 4 || h.History[0].Day != "2026-11-26" || h.History[3].Day != "2026-11-23" {
		t.Fatalf("history: %+v; want a streak of 4 and the days 26 to 23 newest first", h)
	}
	d, _ := puzzle.ParseDay("2026-11-26")
	if e := h.History[0]; !e.Perfect || e.Score != int64(puzzle.Daily(d).Best) || e.Best != e.Score || e.Millis != 30000 {
		t.Errorf("the day's entry: %+v; want perfect at the solver's best, 30 s", e)
	}
	// Two days later, with yesterday missed, the streak is broken.
	c.add(48 * time.Hour)
	got, _ = s.Handle(ctx, "GET", "outofmine", "history", nil, nil, ann)
	if h := got.(*puzzle.History); h.Streak != 0 || len(h.History) != 4 {
		t.Errorf("after a missed day: streak %d over %d days; want 0 over 4", h.Streak, len(h.History))
	}
	// Bo's one day is his own.
	got, _ = s.Handle(ctx, "GET", "outofmine", "history", nil, nil, "account:bo")
	if h := got.(*puzzle.History); len(h.History) != 1 {
		t.Errorf("Bo's history: %+v; want his one day", h.History)
	}
	if _, err := s.Handle(ctx, "GET", "outofmine", "history", nil, nil, ""); game.ErrorCode(err) != game.CodeUnauthorized {
		t.Errorf("the history of nobody: %v; want unauthorized", err)
	}
}

// "Endless mode: a practice ladder of harder pairs ..., rated per player":
// a signed-in player's ladder rating is the server's: a query or a
// submission that names one is refused, the ratings after a solve are
// stored (the player's and the puzzle's, which a signed-in player moves),
// and the history reports the player's.
func TestSignedInPlayerLadderRating(t *testing.T) {
	s, c := playerService(t)
	ctx := context.Background()
	const ann = "account:ann"
	if _, err := s.Handle(ctx, "GET", "outofmine", "ladder", url.Values{"mu": {"-500"}}, nil, ann); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("open a ladder step for mu -500: %v; want invalid, the server keeps the rating", err)
	}
	got, err := s.Handle(ctx, "GET", "outofmine", "ladder", nil, nil, ann)
	if err != nil {
		t.Fatalf("open a ladder step: %v", err)
	}
	o := got.(*puzzle.TilingOpen)
	_, ps := o.Tiling.Perfect()
	c.add(20 * time.Second)
	forged, _ := json.Marshal(map[string]any{"ticket": o.Ticket, "placements": ps, "rating": map[string]float64{"mu": -500, "sigma": 1}})
	if _, err := s.Handle(ctx, "POST", "outofmine", "ladder", nil, forged, ann); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("a solution that brings a rating: %v; want invalid", err)
	}
	body, _ := json.Marshal(map[string]any{"ticket": o.Ticket, "placements": ps})
	got, err = s.Handle(ctx, "POST", "outofmine", "ladder", nil, body, ann)
	if err != nil {
		t.Fatalf("solve the ladder step: %v", err)
	}
	res := got.(*puzzle.TilingResult)
	if !res.Perfect || res.PlayerRating == nil || res.PlayerRating.Mu <= rating.DefaultMu {
		t.Fatalf("after a solve from the server's starting rating: %+v; want perfect and a rating above %v", res, rating.DefaultMu)
	}
	if pr, ok, err := s.Store.PuzzleRating(ctx, o.Puzzle); err != nil || !ok || pr.Mu != res.PuzzleRating.Mu || pr.Mu >= o.Rating.Mu {
		t.Errorf("the puzzle's stored rating: %+v %v (err %v); want %+v, down from %.2f", pr, ok, err, res.PuzzleRating, o.Rating.Mu)
	}
	got, err = s.Handle(ctx, "GET", "outofmine", "history", nil, nil, ann)
	if err != nil {
		t.Fatalf("history: %v", err)
	}
	if h := got.(*puzzle.History); h.Rating == nil || h.Rating.Mu != res.PlayerRating.Mu || h.Rating.Sigma != res.PlayerRating.Sigma {
		t.Errorf("the history's rating: %+v; want the rating after the solve %+v", h.Rating, res.PlayerRating)
	}
}

// Minerals' practice is rated as Out of Mine's ladder is: a signed-in
// player's rating is the server's, picks their puzzle and moves with a
// correct move.
func TestSignedInPlayerMineralsPracticeRating(t *testing.T) {
	s, c := playerService(t)
	ctx := context.Background()
	const ann = "account:ann"
	got, err := s.Handle(ctx, "GET", "minerals", "practice", nil, nil, ann)
	if err != nil {
		t.Fatalf("open a practice puzzle: %v", err)
	}
	o := got.(*puzzle.MineralsOpen)
	pz, err := puzzle.MineralsPuzzleByID(o.ID)
	if err != nil {
		t.Fatal(err)
	}
	c.add(10 * time.Second)
	body, _ := json.Marshal(map[string]any{"ticket": o.Ticket, "move": pz.Best, "time_ms": 10000})
	got, err = s.Handle(ctx, "POST", "minerals", "practice", nil, body, ann)
	if err != nil {
		t.Fatalf("submit the best move: %v", err)
	}
	res := got.(*puzzle.MineralsResult)
	if !res.Correct || res.PlayerRating == nil || res.PlayerRating.Mu <= rating.DefaultMu {
		t.Fatalf("after the best move from the server's starting rating: %+v; want correct and a rating above %v", res, rating.DefaultMu)
	}
	got, _ = s.Handle(ctx, "GET", "minerals", "history", nil, nil, ann)
	if h := got.(*puzzle.History); h.Rating == nil || h.Rating.Mu != res.PlayerRating.Mu {
		t.Errorf("the history's rating: %+v; want the practice rating %+v", h.Rating, res.PlayerRating)
	}
}
