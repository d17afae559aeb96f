package puzzle_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/puzzle"
	"minehall/server"
	"minehall/store/sqlite"
	"minehall/table"
)

// clock is a settable clock for the service.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

// env is a browser of the puzzle API: requests of one env speak for one
// guest (its cookie jar keeps the guest cookie); env.guest makes another.
type env struct {
	url    string
	clock  *clock
	db     *sqlite.DB
	client *http.Client
	svc    *puzzle.Service
}

// guest returns a browser of the same server for another guest.
func (e *env) guest() *env {
	o := *e
	jar, _ := cookiejar.New(nil)
	o.client = &http.Client{Jar: jar}
	return &o
}

// newEnv serves the puzzle API on a temporary SQLite file, with the
// server's clock at 2026-11-23 12:00 UTC.
func newEnv(t *testing.T) *env {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	reg := &game.Registry{}
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
	c := &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
	svc := &puzzle.Service{Store: db, Now: c.now}
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Puzzles: svc, Limits: &server.Limits{}})
	ts := httptest.NewServer(srv)
	t.Cleanup(func() { ts.Close(); hall.Close(); db.Close() })
	return (&env{url: ts.URL, clock: c, db: db, svc: svc}).guest()
}

// call sends a request and decodes the answer into out (or the error
// body); it returns the status.
func (e *env) call(t *testing.T, method, path string, body any, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.url+path, rd)
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		var eb struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		json.Unmarshal(raw, &eb)
		return resp.StatusCode, eb.Error.Message
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v\n%s", method, path, err, raw)
		}
	}
	return resp.StatusCode, ""
}

type opened struct {
	Puzzle    string `json:"puzzle"`
	Day       string `json:"day"`
	Ticket    string `json:"ticket"`
	Board     int    `json:"board"`
	Side      string `json:"side"`
	Card      int    `json:"card"`
	Variant   string `json:"variant"`
	Optimum   int    `json:"optimum"`
	BestScore int    `json:"best_score"`
	Rank      int    `json:"rank"`
}

type result struct {
	Perfect        bool `json:"perfect"`
	PerfectTilings int64
	Score          struct{ Score, Empty int }   `json:"score"`
	Millis         int64                        `json:"millis"`
	Solution       []map[string]string          `json:"solution"`
	PlayerRating   *struct{ Mu, Sigma float64 } `json:"player_rating"`
	PuzzleRating   *struct{ Mu, Sigma float64 } `json:"puzzle_rating"`
	Counted        bool                         `json:"counted"`
	NotCounted     string                       `json:"not_counted"`
	FloorMS        int64                        `json:"floor_ms"`
}

// solution returns the solver's perfect placement for the daily puzzle of
// day.
func solution(day string) []map[string]string {
	d, _ := puzzle.ParseDay(day)
	_, ps := puzzle.Daily(d).Perfect()
	out := []map[string]string{}
	for _, p := range ps {
		out = append(out, map[string]string{"shape": p.Shape, "element": p.Element, "transform": p.Transform, "cell": p.Cell})
	}
	return out
}

func submission(o opened, placements any, ms int64) map[string]any {
	return map[string]any{"ticket": o.Ticket, "day": o.Day, "placements": placements, "time_ms": ms, "name": "Ann"}
}

