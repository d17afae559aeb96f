package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/games/hammertime"
	"minehall/rating"
	"minehall/server"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// accountServer is a test server that keeps accounts and records finished
// tables, as `minehall serve` wires it.
type accountServer struct {
	*httptest.Server
	db   *sqlite.DB
	hall *table.Hall
}

func newAccountServer(t *testing.T, cfg server.Config) *accountServer {
	t.Helper()
	reg := registry()
	reg.Register(hammertime.New())
	db := sqlitetest.Open(t)
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	rec := account.NewRecorder(db, db, reg, log)
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Finished: rec.TableFinished})
	cfg.Registry, cfg.Hall, cfg.Logger = reg, hall, log
	if cfg.Accounts == nil {
		cfg.Accounts = db
	}
	if cfg.Limits == nil {
		cfg.Limits = &server.Limits{}
	}
	if cfg.PasswordCost == (account.Cost{}) {
		cfg.PasswordCost = account.MinCost // many accounts, under the race detector
	}
	ts := &accountServer{Server: httptest.NewServer(server.New(cfg)), db: db, hall: hall}
	t.Cleanup(func() {
		ts.Close()
		hall.Close()
		db.Close()
	})
	return ts
}

// browser is a client with its own cookies, sending the Origin of the
// server's pages and, once signed in, the CSRF token.
type browser struct {
	t      *testing.T
	base   string
	c      *http.Client
	origin string
	csrf   string
	// addr, if set, is the client address the browser claims through
	// X-Forwarded-For (for a server that trusts it from 127.0.0.1).
	addr string
	// message is the message of the last error answer.
	message string
}

func newBrowser(t *testing.T, base string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: base, c: &http.Client{Jar: jar}, origin: base}
}

// signedIn reports whether GET /api/account answers the browser as
// signed in.
func (b *browser) signedIn() bool {
	var a struct {
		SignedIn bool `json:"signed_in"`
	}
	st, _ := b.call("GET", "/api/account", nil, &a)
	return st == http.StatusOK && a.SignedIn
}

// call sends a request and decodes a 2xx answer into out; it returns the
// status and the error's code.
func (b *browser) call(method, path string, body, out any) (int, game.Code) {
	b.t.Helper()
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, b.base+path, rd)
	if b.addr != "" {
		req.Header.Set("X-Forwarded-For", b.addr)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
		if b.origin != "" {
			req.Header.Set("Origin", b.origin)
		}
		if b.csrf != "" {
			req.Header.Set("X-CSRF-Token", b.csrf)
		}
	}
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		var eb struct {
			Error struct {
				Code    game.Code `json:"code"`
				Message string    `json:"message"`
			} `json:"error"`
		}
		json.Unmarshal(data, &eb)
		b.message = eb.Error.Message
		return resp.StatusCode, eb.Error.Code
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			b.t.Fatalf("%s %s: %s: %v", method, path, data, err)
		}
	}
	return resp.StatusCode, ""
}

type accountJSON struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	CSRF     string `json:"csrf"`
	Password bool   `json:"password"`
	Ratings  []struct {
		Game    string  `json:"game"`
		Mu      float64 `json:"mu"`
		Sigma   float64 `json:"sigma"`
		Ordinal float64 `json:"ordinal"`
		Games   int     `json:"games"`
	} `json:"ratings"`
	Games []struct {
		Table  string `json:"table"`
		Rank   int    `json:"rank"`
		Rated  bool   `json:"rated"`
		Replay string `json:"replay"`
	} `json:"games"`
	Stats []struct {
		Game   string `json:"game"`
		Played int    `json:"played"`
		Won    int    `json:"won"`
	} `json:"stats"`
	Attached []struct {
		Table string       `json:"table"`
		Seat  *game.Player `json:"seat"`
		Error string       `json:"error"`
	} `json:"attached"`
}

func (b *browser) signUp(name, pw string) accountJSON {
	b.t.Helper()
	var a accountJSON
	if st, code := b.call("POST", "/api/account/signup", map[string]any{"name": name, "password": pw}, &a); st != http.StatusCreated {
		b.t.Fatalf("sign-up %s: %d %s", name, st, code)
	}
	b.csrf = a.CSRF
	return a
}

