package server_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/games/tf22"
	"minehall/server"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
	"minehall/tournament"
)

// tourneyServer is a server with accounts, rated tables and tournaments
// on a SQLite file, as `minehall serve` wires it; stop and start it again
// on the same file to restart it.
type tourneyServer struct {
	*httptest.Server
	db       *sqlite.DB
	hall     *table.Hall
	srv      *server.Server
	path     string
	joinWait time.Duration
}

// startTourneyServerClocked starts a tourneyServer on the SQLite file
// path whose runner reads the time from now (the real clock when nil).
func startTourneyServerClocked(t *testing.T, path string, joinWait time.Duration, now func() time.Time) *tourneyServer {
	t.Helper()
	ctx := context.Background()
	reg := registry()
	reg.Register(minerals.New())
	reg.Register(hammertime.New())
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rec := account.NewRecorder(db, db, reg, log)
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Finished: rec.TableFinished})
	if _, err := hall.Restore(ctx); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	runner := server.NewTournamentRunner(server.TournamentRunnerConfig{Store: db.Tournaments(), Hall: hall,
		Notifications: db.Notifications(), Poll: 20 * time.Millisecond, JoinWait: joinWait, Now: now, Logger: log})
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Accounts: db, Limits: &server.Limits{}, PasswordCost: account.MinCost,
		Tournaments: db.Tournaments(), TournamentRunner: runner})
	ts := &tourneyServer{Server: httptest.NewServer(srv), db: db, hall: hall, srv: srv, path: path, joinWait: joinWait}
	t.Cleanup(ts.stop)
	return ts
}

// stop shuts the server down as `minehall serve` does; stopping it again
// does nothing.
func (ts *tourneyServer) stop() {
	if ts.srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ts.hall.Close()
	ts.srv.Shutdown(ctx)
	ts.Close()
	ts.db.Close()
	ts.srv = nil
}

// laterClock is the real clock moved on by what the test says, for the
// tournament runners of a test: a tournament scheduled an hour ahead
// starts when the test has its entrants in and moves the clock on.
type laterClock struct{ by atomic.Int64 }

func (c *laterClock) now() time.Time      { return time.Now().Add(time.Duration(c.by.Load())) }
func (c *laterClock) add(d time.Duration) { c.by.Add(int64(d)) }

// tourneyDetail is GET /api/tournaments/{id} as the tests read it.
type tourneyDetail struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	CancelReason string `json:"cancel_reason"`
	Round        int    `json:"round"`
	Entrants     []struct {
		ID        string `json:"id"`
		Name      string `json:"name"`
		Withdrawn string `json:"withdrawn"`
	} `json:"entrants"`
	Standings []struct {
		Rank      int       `json:"rank"`
		ID        string    `json:"id"`
		Points    float64   `json:"points"`
		TieBreaks []float64 `json:"tie_breaks"`
		Withdrawn bool      `json:"withdrawn"`
	} `json:"standings"`
	Pairings []struct {
		Round   int      `json:"round"`
		Table   string   `json:"table"`
		Players []string `json:"players"`
		Done    bool     `json:"done"`
	} `json:"pairings"`
	Rules string `json:"rules"`
}

// seatAt is an account's seat at a tournament table, played over
// WebSocket.
type seatAt struct {
	table, token string
	cl           *client
	acted        int64
	done         bool
	// legal is the last frame with the seat's legal moves, last when it
	// last acted.
	legal frame
	last  time.Time
}