// TestDailyHTTP opens the day's puzzle, submits the solver's perfect
// tiling, and checks every refusal: an illegal placement, a solution for
// another day, a replayed submission, a time that is no time, a score or
// a rating brought along. A refused submission uses no ticket and enters
// no table. The time kept is the server's, whatever the client says.
func TestDailyHTTP(t *testing.T) {
	e := newEnv(t)
	var o opened
	if st, msg := e.call(t, "GET", "/api/puzzles/outofmine/daily", nil, &o); st != 200 {
		t.Fatalf("GET daily: %d %s", st, msg)
	}
	if o.Day != "2026-11-23" || o.Ticket == "" || o.Optimum != 0 || o.Card == 0 || o.Board == 0 {
		t.Fatalf("GET daily: %+v", o)
	}
	perfect := solution(o.Day)
	e.clock.add(42 * time.Second)

	refusals := []struct {
		name   string
		body   map[string]any
		status int
		want   string
	}{
		{"ErrIllegalPlacement", submission(o, append([]map[string]string{perfect[0]}, perfect...), 42000), 422, "overlaps"},
		{"ErrNoSuchShape", submission(o, []map[string]string{{"shape": "Z9", "transform": "r0", "cell": "a1"}}, 42000), 422, "no shape"},
		{"ErrAnotherDay", func() map[string]any { b := submission(o, perfect, 42000); b["day"] = "2026-11-22"; return b }(), 400, "another day"},
		{"ErrTimeNegative", submission(o, perfect, -1), 400, "time_ms -1 is not a time"},
		{"ErrTimeHuge", func() map[string]any { b := submission(o, perfect, 0); b["time_ms"] = 1e308; return b }(), 400, "time_ms 1e+308 is not a time"},
		{"ErrTimeNaN", func() map[string]any { b := submission(o, perfect, 0); b["time_ms"] = "NaN"; return b }(), 400, `time_ms "NaN" is not a time`},
		{"ErrTimeFraction", func() map[string]any { b := submission(o, perfect, 0); b["time_ms"] = 1.5; return b }(), 400, "time_ms 1.5 is not a time"},
		{"ErrUnknownTicket", func() map[string]any { b := submission(o, perfect, 42000); b["ticket"] = "forged"; return b }(), 400, "not issued"},
		{"ErrScoreBrought", func() map[string]any { b := submission(o, perfect, 42000); b["score"] = 10; return b }(), 400, `cannot bring "score"`},
		{"ErrRatingBrought", func() map[string]any {
			b := submission(o, perfect, 42000)
			b["rating"] = map[string]float64{"Mu": 1e6, "Sigma": 1e-9}
			return b
		}(), 400, `cannot bring "rating"`},
		{"ErrUnknownField", func() map[string]any { b := submission(o, perfect, 42000); b["bonus"] = 10; return b }(), 400, "not valid JSON"},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			st, msg := e.call(t, "POST", "/api/puzzles/outofmine/daily", tc.body, nil)
			if st != tc.status || !strings.Contains(msg, tc.want) {
				t.Errorf("got %d %q; want %d with %q", st, msg, tc.status, tc.want)
			}
		})
	}
	best, err := e.db.BestPuzzleAttempts(context.Background(), o.Puzzle, 10)
	if err != nil || len(best) != 0 {
		t.Fatalf("after the refusals: %d attempts stored (err %v); want none", len(best), err)
	}

	var r result
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/daily", submission(o, perfect, 1000), &r); st != 200 {
		t.Fatalf("POST the perfect tiling: %d %s", st, msg)
	}
	if !r.Perfect || r.Score.Empty != 0 || r.Score.Score != o.BestScore || r.Millis != 42000 || len(r.Solution) == 0 || !r.Counted {
		t.Errorf("perfect tiling: %+v; want perfect, score %d, 42 s by the server's clock (not the 1 s claimed), counted", r, o.BestScore)
	}
	st, msg := e.call(t, "POST", "/api/puzzles/outofmine/daily", submission(o, perfect, 42000), nil)
	if st != 409 || !strings.Contains(msg, "used already") {
		t.Errorf("ErrReplayed: got %d %q; want 409, used already", st, msg)
	}

	// A ticket of yesterday, sent after midnight, is for a closed day.
	var o2 opened
	e.call(t, "GET", "/api/puzzles/outofmine/daily", nil, &o2)
	e.clock.add(12 * time.Hour)
	st, msg = e.call(t, "POST", "/api/puzzles/outofmine/daily", submission(o2, perfect, int64(12*time.Hour/time.Millisecond)), nil)
	if st != 400 || !strings.Contains(msg, "closed") {
		t.Errorf("ErrClosedDay: got %d %q; want 400, closed", st, msg)
	}
	best, _ = e.db.BestPuzzleAttempts(context.Background(), o.Puzzle, 10)
	if len(best) != 1 {
		t.Errorf("%d attempts stored; want the one accepted", len(best))
	}
	if st, _ := e.call(t, "GET", "/api/puzzles/minerals/weekly", nil, nil); st != 404 {
		t.Errorf("GET minerals/weekly: %d; want 404", st)
	}
}