// "The password API: POST /api/account/signup and POST /api/account/signin
// with {"name","password"}; POST /api/account/signout; GET /api/account
// returns the account". "Sessions are HttpOnly cookies, SameSite=Lax".
func TestPasswordAccount(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	b := newBrowser(t, ts.URL)
	var guest struct {
		SignedIn bool `json:"signed_in"`
		Accounts bool `json:"accounts"`
	}
	if st, code := b.call("GET", "/api/account", nil, &guest); st != http.StatusOK || guest.SignedIn || !guest.Accounts {
		t.Errorf("GET /api/account as a guest: %d %s %+v; want 200, not signed in, accounts kept", st, code, guest)
	}
	a := b.signUp("Ann", "correct horse")
	if a.Name != "Ann" || !a.Password || a.CSRF == "" {
		t.Errorf("sign-up answer %+v", a)
	}
	// The session cookie: HttpOnly, SameSite=Lax, not Secure without TLS.
	u := ts.URL + "/"
	req, _ := http.NewRequest("POST", ts.URL+"/api/account/signin", strings.NewReader(`{"name":"ann","password":"correct horse"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var session *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "minehall_session" {
			session = c
		}
	}
	if resp.StatusCode != http.StatusOK || session == nil || !session.HttpOnly || session.SameSite != http.SameSiteLaxMode || session.Secure {
		t.Errorf("sign-in (name in another case): %d, session cookie %+v; want 200, HttpOnly, SameSite=Lax", resp.StatusCode, session)
	}
	var got accountJSON
	if st, _ := b.call("GET", "/api/account", nil, &got); st != http.StatusOK || got.ID != a.ID || got.CSRF != a.CSRF {
		t.Errorf("GET /api/account: %d %+v; want account %s", st, got, a.ID)
	}
	if st, code := b.call("POST", "/api/account/signout", nil, nil); st != http.StatusOK {
		t.Fatalf("sign-out: %d %s", st, code)
	}
	if b.signedIn() {
		t.Errorf("GET /api/account after sign-out: signed in; want a guest")
	}
	// The old cookie is dead on the server too, not only in this browser.
	jar, _ := cookiejar.New(nil)
	old := &browser{t: t, base: ts.URL, c: &http.Client{Jar: jar}}
	old.c.Jar.SetCookies(mustURL(t, u), []*http.Cookie{{Name: "minehall_session", Value: "stolen-or-old"}})
	if old.signedIn() {
		t.Errorf("GET /api/account with an unknown session: signed in; want a guest")
	}
}

// "Bad input: a taken name, a short password, a wrong password (the same
// answer and the same timing for an unknown name: hash a dummy) … each
// gets a clear error and changes nothing."
func TestAccountRefusals(t *testing.T) {
	// The real cost, so that a hash's time stands out from the request's.
	ts := newAccountServer(t, server.Config{PasswordCost: account.DefaultCost})
	b := newBrowser(t, ts.URL)
	b.signUp("Ann", "correct horse")
	other := newBrowser(t, ts.URL)
	for _, tc := range []struct {
		body map[string]any
		st   int
		code game.Code
	}{
		{map[string]any{"name": "ANN", "password": "another password"}, http.StatusConflict, game.CodeConflict},
		{map[string]any{"name": "Bo", "password": "short"}, http.StatusBadRequest, game.CodeInvalid},
		{map[string]any{"name": "", "password": "long enough password"}, http.StatusBadRequest, game.CodeInvalid},
		{map[string]any{"name": "bot:easy", "password": "long enough password"}, http.StatusBadRequest, game.CodeInvalid},
		{map[string]any{"name": "Bo", "password": "long enough password", "admin": true}, http.StatusBadRequest, game.CodeInvalid},
	} {
		if st, code := other.call("POST", "/api/account/signup", tc.body, nil); st != tc.st || code != tc.code {
			t.Errorf("sign-up %v: %d %s; want %d %s", tc.body, st, code, tc.st, tc.code)
		}
	}
	if _, err := ts.db.AccountByName(context.Background(), "bo"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("a refused sign-up made account Bo: %v", err)
	}
	// A wrong password and an unknown name: one answer, one cost.
	var wrong, unknown time.Duration
	for range 3 {
		start := time.Now()
		st1, code1 := other.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "wrong password"}, nil)
		wrong += time.Since(start)
		start = time.Now()
		st2, code2 := other.call("POST", "/api/account/signin", map[string]any{"name": "Nobody", "password": "wrong password"}, nil)
		unknown += time.Since(start)
		if st1 != http.StatusUnauthorized || st1 != st2 || code1 != code2 {
			t.Fatalf("wrong password: %d %s; unknown name: %d %s; want the same 401", st1, code1, st2, code2)
		}
	}
	if unknown < wrong/3 {
		t.Errorf("an unknown name took %v, a wrong password %v: the unknown name is told apart by its time", unknown, wrong)
	}
	if other.signedIn() {
		t.Errorf("a failed sign-in signed in")
	}
}

// "A cookie-authenticated request that changes state is checked for its
// Origin and a CSRF token": a stolen cookie sent from another Origin, or
// without the token, is refused and changes nothing.
func TestCSRFAndOrigin(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	b := newBrowser(t, ts.URL)
	b.signUp("Ann", "correct horse")
	csrf := b.csrf
	try := func(what, origin, token string, want int) {
		t.Helper()
		b.origin, b.csrf = origin, token
		if st, _ := b.call("POST", "/api/account/signout", nil, nil); st != want {
			t.Errorf("sign-out %s: %d; want %d", what, st, want)
		}
	}
	try("from another site", "https://evil.example", csrf, http.StatusUnauthorized)
	try("without an Origin", "", csrf, http.StatusUnauthorized)
	try("without the CSRF token", ts.URL, "", http.StatusUnauthorized)
	try("with another session's token", ts.URL, account.CSRFToken("other"), http.StatusUnauthorized)
	b.origin, b.csrf = ts.URL, csrf
	if !b.signedIn() {
		t.Fatalf("the refused requests signed out")
	}
	// A refused table creation makes no table.
	b.origin = "https://evil.example"
	if st, _ := b.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2}, nil); st != http.StatusUnauthorized {
		t.Errorf("create a table from another site with the cookie: %d; want 401", st)
	}
	if infos, _ := ts.hall.List(context.Background(), 10); len(infos) != 0 {
		t.Errorf("a refused request made a table")
	}
	b.origin = ts.URL
	try("from the site with its token", ts.URL, csrf, http.StatusOK)
}

// "Sign-in attempts are rate-limited per name and per address."
func TestSignInRateLimit(t *testing.T) {
	ts := newAccountServer(t, server.Config{SignInsPerName: 3, SignInsPerAddress: 6})
	newBrowser(t, ts.URL).signUp("Ann", "correct horse")
	b := newBrowser(t, ts.URL)
	for i := range 3 {
		if st, _ := b.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "wrong password"}, nil); st != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d; want 401", i+1, st)
		}
	}
	// The right password too: the name's attempts are spent.
	if st, code := b.call("POST", "/api/account/signin", map[string]any{"name": "ann", "password": "correct horse"}, nil); st != http.StatusTooManyRequests || code != game.CodeLimit {
		t.Errorf("4th attempt for Ann: %d %s; want 429 limit", st, code)
	}
	// Other names from the address, until the address's limit (the
	// sign-up counted against it too).
	st1, _ := b.call("POST", "/api/account/signin", map[string]any{"name": "Bo", "password": "wrong password"}, nil)
	st2, _ := b.call("POST", "/api/account/signin", map[string]any{"name": "Cy", "password": "wrong password"}, nil)
	if st1 != http.StatusUnauthorized || st2 != http.StatusTooManyRequests {
		t.Errorf("other names: %d, %d; want 401, then 429 for the address", st1, st2)
	}
}

// "A guest who signs up keeps the seats they hold in this browser (the
// browser sends its seat tokens at sign-up)".
func TestSignUpKeepsSeats(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	b := newBrowser(t, ts.URL)
	var c struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	b.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "time_control": patient}, &c)
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	b.call("POST", "/api/tables/"+c.Table.ID+"/join", map[string]any{"name": "Ann"}, &j)
	var a accountJSON
	st, code := b.call("POST", "/api/account/signup", map[string]any{"name": "Ann", "password": "correct horse",
		"seats": []map[string]string{{"table": c.Table.ID, "token": j.Token}, {"table": c.Table.ID, "token": "forged"}}}, &a)
	if st != http.StatusCreated {
		t.Fatalf("sign-up: %d %s", st, code)
	}
	if len(a.Attached) != 2 || a.Attached[0].Seat == nil || *a.Attached[0].Seat != 0 || a.Attached[1].Error == "" {
		t.Errorf("attached = %+v; want seat 0, then an error for the forged token", a.Attached)
	}
	rec, _ := ts.db.Table(context.Background(), c.Table.ID)
	if rec.Seats[0].Account != a.ID || rec.Seats[1].Account != "" {
		t.Errorf("stored seats' accounts %q, %q; want %s and none", rec.Seats[0].Account, rec.Seats[1].Account, a.ID)
	}
}

// "Ratings per game … Only rated tables count … Each bot level has its own
// rated identity": two accounts and a bot play a rated table to its end;
// their ratings change as rating/ computes from the game's rank order, and
// the leaderboard shows all three.
func TestRatedTable(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann, bo := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	guest := newBrowser(t, ts.URL)
	body := map[string]any{"game": "goofspiel", "players": 3, "options": map[string]string{"cards": "3", "timer": "0"}, "autostart": true, "rated": true,
		"time_control": map[string]int{"move_s": 600, "bank_s": 600},
		"seats":        []map[string]any{{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}}}
	if st, code := guest.call("POST", "/api/tables", body, nil); st != http.StatusUnauthorized {
		t.Errorf("a guest makes a rated table: %d %s; want 401", st, code)
	}
	var c struct {
		Table struct {
			ID    string `json:"id"`
			Rated bool   `json:"rated"`
		} `json:"table"`
	}
	if st, code := ann.call("POST", "/api/tables", body, &c); st != http.StatusCreated || !c.Table.Rated {
		t.Fatalf("create a rated table: %d %s %+v", st, code, c)
	}
	id := c.Table.ID
	if st, _ := guest.call("POST", "/api/tables/"+id+"/join", map[string]any{"name": "Guest"}, nil); st != http.StatusUnauthorized {
		t.Errorf("a guest joins a rated table: %d; want 401", st)
	}
	tokens := map[int]string{}
	for i, b := range []*browser{ann, bo} {
		var j struct {
			Seat  int    `json:"seat"`
			Token string `json:"token"`
		}
		if st, code := b.call("POST", "/api/tables/"+id+"/join", map[string]any{"name": "ignored"}, &j); st != http.StatusOK || j.Seat != i {
			t.Fatalf("join %d: %d %s seat %d", i, st, code, j.Seat)
		}
		tokens[j.Seat] = j.Token
	}
	// Ann bids high, Bo low, over the HTTP act endpoint with seat tokens.
	order := map[int][]string{0: {"bid 3", "bid 2", "bid 1"}, 1: {"bid 1", "bid 2", "bid 3"}}
	seq := map[int]int{}
	deadline := time.Now().Add(20 * time.Second)
	var info table.Info
	for time.Now().Before(deadline) {
		ts.call(t, "GET", "/api/tables/"+id, "", &info)
		if info.Status == store.StatusFinished {
			break
		}
		for seat, moves := range order {
			for _, m := range moves {
				if st := ts.call(t, "POST", "/api/tables/"+id+"/act", tokens[seat], map[string]any{"move": m, "seq": seq[seat] + 1}); st == http.StatusOK {
					seq[seat]++
					break
				}
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	if info.Status != store.StatusFinished || info.Result == nil {
		t.Fatalf("the rated table did not finish: %+v", info)
	}
	ranks := make([]int, 3)
	for p := range ranks {
		ranks[p] = 1
		for q := range ranks {
			if info.Result.Returns[q] > info.Result.Returns[p] {
				ranks[p]++
			}
		}
	}
	d := rating.Default()
	want, _ := rating.DefaultModel().Rate([]rating.Rating{d, d, d}, ranks)
	for i, b := range []*browser{ann, bo} {
		var a accountJSON
		b.call("GET", "/api/account", nil, &a)
		if len(a.Ratings) != 1 || a.Ratings[0].Mu != want[i].Mu || a.Ratings[0].Sigma != want[i].Sigma || a.Ratings[0].Games != 1 {
			t.Errorf("%s's ratings %+v; want goofspiel %v after 1 game", a.Name, a.Ratings, want[i])
		}
		if len(a.Games) != 1 || a.Games[0].Table != id || !a.Games[0].Rated || a.Games[0].Rank != ranks[i] || a.Games[0].Replay != "/replay/"+id {
			t.Errorf("%s's games %+v; want the rated table, rank %d", a.Name, a.Games, ranks[i])
		}
	}
	// After one game Ann's and Bo's ratings are provisional: the people's
	// leaderboard lists neither; the bot stands on its own list.
	type row struct {
		Name        string  `json:"name"`
		Bot         bool    `json:"bot"`
		Mu          float64 `json:"mu"`
		Rating      int     `json:"rating"`
		Provisional bool    `json:"provisional"`
	}
	var board struct {
		Players []row `json:"players"`
		Bots    []row `json:"bots"`
	}
	guest.call("GET", "/api/leaderboard/goofspiel", nil, &board)
	wantBot := row{Name: "bot:random", Bot: true, Mu: want[2].Mu, Rating: rating.Show(want[2]).Rating, Provisional: true}
	if len(board.Players) != 0 || !slices.Equal(board.Bots, []row{wantBot}) {
		t.Errorf("leaderboard %+v; want no people, bots %+v", board, wantBot)
	}
	// The public profile of an account and of a bot level.
	var prof struct {
		Name    string                       `json:"name"`
		History map[string][]json.RawMessage `json:"history"`
	}
	if st, _ := guest.call("GET", "/api/players/ann", nil, &prof); st != http.StatusOK || prof.Name != "Ann" || len(prof.History["goofspiel"]) != 2 {
		t.Errorf("profile of ann: %d %+v", st, prof)
	}
	if st, _ := guest.call("GET", "/api/players/bot:random", nil, nil); st != http.StatusOK {
		t.Errorf("profile of bot:random: %d", st)
	}
	if st, _ := guest.call("GET", "/api/players/nobody", nil, nil); st != http.StatusNotFound {
		t.Errorf("profile of nobody: %d; want 404", st)
	}
	// Recording again (a restart, a takeover) changes nothing.
	rec, _ := ts.db.Table(context.Background(), id)
	if added, err := account.NewRecorder(ts.db, ts.db, registry(), nil).Record(context.Background(), rec); added || err != nil {
		t.Errorf("recording the table again: %v, %v; want false, nil", added, err)
	}
}

// call is a token-authenticated request without cookies, as a program
// driving a seat sends it; it returns the status.
func (ts *accountServer) call(t *testing.T, method, path, token string, out any) int {
	t.Helper()
	var body any
	if m, ok := out.(map[string]any); ok {
		body, out = m, nil
	}
	st, _ := do(t, ts.URL, method, path, token, body, out)
	return st
}

func mustURL(t *testing.T, s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// "A player who leaves loses": Bo leaves a rated table after two of his
// three moves; the stand-in plays his last and he ranks last, whatever the
// stand-in scored.
func TestRatedTableStandInLoses(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann, bo := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	body := map[string]any{"game": "goofspiel", "players": 3, "options": map[string]string{"cards": "3", "timer": "0"}, "autostart": true, "rated": true,
		"time_control": map[string]int{"move_s": 600, "bank_s": 600}, "stand_in": "random",
		"seats": []map[string]any{{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}}}
	var c struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	ann.call("POST", "/api/tables", body, &c)
	id := c.Table.ID
	var tokens [2]string
	for i, b := range []*browser{ann, bo} {
		var j struct {
			Token string `json:"token"`
		}
		b.call("POST", "/api/tables/"+id+"/join", map[string]any{"name": "x"}, &j)
		tokens[i] = j.Token
	}
	// Bo bids twice, then leaves: the stand-in plays his last bid.
	seq := [2]int{}
	var info table.Info
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		ts.call(t, "GET", "/api/tables/"+id, "", &info)
		if info.Status == store.StatusFinished {
			break
		}
		for seat := range 2 {
			if seat == 1 && seq[1] == 2 {
				if st := ts.call(t, "POST", "/api/tables/"+id+"/leave", tokens[1], map[string]any{}); st != http.StatusOK && st != http.StatusConflict {
					t.Fatalf("Bo leaves: %d", st)
				}
				continue
			}
			for _, m := range []string{"bid 1", "bid 2", "bid 3"} {
				if ts.call(t, "POST", "/api/tables/"+id+"/act", tokens[seat], map[string]any{"move": m, "seq": seq[seat] + 1}) == http.StatusOK {
					seq[seat]++
					break
				}
			}
		}
	}
	if info.Status != store.StatusFinished || info.Result == nil {
		t.Fatalf("the table did not finish: %+v", info)
	}
	// The ranks of the two who stayed, by return; Bo below both.
	ranks := []int{1, 0, 1}
	if info.Result.Returns[0] < info.Result.Returns[2] {
		ranks[0] = 2
	} else if info.Result.Returns[0] > info.Result.Returns[2] {
		ranks[2] = 2
	}
	ranks[1] = max(ranks[0], ranks[2]) + 1
	var a accountJSON
	bo.call("GET", "/api/account", nil, &a)
	if len(a.Games) != 1 || a.Games[0].Rank != ranks[1] {
		t.Fatalf("Bo's games %+v; want one, ranked %d, below the others", a.Games, ranks[1])
	}
	d := rating.Default()
	want, _ := rating.DefaultModel().Rate([]rating.Rating{d, d, d}, ranks)
	if len(a.Ratings) != 1 || a.Ratings[0].Mu != want[1].Mu || a.Ratings[0].Mu >= d.Mu {
		t.Errorf("Bo's rating %+v; want μ %v, below the start", a.Ratings, want[1].Mu)
	}
}

// Passkey ceremonies refuse bad input and change nothing: a taken name, an
// unknown or reused ceremony, a sign-in that names an account.
func TestPasskeyRefusals(t *testing.T) {
	// An IP address cannot be a relying party: the server says so.
	ip := newBrowser(t, newAccountServer(t, server.Config{}).URL)
	if st, code := ip.call("POST", "/api/account/passkey/signin/begin", map[string]any{}, nil); st != http.StatusBadRequest || code != game.CodeInvalid {
		t.Errorf("passkeys at 127.0.0.1: %d %s; want 400 invalid", st, code)
	}
	ts := newAccountServer(t, server.Config{PublicURL: "http://localhost:8080"})
	b := newBrowser(t, ts.URL)
	b.signUp("Ann", "correct horse")
	g := newBrowser(t, ts.URL)
	if st, code := g.call("POST", "/api/account/passkey/signup/begin", map[string]any{"name": "ann"}, nil); st != http.StatusConflict {
		t.Errorf("passkey sign-up under a taken name: %d %s; want 409", st, code)
	}
	var begun struct {
		Ceremony string         `json:"ceremony"`
		Options  map[string]any `json:"options"`
	}
	if st, code := g.call("POST", "/api/account/passkey/signup/begin", map[string]any{"name": "Bo"}, &begun); st != http.StatusOK || begun.Ceremony == "" || begun.Options["publicKey"] == nil {
		t.Fatalf("passkey sign-up begin: %d %s %+v", st, code, begun)
	}
	// A forged answer is refused, and the ceremony is spent.
	forged := map[string]any{"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": map[string]string{"clientDataJSON": "e30", "attestationObject": "oA"}}
	for i := range 2 {
		if st, _ := g.call("POST", "/api/account/passkey/signup/finish?ceremony="+begun.Ceremony, forged, nil); st != http.StatusUnauthorized {
			t.Errorf("forged passkey answer %d: %d; want 401", i+1, st)
		}
	}
	if _, err := ts.db.AccountByName(context.Background(), "bo"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("a refused passkey sign-up made the account: %v", err)
	}
	if st, _ := g.call("POST", "/api/account/passkey/signin/finish?ceremony=nope", forged, nil); st != http.StatusUnauthorized {
		t.Errorf("an unknown ceremony: %d; want 401", st)
	}
	if st, _ := g.call("POST", "/api/account/passkey/signin/begin", map[string]any{"name": "Ann"}, nil); st != http.StatusBadRequest {
		t.Errorf("a passkey sign-in naming an account: %d; want 400", st)
	}
	var in struct {
		Options struct {
			PublicKey struct {
				RPID      string `json:"rpId"`
				Challenge string `json:"challenge"`
			} `json:"publicKey"`
		} `json:"options"`
	}
	g.call("POST", "/api/account/passkey/signin/begin", map[string]any{}, &in)
	if in.Options.PublicKey.RPID != "localhost" || in.Options.PublicKey.Challenge == "" {
		t.Errorf("sign-in options %+v; want the public URL's host as the relying party and a challenge", in.Options.PublicKey)
	}
}

// Without an accounts store, the account routes are not_found and
// everyone is a guest.
func TestNoAccounts(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	var guest struct {
		SignedIn bool `json:"signed_in"`
		Accounts bool `json:"accounts"`
	}
	if st, _ := do(t, ts.URL, "GET", "/api/account", "", nil, &guest); st != http.StatusOK || guest.SignedIn || guest.Accounts {
		t.Errorf("GET /api/account without accounts: %d %+v; want 200, not signed in, no accounts", st, guest)
	}
	if st, _ := do(t, ts.URL, "POST", "/api/account/signup", "", map[string]string{"name": "Ann", "password": "correct horse"}, nil); st != http.StatusNotFound {
		t.Errorf("sign-up without accounts: %d; want 404", st)
	}
}