// An eight-player Swiss event of four accounts (playing random legal
// moves over WebSocket) and four bots runs its three rounds to the end
// across a restart of the server, with one account withdrawn in round 2
// (it leaves its table, and a stand-in finishes the game): each round is
// the pairing the pairing package makes from the results recorded before
// it, nobody meets twice, and the standings are the package's own.
func TestSwissTournamentAcrossRestart(t *testing.T) {
	path := sqlitetest.Path(t)
	var clock laterClock
	ts := startTourneyServerClocked(t, path, time.Minute, clock.now)
	var people []*browser
	for _, name := range []string{"Ann", "Bo", "Cy", "Di"} {
		b := newBrowser(t, ts.URL)
		b.signUp(name, "correct horse "+name)
		people = append(people, b)
	}
	var d tourneyDetail
	req := map[string]any{"game": "minerals", "format": "swiss", "rounds": 3, "table_size": 2, "starts_in_s": 3600,
		"time_control": map[string]int{"move_s": 15, "bank_s": 60}, "bots": []string{"random", "greedy", "easy", "medium"}}
	if st, code := people[0].call("POST", "/api/tournaments", req, &d); st != http.StatusCreated {
		t.Fatalf("create: %d %s %s", st, code, people[0].message)
	}
	id := d.ID
	for _, b := range people {
		if st, code := b.call("POST", "/api/tournaments/"+id+"/join", nil, nil); st != http.StatusOK {
			t.Fatalf("join: %d %s %s", st, code, b.message)
		}
	}
	clock.add(time.Hour) // the start
	ids := make([]string, len(people))
	for i, b := range people {
		var a accountJSON
		b.call("GET", "/api/account", nil, &a)
		ids[i] = store.AccountEntrant(a.ID)
	}
	leaver := 3 // Di leaves her round 2 table
	seats := make([]map[string]*seatAt, len(people))
	for i := range seats {
		seats[i] = map[string]*seatAt{}
	}
	sink := make(chan frame, 4096)
	clients := map[int]*seatAt{} // by client index
	next := 0
	restarted := false
	rng := game.NewRand(71)
	deadline := time.Now().Add(5 * time.Minute)
	var looked time.Time // when the tournament was last asked for
	for {
		if time.Now().After(deadline) {
			t.Fatalf("the tournament did not finish in time: %+v", d)
		}
		// The tournament is asked for every 100 ms (each answer reads
		// all its games); the seats act on their frames every 20 ms.
		if time.Since(looked) >= 100*time.Millisecond {
			looked = time.Now()
			d = tourneyDetail{}
			people[0].call("GET", "/api/tournaments/"+id, nil, &d)
		}
		if d.Status == "finished" || d.Status == "cancelled" {
			break
		}
		if d.Round == 2 && !restarted {
			// Mid-event: stop the server and start another on its store.
			restarted = true
			ts.stop()
			ts = startTourneyServerClocked(t, path, time.Minute, clock.now)
			for _, b := range people {
				b.base, b.origin = ts.URL, ts.URL
			}
			for idx, s := range clients {
				if !s.done {
					seq := s.cl.seq
					s.cl = dial(t, ts.URL, s.table, s.token, idx, sink)
					s.cl.seq, s.acted, s.legal = seq, -1, frame{}
				}
			}
			continue
		}
		for i, b := range people {
			for _, p := range d.Pairings {
				if p.Table == "" || p.Done || !slices.Contains(p.Players, ids[i]) || seats[i][p.Table] != nil {
					continue
				}
				var j struct {
					Token string `json:"token"`
				}
				if st, code := b.call("POST", "/api/tables/"+p.Table+"/join", map[string]any{"name": "x"}, &j); st != http.StatusOK {
					t.Fatalf("%s joins table %s: %d %s %s", ids[i], p.Table, st, code, b.message)
				}
				s := &seatAt{table: p.Table, token: j.Token, acted: -1}
				seats[i][p.Table] = s
				if i == leaver && p.Round == 2 {
					if st, eb := do(t, ts.URL, "POST", "/api/tables/"+p.Table+"/leave", j.Token, map[string]any{}, nil); st != http.StatusOK {
						t.Logf("leave: %+v", eb)
						t.Fatalf("%s leaves table %s: %d", ids[i], p.Table, st)
					}
					s.done = true
					continue
				}
				s.cl = dial(t, ts.URL, p.Table, j.Token, next, sink)
				clients[next] = s
				next++
			}
		}
		// Take in the frames that came meanwhile, then act where a seat
		// may, at most every 60 ms a seat (within the frame rate limit).
		for drained := false; !drained; {
			select {
			case f := <-sink:
				s := clients[f.from]
				switch {
				case s == nil || s.done:
				case f.Status == "finished":
					s.done = true
				case f.Type == "error":
					// Refused (a stale legal move, a frame too many): the
					// number was not used; try again at the next turn.
					s.cl.seq--
					s.acted = -1
				case f.Type == "state" || f.Type == "update" || f.Type == "table":
					if f.N >= s.legal.N {
						s.legal = f
					}
				}
			default:
				drained = true
			}
		}
		for _, s := range clients {
			if !s.done && len(s.legal.Legal) > 0 && s.acted < s.legal.N && time.Since(s.last) > 60*time.Millisecond {
				s.acted, s.last = s.legal.N, time.Now()
				s.cl.act(s.legal.Legal[rng.IntN(len(s.legal.Legal))])
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	if d.Status != "finished" || d.Round != 3 {
		t.Fatalf("the tournament ended %s (%s) in round %d; want finished after round 3", d.Status, d.CancelReason, d.Round)
	}
	if !restarted {
		t.Fatalf("the server was not restarted mid-event")
	}
	checkSwissRecord(t, ts, id, ids[leaver], d)
}

// checkSwissRecord checks the stored games of Swiss tournament id against
// the pairing package: each round is its pairing of what came before, no
// rematch, the leaver withdrawn after round 2, the standings its own.
func checkSwissRecord(t *testing.T, ts *tourneyServer, id, leaver string, d tourneyDetail) {
	t.Helper()
	ctx := context.Background()
	st := ts.db.Tournaments()
	es, err := st.Entrants(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := st.TournamentGames(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sw := tournament.Swiss{Rounds: 3, TableSize: 2}
	met := map[[2]string]bool{}
	for round := 1; round <= 3; round++ {
		var before, now []store.TournamentGame
		for _, g := range gs {
			switch {
			case g.Round < round:
				before = append(before, g)
			case g.Round == round:
				now = append(now, g)
			}
		}
		if len(now) == 0 {
			t.Fatalf("round %d has no games", round)
		}
		// The entrants as they were when the round was paired.
		var ce []tournament.Entrant
		for i, e := range es {
			ce = append(ce, tournament.Entrant{ID: e.ID, Rating: e.Rating, Joined: i, Withdrawn: !e.Withdrawn.IsZero() && e.Withdrawn.Before(now[0].Created)})
		}
		games, byes := toCore(before)
		want, err := sw.Pair(ce, games, byes)
		if err != nil {
			t.Fatalf("round %d: Pair: %v", round, err)
		}
		var got [][]string
		var gotByes []string
		for _, g := range now {
			if g.Outcome == store.OutcomeBye {
				gotByes = append(gotByes, g.Players[0])
				continue
			}
			got = append(got, g.Players)
			if g.Ranks == nil || g.Table == "" {
				t.Errorf("round %d board %d ended without ranks or table: %+v", round, g.Board, g)
			}
			pair := [2]string{min(g.Players[0], g.Players[1]), max(g.Players[0], g.Players[1])}
			if met[pair] {
				t.Errorf("round %d: %v meet again", round, pair)
			}
			met[pair] = true
			if round == 3 && slices.Contains(g.Players, leaver) {
				t.Errorf("round 3 seats %s, who withdrew in round 2", leaver)
			}
		}
		if !reflect.DeepEqual(got, want.Tables) || !reflect.DeepEqual(gotByes, want.Byes) {
			t.Errorf("round %d: got tables %v byes %v; want the package's %v byes %v", round, got, gotByes, want.Tables, want.Byes)
		}
	}
	for _, e := range es {
		// Against a person a stand-in finishes the leaver's game; against a
		// bot the table ends at once, won by the bot.
		if e.ID == leaver && e.WithdrawReason != server.WithdrawStandIn && e.WithdrawReason != server.WithdrawAbandoned {
			t.Errorf("%s withdrawn %q; want %q or %q", leaver, e.WithdrawReason, server.WithdrawStandIn, server.WithdrawAbandoned)
		}
		if e.ID != leaver && !e.Withdrawn.IsZero() {
			t.Errorf("%s withdrawn (%s); want only the leaver", e.ID, e.WithdrawReason)
		}
	}
	var ce []tournament.Entrant
	for i, e := range es {
		ce = append(ce, tournament.Entrant{ID: e.ID, Rating: e.Rating, Joined: i, Withdrawn: !e.Withdrawn.IsZero()})
	}
	games, byes := toCore(gs)
	want, err := sw.Standings(ce, games, byes)
	if err != nil {
		t.Fatalf("Standings: %v", err)
	}
	if len(d.Standings) != len(want) {
		t.Fatalf("standings: got %d lines; want %d", len(d.Standings), len(want))
	}
	for i, w := range want {
		g := d.Standings[i]
		if g.ID != w.ID || g.Rank != w.Rank || g.Points != w.Points || g.Withdrawn != w.Withdrawn ||
			!reflect.DeepEqual(g.TieBreaks, []float64{w.Buchholz, w.SonnebornBerger}) {
			t.Errorf("standing %d: got %+v; want %+v", i+1, g, w)
		}
	}
}

func toCore(gs []store.TournamentGame) ([]tournament.Game, []tournament.Bye) {
	var games []tournament.Game
	var byes []tournament.Bye
	for _, g := range gs {
		if g.Outcome == store.OutcomeBye {
			byes = append(byes, tournament.Bye{Round: g.Round, ID: g.Players[0]})
			continue
		}
		games = append(games, tournament.Game{Round: g.Round, Players: g.Players, Ranks: g.Ranks,
			Aborted: g.Outcome == store.OutcomeAborted, Forfeit: g.Outcome == store.OutcomeForfeit})
	}
	return games, byes
}

// Bad input is refused with a message that says what is wrong, and
// changes nothing.
func TestTournamentRefusals(t *testing.T) {
	var clock laterClock
	ts := startTourneyServerClocked(t, sqlitetest.Path(t), time.Minute, clock.now)
	ann, bo, guest := newBrowser(t, ts.URL), newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	good := func() map[string]any {
		return map[string]any{"game": "minerals", "format": "swiss", "rounds": 3, "starts_in_s": 3600,
			"time_control": map[string]int{"move_s": 15, "bank_s": 60}}
	}
	with := func(k string, v any) map[string]any { m := good(); m[k] = v; return m }
	for _, tc := range []struct {
		name string
		who  *browser
		req  map[string]any
		st   int
	}{
		{"guest", guest, good(), http.StatusUnauthorized},
		{"unknown game", ann, with("game", "chess"), http.StatusBadRequest},
		{"arena for a long turn-based game", ann, with("format", "arena"), http.StatusBadRequest},
		{"unknown format", ann, with("format", "knockout"), http.StatusBadRequest},
		{"invalid option", ann, with("options", map[string]string{"board": "moon"}), http.StatusBadRequest},
		{"no time control", ann, with("time_control", nil), http.StatusBadRequest},
		{"zero move time", ann, with("time_control", map[string]int{"move_s": 0, "bank_s": 60}), http.StatusBadRequest},
		{"negative bank", ann, with("time_control", map[string]int{"move_s": 15, "bank_s": -1}), http.StatusBadRequest},
		{"no rounds", ann, with("rounds", 0), http.StatusBadRequest},
		{"too many rounds", ann, with("rounds", 31), http.StatusBadRequest},
		{"a duration for a Swiss event", ann, with("duration_s", 600), http.StatusBadRequest},
		{"table too large", ann, with("table_size", 9), http.StatusBadRequest},
		{"start in the past", ann, with("starts", time.Now().Add(-time.Hour)), http.StatusBadRequest},
		{"start too far ahead", ann, with("starts_in_s", 90*24*3600), http.StatusBadRequest},
		{"unknown bot", ann, with("bots", []string{"grandmaster"}), http.StatusBadRequest},
		{"a bot twice", ann, with("bots", []string{"easy", "easy"}), http.StatusBadRequest},
		{"unknown field", ann, with("colour", "red"), http.StatusBadRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := tc.who.call("POST", "/api/tournaments", tc.req, nil)
			if st != tc.st {
				t.Errorf("create: got %d; want %d", st, tc.st)
			}
			if st == http.StatusBadRequest && tc.who.message == "" {
				t.Errorf("create refused without a message")
			}
		})
	}
	var list struct {
		Tournaments []json.RawMessage `json:"tournaments"`
	}
	ann.call("GET", "/api/tournaments?status=upcoming", nil, &list)
	if len(list.Tournaments) != 0 {
		t.Fatalf("after refusals: got %d tournaments; want none", len(list.Tournaments))
	}
	// Hammer Time, turn-based but short, may also be an arena.
	ht := map[string]any{"game": "hammertime", "format": "arena", "duration_s": 1800, "starts_in_s": 3600,
		"time_control": map[string]int{"move_s": 15, "bank_s": 60}}
	var htArena struct {
		Format string `json:"format"`
		Game   string `json:"game"`
	}
	if st, code := ann.call("POST", "/api/tournaments", ht, &htArena); st != http.StatusCreated || htArena.Format != "arena" || htArena.Game != "hammertime" {
		t.Fatalf("a Hammer Time arena: %d %s %s, %+v; want 201 and a Hammer Time arena", st, code, ann.message, htArena)
	}

	// Joining: a guest, twice; too few players at the start cancel it.
	var d tourneyDetail
	if st, _ := ann.call("POST", "/api/tournaments", with("starts_in_s", 1800), &d); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, ann.message)
	}
	if st, _ := guest.call("POST", "/api/tournaments/"+d.ID+"/join", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("guest joins: got %d; want 401", st)
	}
	if st, _ := bo.call("POST", "/api/tournaments/"+d.ID+"/join", nil, nil); st != http.StatusOK {
		t.Fatalf("Bo joins: %d %s", st, bo.message)
	}
	if st, _ := bo.call("POST", "/api/tournaments/"+d.ID+"/join", nil, nil); st != http.StatusConflict || !strings.Contains(bo.message, "already") {
		t.Errorf("Bo joins twice: got %d %q; want 409 saying already", st, bo.message)
	}
	clock.add(time.Hour)
	d = waitTournament(t, ann, d.ID, "cancelled")
	if d.CancelReason != server.CancelTooFew || len(d.Entrants) != 1 {
		t.Errorf("cancelled: got reason %q with %d entrants; want %q with 1", d.CancelReason, len(d.Entrants), server.CancelTooFew)
	}
	if st, _ := ann.call("POST", "/api/tournaments/"+d.ID+"/join", nil, nil); st != http.StatusConflict {
		t.Errorf("join a cancelled tournament: got %d; want 409", st)
	}

	// A started Swiss event refuses a join, saying why.
	req := with("starts_in_s", 5400)
	req["bots"] = []string{"random", "greedy", "easy"}
	if st, _ := ann.call("POST", "/api/tournaments", req, &d); st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, ann.message)
	}
	bo.call("POST", "/api/tournaments/"+d.ID+"/join", nil, nil)
	clock.add(time.Hour)
	waitTournament(t, ann, d.ID, "running")
	if st, _ := ann.call("POST", "/api/tournaments/"+d.ID+"/join", nil, nil); st != http.StatusConflict || !strings.Contains(ann.message, "started") {
		t.Errorf("join a running Swiss event: got %d %q; want 409 saying it started", st, ann.message)
	}

	// The operator schedules one on the admin handler, with no creator;
	// bad input is refused there too.
	for _, tc := range []struct {
		body string
		want int
	}{
		{`{"game": "minerals", "format": "arena", "rounds": 3}`, http.StatusBadRequest},
		{`{"game": "minerals", "colour": "red"}`, http.StatusBadRequest},
		{``, http.StatusBadRequest},
		{`{"game": "minerals", "format": "swiss", "rounds": 3, "starts_in_s": 86400, "time_control": {"move_s": 45, "bank_s": 300}}`, http.StatusCreated},
	} {
		rec := httptest.NewRecorder()
		ts.srv.AdminHandler().ServeHTTP(rec, httptest.NewRequest("POST", "/admin/tournaments", strings.NewReader(tc.body)))
		if rec.Code != tc.want {
			t.Errorf("operator's %s: got %d %s; want %d", tc.body, rec.Code, rec.Body, tc.want)
			continue
		}
		if tc.want == http.StatusCreated {
			var op tourneyDetail
			json.Unmarshal(rec.Body.Bytes(), &op)
			if got, err := ts.db.Tournaments().Tournament(context.Background(), op.ID); err != nil || got.Creator != "" {
				t.Errorf("operator's tournament: got %+v, %v; want one with no creator", got, err)
			}
		}
	}

	// The upcoming list comes in pages: three upcoming, two a page.
	for range 2 {
		if st, _ := ann.call("POST", "/api/tournaments", with("starts_in_s", 86400), nil); st != http.StatusCreated {
			t.Fatalf("create: %d %s", st, ann.message)
		}
	}
	var page struct {
		Tournaments []struct {
			ID string `json:"id"`
		} `json:"tournaments"`
		Next int `json:"next"`
	}
	ann.call("GET", "/api/tournaments?status=upcoming&limit=2", nil, &page)
	first := page.Tournaments
	if len(first) != 2 || page.Next != 2 {
		t.Fatalf("first page: got %d tournaments, next %d; want 2, next 2", len(first), page.Next)
	}
	page.Tournaments, page.Next = nil, 0
	ann.call("GET", "/api/tournaments?status=upcoming&limit=2&offset=2", nil, &page)
	if len(page.Tournaments) != 1 || page.Next != 0 || page.Tournaments[0].ID == first[0].ID || page.Tournaments[0].ID == first[1].ID {
		t.Errorf("second page: got %+v, next %d; want the third alone and no next", page.Tournaments, page.Next)
	}
	if st, _ := ann.call("GET", "/api/tournaments?status=someday", nil, nil); st != http.StatusBadRequest {
		t.Errorf("list of an unknown status: got %d; want 400", st)
	}
}