// TestLadderHTTP: a guest's perfect ladder solution raises the guest's
// rating, which the server keeps (the next ladder pick and the history
// read it), and leaves the puzzle's own rating, which only signed-in
// players move; a second attempt at the same step is kept and answered
// but moves nothing.
func TestLadderHTTP(t *testing.T) {
	e := newEnv(t)
	var o opened
	if st, msg := e.call(t, "GET", "/api/puzzles/outofmine/ladder", nil, &o); st != 200 {
		t.Fatalf("GET ladder: %d %s", st, msg)
	}
	step, _ := puzzle.LadderStepAt(o.Rank)
	_, ps := step.Tiling.Perfect()
	e.clock.add(time.Minute)
	var r result
	body := map[string]any{"ticket": o.Ticket, "placements": ps}
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", body, &r); st != 200 {
		t.Fatalf("POST ladder: %d %s", st, msg)
	}
	if !r.Perfect || !r.Counted || r.PlayerRating == nil || r.PlayerRating.Mu <= 25 || r.PuzzleRating == nil || r.PuzzleRating.Mu != step.Initial.Mu {
		t.Fatalf("a guest's perfect ladder solution: %+v; want counted, the guest up from 25, the puzzle still at %.2f", r, step.Initial.Mu)
	}
	if _, ok, err := e.db.PuzzleRating(context.Background(), o.Puzzle); ok || err != nil {
		t.Errorf("the puzzle's stored rating after a guest's solve: ok %v (err %v); want none", ok, err)
	}
	var h struct{ Rating *struct{ Mu, Sigma float64 } }
	if st, msg := e.call(t, "GET", "/api/puzzles/outofmine/history", nil, &h); st != 200 || h.Rating == nil || h.Rating.Mu != r.PlayerRating.Mu {
		t.Errorf("the guest's history: %d %s %+v; want the rating %+v, kept by the server", st, msg, h.Rating, r.PlayerRating)
	}
	// The next pick skips the step done.
	var next opened
	e.call(t, "GET", "/api/puzzles/outofmine/ladder", nil, &next)
	if next.Rank == o.Rank {
		t.Errorf("the next ladder step is %d again; want another", next.Rank)
	}
	// The same step again, with one tile only: a repeat, counted no more.
	e.call(t, "GET", fmt.Sprintf("/api/puzzles/outofmine/ladder?rank=%d", o.Rank), nil, &o)
	e.clock.add(time.Minute)
	var again result
	if st, msg := e.call(t, "POST", "/api/puzzles/outofmine/ladder", map[string]any{"ticket": o.Ticket, "placements": ps[:1]}, &again); st != 200 {
		t.Fatalf("POST ladder again: %d %s", st, msg)
	}
	if again.Perfect || again.Counted || again.NotCounted != "repeat" || again.PlayerRating != nil {
		t.Errorf("a second attempt: %+v; want not counted (repeat), no rating", again)
	}
	e.call(t, "GET", "/api/puzzles/outofmine/history", nil, &h)
	if h.Rating == nil || h.Rating.Mu != r.PlayerRating.Mu {
		t.Errorf("the guest's rating after the repeat: %+v; want still %+v", h.Rating, r.PlayerRating)
	}
}

// TestDrillHTTP plays the fewest drill through the API: hits that drop
// nothing keep the ticket, the hit that drops gems ends the attempt and
// enters the day's best-score table, and the ticket is then used.
func TestDrillHTTP(t *testing.T) {
	e := newEnv(t)
	var o struct {
		Day    string   `json:"day"`
		Legal  []string `json:"legal"`
		Drills []struct {
			ID, Side, Ticket, Puzzle string
			Best                     []any
		} `json:"drills"`
	}
	if st, msg := e.call(t, "GET", "/api/puzzles/hammertime/daily", nil, &o); st != 200 {
		t.Fatalf("GET hammertime/daily: %d %s", st, msg)
	}
	if len(o.Drills) != 3 || len(o.Legal) != 360 {
		t.Fatalf("got %d drills, %d legal hits; want 3, 360", len(o.Drills), len(o.Legal))
	}
	// The tray's seed stays on the server: with it a player could try
	// hits offline and send only the best.
	var raw json.RawMessage
	e.call(t, "GET", "/api/puzzles/hammertime/daily", nil, &raw)
	day, _ := puzzle.ParseDay(o.Day)
	if seed := strconv.FormatUint(puzzle.TraySeed(day), 10); bytes.Contains(raw, []byte(seed)) {
		t.Errorf("the practice tray's answer holds its seed %s", seed)
	}
	dr := o.Drills[2]
	var hits []string
	var ans struct {
		Done   bool  `json:"done"`
		Fallen []int `json:"fallen"`
		Best   []struct {
			Name  string
			Score int64
			Guest bool
		} `json:"best"`
	}
	for s := 1; s <= 10 && !ans.Done; s++ {
		hits = append(hits, fmt.Sprintf("hit %s 5 strength %d", dr.Side, s))
		e.clock.add(2 * time.Second)
		body := map[string]any{"ticket": dr.Ticket, "day": o.Day, "drill": dr.ID, "hits": hits, "time_ms": 0, "name": "Bo"}
		if st, msg := e.call(t, "POST", "/api/puzzles/hammertime/daily", body, &ans); st != 200 {
			t.Fatalf("POST %v: %d %s", hits, st, msg)
		}
	}
	if !ans.Done || len(ans.Best) != 1 || ans.Best[0].Name != "Bo" || ans.Best[0].Score != -int64(len(ans.Fallen)) || !ans.Best[0].Guest {
		t.Fatalf("the attempt: %+v", ans)
	}
	body := map[string]any{"ticket": dr.Ticket, "day": o.Day, "drill": dr.ID, "hits": hits, "time_ms": 0}
	if st, _ := e.call(t, "POST", "/api/puzzles/hammertime/daily", body, nil); st != 409 {
		t.Errorf("ErrReplayed: got %d; want 409", st)
	}
	body = map[string]any{"ticket": o.Drills[0].Ticket, "day": o.Day, "drill": dr.ID, "hits": hits[:1], "time_ms": 0}
	if st, _ := e.call(t, "POST", "/api/puzzles/hammertime/daily", body, nil); st != 400 {
		t.Errorf("ErrOtherDrillsTicket: got %d; want 400", st)
	}
}
