package puzzle_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/puzzle"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
)

type mineralsOpened struct {
	Puzzle  string          `json:"puzzle"`
	Day     string          `json:"day"`
	ID      string          `json:"id"`
	Ticket  string          `json:"ticket"`
	Seat    int             `json:"seat"`
	Players int             `json:"players"`
	View    json.RawMessage `json:"view"`
	Legal   []string        `json:"legal"`
	Rating  *struct{ Mu, Sigma float64 }
	SetSize int `json:"set_size"`
}

type mineralsResult struct {
	Correct      bool                         `json:"correct"`
	Move         string                       `json:"move"`
	Best         string                       `json:"best"`
	Margin       float64                      `json:"margin"`
	Reason       string                       `json:"reason"`
	Text         map[string]string            `json:"text"`
	Millis       int64                        `json:"millis"`
	PlayerRating *struct{ Mu, Sigma float64 } `json:"player_rating"`
	PuzzleRating *struct{ Mu, Sigma float64 } `json:"puzzle_rating"`
	Counted      bool                         `json:"counted"`
}

// illegalMove returns a move onto a hex of pz's board that the rules
// refuse: a real hex, not a legal target.
func illegalMove(t *testing.T, pz *puzzle.MineralsPuzzle) string {
	t.Helper()
	st, err := pz.State()
	if err != nil {
		t.Fatal(err)
	}
	for col := 'a'; col <= 'o'; col++ {
		for row := 1; row <= 15; row++ {
			m := fmt.Sprintf("move %c%d", col, row)
			a, err := st.ParseAction(game.Player(pz.Seat), m)
			if err == nil && game.ErrorCode(st.Explain(game.Player(pz.Seat), a)) == game.CodeIllegal {
				return m
			}
		}
	}
	t.Fatalf("puzzle %s: no hex to move to illegally", pz.ID)
	return ""
}

// wrongMove returns a legal move of o that is not the puzzle's best.
func wrongMove(t *testing.T, o mineralsOpened, best string) string {
	t.Helper()
	for _, m := range o.Legal {
		if m != best {
			return m
		}
	}
	t.Fatalf("puzzle %s offers no move but %s", o.ID, best)
	return ""
}

// TestMineralsDailyHTTP opens the day's Minerals puzzle through the
// server, checks that neither the answer nor the seed reaches the client,
// and submits: the bad input is refused with a clear error and
// uses no ticket (an illegal placement, a solution for another day, a
// time that is no time), the right move is
// "solved" with the reason, and a replayed submission is refused.
func TestMineralsDailyHTTP(t *testing.T) {
	e := newEnv(t)
	var o mineralsOpened
	raw := map[string]any{}
	if st, msg := e.call(t, "GET", "/api/puzzles/minerals/daily", nil, &raw); st != 200 {
		t.Fatalf("GET daily: %d %s", st, msg)
	}
	b, _ := json.Marshal(raw)
	json.Unmarshal(b, &o)
	d, _ := puzzle.ParseDay("2026-11-23")
	pz := puzzle.MineralsDaily(d)
	if o.Day != "2026-11-23" || o.ID != pz.ID || o.Ticket == "" || o.Seat != pz.Seat || len(o.Legal) != len(pz.Values) || len(o.View) < 100 {
		t.Fatalf("opened %+v; want the day's puzzle %s with its view and %d legal moves", o, pz.ID, len(pz.Values))
	}
	for _, k := range []string{"best", "seed", "values", "margin", "runner_up", "text", "prefix", "reason"} {
		if _, ok := raw[k]; ok {
			t.Errorf("the opened puzzle carries %q before the submission", k)
		}
	}
	if s := strings.ToLower(string(b)); strings.Contains(s, fmt.Sprint(pz.Seed)) || strings.Contains(s, `"seed"`) {
		t.Errorf("the opened puzzle carries the game's seed")
	}
	sub := func(move string, day string, ms int64) map[string]any {
		return map[string]any{"ticket": o.Ticket, "day": day, "move": move, "time_ms": ms}
	}
	e.clock.add(20 * time.Second)
	refusals := []struct {
		name, move, day string
		ms              int64
		want            int
		msg             string
	}{
		{"an illegal placement", illegalMove(t, pz), o.Day, 20000, 422, ""},
		{"no move at all", "", o.Day, 20000, 400, "no move"},
		{"a move of another game", "hit west 5 strength 4", o.Day, 20000, 400, ""},
		{"a solution for another day", pz.Best, "2026-11-22", 20000, 400, "another day"},
		{"a time that is no time", pz.Best, o.Day, -2000, 400, "is not a time"},
	}
	for _, r := range refusals {
		st, msg := e.call(t, "POST", "/api/puzzles/minerals/daily", sub(r.move, r.day, r.ms), nil)
		if st != r.want || msg == "" || !strings.Contains(msg, r.msg) {
			t.Errorf("%s: %d %q; want %d with a message saying %q", r.name, st, msg, r.want, r.msg)
		}
	}
	var res mineralsResult
	if st, msg := e.call(t, "POST", "/api/puzzles/minerals/daily", sub(pz.Best, o.Day, 20000), &res); st != 200 {
		t.Fatalf("the right move after the refusals: %d %s (a refusal used the ticket?)", st, msg)
	}
	if !res.Correct || res.Best != pz.Best || res.Reason != pz.Reason || res.Text["en"] == "" || res.Text["de"] == "" || res.Millis != 20000 {
		t.Errorf("result %+v; want solved with the reason and the server's 20 s", res)
	}
	if st, msg := e.call(t, "POST", "/api/puzzles/minerals/daily", sub(pz.Best, o.Day, 20000), nil); st != 409 || !strings.Contains(msg, "replayed") {
		t.Errorf("a replayed submission: %d %q; want 409, refused as replayed", st, msg)
	}
	// A wrong move is answered with the best move and its reason.
	if st, msg := e.call(t, "GET", "/api/puzzles/minerals/daily", nil, &o); st != 200 {
		t.Fatalf("GET daily: %d %s", st, msg)
	}
	res = mineralsResult{}
	if st, msg := e.call(t, "POST", "/api/puzzles/minerals/daily", sub(wrongMove(t, o, pz.Best), o.Day, 0), &res); st != 200 {
		t.Fatalf("a wrong move: %d %s", st, msg)
	}
	if res.Correct || res.Best != pz.Best || res.Text["fr"] != pz.Text["fr"] || res.Margin < puzzle.MineralsMinMargin {
		t.Errorf("a wrong move's result %+v; want not solved, with the best move %s and its reason", res, pz.Best)
	}
}