// waitTournament polls tournament id until its status is status.
func waitTournament(t *testing.T, b *browser, id, status string) tourneyDetail {
	t.Helper()
	var d tourneyDetail
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		d = tourneyDetail{}
		b.call("GET", "/api/tournaments/"+id, nil, &d)
		if d.Status == status {
			return d
		}
	}
	t.Fatalf("tournament %s is %s; want %s", id, d.Status, status)
	return d
}

// An arena of four bots runs waves of games until its end time: those
// whose game ended are paired again while the time lasts, nobody plays two
// games at once, no game starts after the end, every game ends with ranks,
// and the standings are the pairing package's own. An account may join
// the running arena, and leaves it withdrawn. The runner's clock is the
// test's: the arena's hour passes when the test says.
func TestArenaTournament(t *testing.T) {
	var clock laterClock
	ts := startTourneyServerClocked(t, sqlitetest.Path(t), time.Second, clock.now)
	now := time.Now().Add(time.Hour)
	ctx := context.Background()
	st := ts.db.Tournaments()
	tr := &store.Tournament{ID: "arena1", Game: "minerals", Format: store.FormatArena, Options: game.Options{},
		TimeControl: &store.TimeControl{MoveS: 15, BankS: 60}, TableSize: 2, Duration: time.Hour, MinPlayers: 2,
		Starts: now, Status: store.TournamentScheduled, Created: now}
	if err := st.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	for i, b := range []string{"random", "greedy", "easy", "medium"} {
		if err := st.AddEntrant(ctx, store.Entrant{Tournament: tr.ID, ID: store.BotEntrant(b), Bot: b, Name: b, Joined: now.Add(time.Duration(i))}); err != nil {
			t.Fatal(err)
		}
	}
	ann := newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	clock.add(time.Hour)
	waitTournament(t, ann, tr.ID, "running")
	if code, _ := ann.call("POST", "/api/tournaments/"+tr.ID+"/join", nil, nil); code != http.StatusOK {
		t.Fatalf("join a running arena: %d %s", code, ann.message)
	}
	if code, _ := ann.call("POST", "/api/tournaments/"+tr.ID+"/leave", nil, nil); code != http.StatusOK {
		t.Fatalf("leave a running arena: %d %s", code, ann.message)
	}
	// The first wave's games end, and their players are paired again.
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if got, _ := st.Tournament(ctx, tr.ID); got != nil && got.Round >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the arena paired no second wave")
		}
	}
	clock.add(2 * time.Hour)
	d := waitTournament(t, ann, tr.ID, "finished")
	got, _ := st.Tournament(ctx, tr.ID)
	end := got.Started.Add(got.Duration)
	es, _ := st.Entrants(ctx, tr.ID)
	gs, _ := st.TournamentGames(ctx, tr.ID)
	lastEnd := map[string]time.Time{}
	var games []tournament.Game
	for _, g := range gs {
		if g.Ranks == nil || g.Created.After(end) {
			t.Errorf("game %+v: want ranks and a start before the end %v", g, end)
		}
		for _, p := range g.Players {
			if g.Created.Before(lastEnd[p]) {
				t.Errorf("%s starts a game at %v before its last ended at %v", p, g.Created, lastEnd[p])
			}
			lastEnd[p] = g.Finished
		}
		games = append(games, tournament.Game{Players: g.Players, Ranks: g.Ranks, Start: g.Created, End: g.Finished,
			Aborted: g.Outcome == store.OutcomeAborted, Forfeit: g.Outcome == store.OutcomeForfeit})
	}
	var ce []tournament.Entrant
	for i, e := range es {
		ce = append(ce, tournament.Entrant{ID: e.ID, Rating: e.Rating, Joined: i, Withdrawn: !e.Withdrawn.IsZero()})
		if e.AccountID != "" && e.WithdrawReason != server.WithdrawLeft {
			t.Errorf("Ann withdrawn %q; want %q", e.WithdrawReason, server.WithdrawLeft)
		}
	}
	want, err := tournament.Arena{Start: got.Started, End: end, TableSize: 2}.Standings(ce, games)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Standings) != len(want) {
		t.Fatalf("standings: got %d lines; want %d", len(d.Standings), len(want))
	}
	for i, w := range want {
		g := d.Standings[i]
		if g.ID != w.ID || g.Points != float64(w.Points) || g.Withdrawn != w.Withdrawn {
			t.Errorf("standing %d: got %+v; want %+v", i+1, g, w)
		}
	}
}

