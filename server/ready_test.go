package server_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/server"
	"minehall/table"
)

// syncBuffer is a log destination safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestReadyFollowsTheDatabase makes the real SQLite file of a serving
// server read-only (the store's read-only mode, SQLite's query_only) and
// writable again: /readyz says 503 with the reason while it is, and 200
// before and after; /healthz says 200 throughout; the change is logged
// once each way, however often /readyz is asked.
func TestReadyFollowsTheDatabase(t *testing.T) {
	var logs syncBuffer
	ts := newTestServer(t, server.Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	ready := func() (int, string) {
		t.Helper()
		time.Sleep(1100 * time.Millisecond) // past the second a verdict is reused
		return get(t, ts.URL+"/readyz")
	}
	if st, body := ready(); st != http.StatusOK || !strings.Contains(body, `"ready"`) {
		t.Fatalf("/readyz of a writable database: %d %s; want 200 ready", st, body)
	}
	ctx := context.Background()
	if err := ts.db.SetReadOnly(ctx, true); err != nil {
		t.Fatalf("SetReadOnly: %v", err)
	}
	for i := range 3 {
		st, body := ready()
		if st != http.StatusServiceUnavailable || !strings.Contains(body, `"not ready"`) || !strings.Contains(body, "store: ") || !strings.Contains(body, "readonly") {
			t.Errorf("/readyz %d of a read-only database: %d %s; want 503 with the store's reason", i+1, st, body)
		}
		if st, _ := get(t, ts.URL+"/healthz"); st != http.StatusOK {
			t.Errorf("/healthz of a read-only database: %d; want 200: the process lives", st)
		}
	}
	if st, _ := do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient}, nil); st != http.StatusInternalServerError {
		t.Errorf("create on a read-only database: %d; want 500", st)
	}
	if err := ts.db.SetReadOnly(ctx, false); err != nil {
		t.Fatalf("SetReadOnly(false): %v", err)
	}
	for i := range 2 {
		if st, body := ready(); st != http.StatusOK {
			t.Errorf("/readyz %d once writable again: %d %s; want 200", i+1, st, body)
		}
	}
	out := logs.String()
	if n := strings.Count(out, `msg="not ready"`); n != 1 {
		t.Errorf(`"not ready" logged %d times over 3 failing probes; want once:%s`, n, out)
	}
	if n := strings.Count(out, `msg="ready again"`); n != 1 {
		t.Errorf(`"ready again" logged %d times; want once:%s`, n, out)
	}
	if st, _ := do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient}, nil); st != http.StatusCreated {
		t.Errorf("create once writable again: %d; want 201", st)
	}
}

// TestReadyWhileShuttingDown: both checks say 503 once the server shuts
// down.
func TestReadyWhileShuttingDown(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ts.srv.Shutdown(ctx)
	if st, body := get(t, ts.URL+"/readyz"); st != http.StatusServiceUnavailable || !strings.Contains(body, "shutting down") {
		t.Errorf("/readyz while shutting down: %d %s; want 503", st, body)
	}
}

// TestAdminHandler: metrics by game and the profiler are served by the
// admin handler, and not on the public address.
func TestAdminHandler(t *testing.T) {
	ts := newTestServer(t, server.Config{Limits: &server.Limits{Creates: 3}})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	createTable(t, ts.URL, table.CreateRequest{Game: "goofspiel", Players: 3})
	do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "goofspiel", Players: 2, TimeControl: patient}, nil)
	do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "goofspiel", Players: 2, TimeControl: patient}, nil) // refused: the 4th
	a := dial(t, ts.URL, id, tokens[0], 0, nil)
	a.next("state")
	a.act("d")
	a.next("ack")
	a.send(map[string]any{"type": "act", "seq": 2, "move": "d"}) // not its turn
	a.next("error")
	_, metrics := get(t, ts.admin.URL+"/metrics")
	for _, want := range []string{
		`minehall_tables{game="connectfour",status="playing"} 1`,
		`minehall_tables{game="goofspiel",status="open"} 2`,
		`minehall_actions_total{game="connectfour",outcome="accepted"} 1`,
		`minehall_actions_total{game="connectfour",outcome="not_your_turn"} 1`,
		`minehall_limited_total{limit="creates"} 1`,
		"minehall_bots_thinking 0",
		"minehall_bots_waiting 0",
		"minehall_table_actions_total 1",
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("admin /metrics has no %q:\n%s", want, metrics)
		}
	}
	if st, body := get(t, ts.admin.URL+"/debug/pprof/"); st != http.StatusOK || !strings.Contains(body, "goroutine") {
		t.Errorf("admin /debug/pprof/: %d; want 200 with the profiles", st)
	}
	if st, body := get(t, ts.admin.URL+"/debug/pprof/goroutine?debug=1"); st != http.StatusOK || !strings.Contains(body, "goroutine profile") {
		t.Errorf("admin goroutine profile: %d %.80s; want 200", st, body)
	}
	for _, path := range []string{"/metrics", "/debug/pprof/", "/debug/pprof/goroutine?debug=1"} {
		if st, body := get(t, ts.URL+path); st != http.StatusNotFound || strings.Contains(body, "minehall_") || strings.Contains(body, "goroutine") {
			t.Errorf("public %s: %d; want 404 without metrics or profiles", path, st)
		}
	}
}