// serviceStores are the stores the service is tested on: SQLite and, with
// MINEHALL_TEST_POSTGRES, PostgreSQL.
func mineralsOnStores(t *testing.T, run func(t *testing.T, s *puzzle.Service, c *clock)) {
	t.Run("sqlite", func(t *testing.T) {
		e := newEnv(t)
		run(t, &puzzle.Service{Store: e.db, Now: e.clock.now}, e.clock)
	})
	t.Run("postgres", func(t *testing.T) {
		db, err := postgres.Open(context.Background(), pgtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		c := &clock{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
		run(t, &puzzle.Service{Store: db, Now: c.now}, c)
	})
}

func handle(t *testing.T, s *puzzle.Service, player, method, mode string, q url.Values, body any, out any) error {
	t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	res, err := s.Handle(context.Background(), method, "minerals", mode, q, b, player)
	if err != nil {
		return err
	}
	raw, _ := json.Marshal(res)
	return json.Unmarshal(raw, out)
}

// TestMineralsPractice: the issue's "Puzzle ratings use the same rating
// model as games, with a puzzle's own rating moving too." A right move is a
// win against the puzzle (the player's rating rises, the puzzle's falls),
// a wrong one a loss; the puzzle's rating is stored and the next opening
// shows it. An illegal move is refused and moves no rating.
func TestMineralsPractice(t *testing.T) {
	mineralsOnStores(t, func(t *testing.T, s *puzzle.Service, c *clock) {
		pz := puzzle.MineralsPuzzles()[0]
		ann, bo := "account:ann", "account:bo"
		handle := func(t *testing.T, s *puzzle.Service, method, mode string, q url.Values, body any, out any) error {
			t.Helper()
			return handle(t, s, ann, method, mode, q, body, out)
		}
		open := func() mineralsOpened {
			t.Helper()
			var o mineralsOpened
			if err := handle(t, s, "GET", "practice", url.Values{"id": {pz.ID}}, nil, &o); err != nil {
				t.Fatal(err)
			}
			c.add(5 * time.Second)
			return o
		}
		o := open()
		if o.Puzzle != "minerals/practice/"+pz.ID || o.Rating == nil || o.Rating.Mu != pz.Initial.Mu || o.SetSize != len(puzzle.MineralsPuzzles()) {
			t.Fatalf("opened %+v; want practice puzzle %s at its starting rating %v", o, pz.ID, pz.Initial.Mu)
		}
		err := handle(t, s, "POST", "practice", nil, map[string]any{"ticket": o.Ticket, "move": illegalMove(t, pz), "time_ms": 0}, &mineralsResult{})
		if game.ErrorCode(err) != game.CodeIllegal {
			t.Fatalf("an illegal move: %v; want refused as illegal", err)
		}
		if _, ok, _ := s.Store.PuzzleRating(context.Background(), o.Puzzle); ok {
			t.Fatalf("a refused move stored a rating")
		}
		var res mineralsResult
		if err := handle(t, s, "POST", "practice", nil, map[string]any{"ticket": o.Ticket, "move": pz.Best, "time_ms": 0}, &res); err != nil {
			t.Fatal(err)
		}
		if !res.Correct || res.PlayerRating == nil || res.PlayerRating.Mu <= 25 || res.PuzzleRating.Mu >= pz.Initial.Mu {
			t.Fatalf("a right move: %+v; want the player's rating up and the puzzle's down", res)
		}
		after := res.PuzzleRating.Mu
		if o = open(); o.Rating.Mu != after {
			t.Errorf("reopened at %v; want the stored %v", o.Rating.Mu, after)
		}
		res = mineralsResult{}
		// Ann again: a repeat, which moves nothing.
		if err := handle(t, s, "POST", "practice", nil, map[string]any{"ticket": o.Ticket, "move": wrongMove(t, o, pz.Best)}, &res); err != nil {
			t.Fatal(err)
		}
		if res.Counted || res.PlayerRating != nil {
			t.Errorf("Ann's second answer: %+v; want not counted, no rating", res)
		}
		// Bo's first answer, wrong.
		var ob mineralsOpened
		if err := handleAs(t, s, bo, "GET", "practice", url.Values{"id": {pz.ID}}, nil, &ob); err != nil {
			t.Fatal(err)
		}
		c.add(5 * time.Second)
		res = mineralsResult{}
		if err := handleAs(t, s, bo, "POST", "practice", nil, map[string]any{"ticket": ob.Ticket, "move": wrongMove(t, ob, pz.Best)}, &res); err != nil {
			t.Fatal(err)
		}
		if res.Correct || res.PlayerRating.Mu >= 25 || res.PuzzleRating.Mu <= after || res.Best != pz.Best {
			t.Errorf("a wrong move: %+v; want the player's rating down, the puzzle's up, the best move shown", res)
		}
		r, ok, err := s.Store.PuzzleRating(context.Background(), o.Puzzle)
		if err != nil || !ok || r.Attempts != 2 || r.Mu != res.PuzzleRating.Mu {
			t.Errorf("stored rating %+v %v %v; want 2 attempts at Mu %v", r, ok, err, res.PuzzleRating.Mu)
		}
		// Without an id the pick is the puzzle nearest the player's
		// rating, skipping those done (Cy did none, and skips pz).
		var near mineralsOpened
		if err := handleAs(t, s, "account:cy", "GET", "practice", url.Values{"skip": {pz.ID}}, nil, &near); err != nil {
			t.Fatal(err)
		}
		got, _ := puzzle.MineralsPuzzleByID(near.ID)
		if near.ID == pz.ID || got == nil || math.Abs(got.Initial.Mu-25) != nearestTo(25, pz.ID) {
			t.Errorf("picked %s for Mu 25; want a puzzle starting nearest Mu 25, not the skipped %s", near.ID, pz.ID)
		}
		if err := handle(t, s, "GET", "practice", url.Values{"id": {"m9999"}}, nil, &near); game.ErrorCode(err) != game.CodeNotFound {
			t.Errorf("an unknown id: %v; want not found", err)
		}
		if err := handle(t, s, "GET", "practice", url.Values{"mu": {"lots"}}, nil, &near); game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("mu lots: %v; want invalid", err)
		}
	})
}

// nearestTo is the least distance from mu of a shipped puzzle's starting
// Mu, but puzzle skip's.
func nearestTo(mu float64, skip string) float64 {
	best := math.Inf(1)
	for _, pz := range puzzle.MineralsPuzzles() {
		if pz.ID != skip {
			best = min(best, math.Abs(pz.Initial.Mu-mu))
		}
	}
	return best
}

// handleAs is handle for player.
func handleAs(t *testing.T, s *puzzle.Service, player, method, mode string, q url.Values, body any, out any) error {
	t.Helper()
	return handle(t, s, player, method, mode, q, body, out)
}

var _ store.PuzzleStore = (*postgres.DB)(nil)