// scheduleBotSwiss stores a three-round Swiss tournament of Minerals,
// tables of two, an hour from now, with id and five bots entered, one of
// each level.
func scheduleBotSwiss(t *testing.T, st store.Tournaments, id string) *store.Tournament {
	t.Helper()
	ctx := context.Background()
	now := time.Now().Add(time.Hour)
	tr := &store.Tournament{ID: id, Game: "minerals", Format: store.FormatSwiss, Options: game.Options{},
		TimeControl: &store.TimeControl{MoveS: 15, BankS: 60}, TableSize: 2, Rounds: 3, MinPlayers: 4,
		Starts: now, Status: store.TournamentScheduled, Created: now}
	if err := st.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	for i, b := range []string{"random", "greedy", "easy", "medium", "hard"} {
		if err := st.AddEntrant(ctx, store.Entrant{Tournament: tr.ID, ID: store.BotEntrant(b), Bot: b, Name: b, Joined: now.Add(time.Duration(i))}); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

// waitFirstRound waits up to a minute until tournament id has paired its
// first round.
func waitFirstRound(t *testing.T, st store.Tournaments, id string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if got, _ := st.Tournament(context.Background(), id); got != nil && got.Round >= 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("tournament %s paired no first round within a minute", id)
		}
	}
}

// Two runners share a store, as two instances do: one drives the
// tournament at a time, each board's table is made once, and when the
// first stops mid-event the second takes the event over and ends it.
func TestTournamentOneDriverAtATime(t *testing.T) {
	var clock laterClock
	ts := startTourneyServerClocked(t, sqlitetest.Path(t), time.Minute, clock.now)
	ctx := context.Background()
	st := ts.db.Tournaments()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	other := server.NewTournamentRunner(server.TournamentRunnerConfig{Store: st, Hall: ts.hall,
		Instance: "other", Poll: 20 * time.Millisecond, Now: clock.now, Logger: log})
	other.Start()
	defer other.Stop()
	tr := scheduleBotSwiss(t, st, "two")
	clock.add(time.Hour)
	// Once the first round is paired, the server's own runner stops (as
	// its instance would), giving its lease up if it held it.
	waitFirstRound(t, st, tr.ID)
	ctxStop, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ts.srv.Shutdown(ctxStop)
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if got, _ := st.Tournament(ctx, tr.ID); got != nil && got.Status == store.TournamentFinished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the other runner did not finish the tournament")
		}
	}
	gs, _ := st.TournamentGames(ctx, tr.ID)
	tables, _ := ts.db.Tables(ctx, store.Filter{})
	played := 0
	seen := map[string]bool{}
	for _, g := range gs {
		if g.Outcome == store.OutcomeBye {
			continue
		}
		played++
		if g.Table == "" || seen[g.Table] {
			t.Errorf("round %d board %d: table %q; want one of its own", g.Round, g.Board, g.Table)
		}
		seen[g.Table] = true
	}
	if played != 3*2 || len(tables) != played {
		t.Errorf("got %d games at %d tables; want 6 games (3 rounds of 2 boards) at as many tables", played, len(tables))
	}
}

