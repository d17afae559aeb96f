package server_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/table"
)

// "An oversized body is 413, not 429": a body beyond the API's 64 KiB is
// refused with 413, code limit and a message saying so, and makes
// nothing.
func TestOversizedBodyIs413(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	big := map[string]any{"game": "connectfour", "players": 2, "options": map[string]string{"x": strings.Repeat("a", 70<<10)}}
	st, _, eb := post(t, ts.URL+"/api/tables", nil, big, nil)
	if st != http.StatusRequestEntityTooLarge || eb.Code != game.CodeLimit || !strings.Contains(eb.Message, "larger than") {
		t.Errorf("a 70 KiB body: %d %+v; want 413, code limit, saying it is too large", st, eb)
	}
	if infos, _ := ts.hall.List(context.Background(), 10); len(infos) != 0 {
		t.Errorf("the refused body made %d tables", len(infos))
	}
}

// "A create refused as invalid does not use up the create quota": with a
// quota of 2 creates a minute, five invalid creates, then two sound ones
// are all answered for what they are.
func TestInvalidCreateUsesNoQuota(t *testing.T) {
	ts := newTestServer(t, server.Config{Limits: &server.Limits{Creates: 2}})
	for i, bad := range []map[string]any{
		{"game": "nosuchgame", "players": 2},
		{"game": "connectfour", "players": 9},
		{"game": "connectfour", "players": 2, "options": map[string]string{"nosuch": "1"}},
		{"game": "connectfour", "players": 2, "seats": []map[string]any{{"kind": "bot", "bot": "nosuch"}}},
		{"game": "connectfour", "players": 2, "time_control": map[string]any{"move_s": -5}},
	} {
		if st, _, eb := post(t, ts.URL+"/api/tables", nil, bad, nil); st != http.StatusBadRequest && st != http.StatusNotFound {
			t.Errorf("invalid create %d %v: %d %+v; want 400 or 404", i+1, bad, st, eb)
		}
	}
	for i := range 2 {
		if st, _, eb := post(t, ts.URL+"/api/tables", nil, connectFour, nil); st != http.StatusCreated {
			t.Errorf("sound create %d after the invalid ones: %d %+v; want 201", i+1, st, eb)
		}
	}
}

// fullDisk is an accounts store whose disk is full: every write fails as
// the SQLite store's does then (see store/sqlite's TestDiskFullIsUnavailable).
type fullDisk struct{ store.Accounts }

func (fullDisk) CreateAccount(context.Context, *store.Account) error {
	return game.Errorf(game.CodeUnavailable, "the server's disk is full, so nothing was saved; try again later")
}

// "A full disk is 503 with the reason, not 500 internal".
func TestFullDiskIs503(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	full := newAccountServer(t, server.Config{Accounts: fullDisk{ts.db}})
	st, retry, eb := post(t, full.URL+"/api/account/signup", nil, map[string]any{"name": "Ann", "password": "correct horse"}, nil)
	if st != http.StatusServiceUnavailable || retry == "" || eb.Code != game.CodeUnavailable || !strings.Contains(eb.Message, "disk is full") {
		t.Errorf("sign-up on a full disk: %d, Retry-After %q, %+v; want 503 with a Retry-After, code unavailable, saying the disk is full", st, retry, eb)
	}
}

// "Client disconnects are not logged at ERROR": a signed-in request whose
// client went away while the server read its session is logged at DEBUG
// only.
func TestClientDisconnectNotLoggedAsError(t *testing.T) {
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ts := newAccountServer(t, server.Config{Logger: log})
	b := newBrowser(t, ts.URL)
	b.signUp("Ann", "correct horse")
	var session *http.Cookie
	for _, c := range b.c.Jar.Cookies(mustURL(t, ts.URL+"/")) {
		if c.Name == "minehall_session" {
			session = c
		}
	}
	if session == nil {
		t.Fatal("no session cookie after sign-up")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the client has gone
	req := httptest.NewRequest("GET", "/api/account", nil).WithContext(ctx)
	req.AddCookie(session)
	ts.Config.Handler.ServeHTTP(httptest.NewRecorder(), req)
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a client's disconnect was logged at ERROR:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), "request ended by its client") {
		t.Errorf("the disconnect was not logged at DEBUG:\n%s", logs.String())
	}
}

// "Absurd numbers (NaN, ±1e308) anywhere a number is read: refused with a
// clear message, changing nothing", over HTTP and the WebSocket: a player
// count, a time control and an action's seq of ±1e308 are each refused
// as invalid with a message naming the field; the table's game goes on
// from where it was (NaN is not JSON: a body holding it is refused as
// such).
func TestAbsurdNumbersRefused(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	for _, body := range []string{
		`{"game": "connectfour", "players": 1e308}`,
		`{"game": "connectfour", "players": -1e308}`,
		`{"game": "connectfour", "players": 2, "time_control": {"move_s": 1e308}}`,
		`{"game": "connectfour", "players": 2, "time_control": {"move_s": NaN}}`,
	} {
		st, eb := do(t, ts.URL, "POST", "/api/tables", "", body, nil)
		if st != http.StatusBadRequest || eb.Code != game.CodeInvalid || eb.Message == "" {
			t.Errorf("create %s: %d %+v; want 400 invalid with a message", body, st, eb)
		}
	}
	if infos, _ := ts.hall.List(context.Background(), 10); len(infos) != 0 {
		t.Errorf("the refused creates made %d tables", len(infos))
	}
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, TimeControl: patient})
	st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/act", tokens[0], `{"move": "d", "seq": 1e308}`, nil)
	if st != http.StatusBadRequest || eb.Code != game.CodeInvalid || !strings.Contains(eb.Message, "seq") {
		t.Errorf("act over HTTP with seq 1e308: %d %+v; want 400 invalid naming seq", st, eb)
	}
	cl := dial(t, ts.URL, id, tokens[0], 0, nil)
	cl.sendRaw(`{"type": "act", "move": "d", "seq": -1e308}`)
	if f := cl.next("error", "ack"); f.Type != "error" || f.Code != game.CodeInvalid || !strings.Contains(f.Message, "seq") {
		t.Errorf("act over the WebSocket with seq -1e308: %+v; want an invalid error naming seq", f)
	}
	cl.act("d")
	if f := cl.next("ack", "error"); f.Type != "ack" || f.N != 1 {
		t.Errorf("the first action after the refusals: %s; want ack n=1 (nothing changed)", f.raw)
	}
}