// An account that opted in to tournament_round gets a push when its
// tournament is cancelled for too few players (with the tournament's
// page), and when a round starts (with its table's link and the round).
func TestPushTournamentRound(t *testing.T) {
	ns := newNotifyServer(t, server.Config{}, nil)
	key := ns.vapidKey(t)
	svc := newPushService(t, func() string { return key })
	var people []*browser
	for _, name := range []string{"Ann", "Bo", "Cy", "Di"} {
		b := newBrowser(t, ns.URL)
		b.signUp(name, "correct horse "+name)
		people = append(people, b)
	}
	optIn(t, people[0], newPushDevice(t, svc, "ann"), "tournament_round")
	ctx := context.Background()
	st := ns.db.Tournaments()
	var clock laterClock
	runner := server.NewTournamentRunner(server.TournamentRunnerConfig{Store: st, Hall: ns.hall, Notifications: ns.db.Notifications(),
		Poll: 20 * time.Millisecond, Now: clock.now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	runner.Start()
	defer runner.Stop()
	schedule := func(id string, entrants []*browser) {
		now := clock.now().Add(time.Hour)
		tr := &store.Tournament{ID: id, Game: "connectfour", Format: store.FormatSwiss, Options: game.Options{},
			TimeControl: &store.TimeControl{MoveS: 600, BankS: 600}, TableSize: 2, Rounds: 1, MinPlayers: 4,
			Starts: now, Status: store.TournamentScheduled, Created: now}
		if err := st.CreateTournament(ctx, tr); err != nil {
			t.Fatal(err)
		}
		for i, b := range entrants {
			a := accountID(t, b)
			if err := st.AddEntrant(ctx, store.Entrant{Tournament: id, ID: store.AccountEntrant(a), AccountID: a, Name: "p", Joined: now.Add(time.Duration(i))}); err != nil {
				t.Fatal(err)
			}
		}
		clock.add(time.Hour)
	}
	schedule("c1", people[:1])
	if p := nextPush(t, svc); p.Device != "ann" || p.Kind != "tournament_cancelled" || p.URL != "/tournaments/c1" {
		t.Fatalf("push %+v; want Ann told that tournament c1 is cancelled", p)
	}
	schedule("r1", people)
	p := nextPush(t, svc)
	gs, _ := st.TournamentGames(ctx, "r1")
	var annTable string
	for _, g := range gs {
		if slices.Contains(g.Players, store.AccountEntrant(accountID(t, people[0]))) {
			annTable = g.Table
		}
	}
	if p.Device != "ann" || p.Kind != "tournament_round" || p.Table != annTable || p.N != 1 || p.URL != "/tables/"+annTable {
		t.Fatalf("push %+v; want Ann told round 1 starts at /tables/%s", p, annTable)
	}
}

// People who do not take their seats within the join wait are withdrawn
// as absent, and their games are forfeits won by those who came (here
// bots); the event goes on without them to its end.
func TestTournamentAbsentForfeit(t *testing.T) {
	var clock laterClock
	ts := startTourneyServerClocked(t, sqlitetest.Path(t), 300*time.Millisecond, clock.now)
	ctx := context.Background()
	st := ts.db.Tournaments()
	now := time.Now().Add(time.Hour)
	tr := &store.Tournament{ID: "absent", Game: "minerals", Format: store.FormatSwiss, Options: game.Options{},
		TimeControl: &store.TimeControl{MoveS: 15, BankS: 60}, TableSize: 2, Rounds: 2, MinPlayers: 4,
		Starts: now, Status: store.TournamentScheduled, Created: now}
	if err := st.CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	var people []string
	for i, name := range []string{"Ann", "Bo"} {
		b := newBrowser(t, ts.URL)
		b.signUp(name, "correct horse "+name)
		id := accountID(t, b)
		people = append(people, store.AccountEntrant(id))
		if err := st.AddEntrant(ctx, store.Entrant{Tournament: tr.ID, ID: store.AccountEntrant(id), AccountID: id, Name: name, Rating: 100, Joined: now.Add(time.Duration(i))}); err != nil {
			t.Fatal(err)
		}
	}
	for i, b := range []string{"random", "greedy"} {
		if err := st.AddEntrant(ctx, store.Entrant{Tournament: tr.ID, ID: store.BotEntrant(b), Bot: b, Name: b, Joined: now.Add(time.Duration(2 + i))}); err != nil {
			t.Fatal(err)
		}
	}
	clock.add(time.Hour)
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if got, _ := st.Tournament(ctx, tr.ID); got != nil && got.Status == store.TournamentFinished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the tournament did not finish")
		}
	}
	es, _ := st.Entrants(ctx, tr.ID)
	for _, e := range es {
		absent := slices.Contains(people, e.ID)
		if absent && e.WithdrawReason != server.WithdrawAbsent || !absent && !e.Withdrawn.IsZero() {
			t.Errorf("%s withdrawn %q; want %q for the people only", e.ID, e.WithdrawReason, server.WithdrawAbsent)
		}
	}
	gs, _ := st.TournamentGames(ctx, tr.ID)
	for _, g := range gs {
		if g.Round != 1 {
			if slices.Contains(g.Players, people[0]) || slices.Contains(g.Players, people[1]) {
				t.Errorf("round %d seats a withdrawn person: %v", g.Round, g.Players)
			}
			continue
		}
		var want []int
		for _, p := range g.Players {
			if slices.Contains(people, p) {
				want = append(want, 2)
			} else {
				want = append(want, 1)
			}
		}
		if g.Outcome != store.OutcomeForfeit || !reflect.DeepEqual(g.Ranks, want) {
			t.Errorf("round 1 board %d %v: got %s %v; want a forfeit ranked %v", g.Board, g.Players, g.Outcome, g.Ranks, want)
		}
	}
}

// Swiss for the turn-based games, arena for the real-time one and for the
// short one (Hammer Time takes both).
func TestTournamentFormatsOfEachGame(t *testing.T) {
	for _, tc := range []struct {
		g    game.Game
		want []string
	}{
		{minerals.New(), []string{"swiss"}},
		{tf22.New(), []string{"swiss"}},
		{outofmine.New(), []string{"arena"}},
		{hammertime.New(), []string{"swiss", "arena"}},
	} {
		if got := server.FormatsFor(tc.g.Spec()); !slices.Equal(got, tc.want) {
			t.Errorf("%s takes %v; want %v", tc.g.Spec().Title, got, tc.want)
		}
	}
}
