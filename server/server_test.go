package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/table"
)

func TestWholeGameBetweenTwoClients(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	sink := make(chan frame, 4096)
	clients := []*client{dial(t, ts.URL, id, tokens[0], 0, sink), dial(t, ts.URL, id, tokens[1], 1, sink)}
	rng := game.NewRand(1)
	frames := playOut(t, clients, sink, &rng)

	last := map[int]int64{}
	acks := 0
	for _, f := range frames {
		switch f.Type {
		case "state":
			last[f.from] = f.N
		case "update":
			if f.N != last[f.from]+1 {
				t.Errorf("client %d: update %d follows %d; want consecutive numbers", f.from, f.N, last[f.from])
			}
			last[f.from] = f.N
			if f.Move == "" {
				t.Errorf("client %d: update %d of a perfect-information game has no move", f.from, f.N)
			}
		case "ack":
			acks++
		}
	}
	var rec game.Record
	if st, eb := do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec); st != http.StatusOK {
		t.Fatalf("record: status %d %+v; want 200", st, eb)
	}
	if _, err := game.Verify(ts.reg, &rec); err != nil {
		t.Errorf("the downloaded record does not verify: %v", err)
	}
	if acks != len(rec.Actions) {
		t.Errorf("got %d acks; want one per recorded action (%d)", acks, len(rec.Actions))
	}
	_, metrics := get(t, ts.admin.URL+"/metrics")
	for _, want := range []string{
		"minehall_connections 2",
		fmt.Sprintf(`minehall_actions_total{game="connectfour",outcome="accepted"} %d`, acks),
		fmt.Sprintf("minehall_action_seconds_count %d", acks),
		`minehall_action_seconds_bucket{le="+Inf"}`,
		fmt.Sprintf("minehall_table_actions_total %d", len(rec.Actions)),
		"minehall_frames_sent_total ",
		"go_goroutines ",
		"go_memstats_heap_inuse_bytes ",
		"go_gc_duration_seconds",
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics has no %q:\n%s", want, metrics)
		}
	}
	var infos []table.Info
	do(t, ts.URL, "GET", "/api/tables?status=finished", "", nil, &infos)
	if len(infos) != 1 || infos[0].ID != id || infos[0].Result == nil {
		t.Errorf("finished tables: got %+v; want table %s with its result", infos, id)
	}
}

func TestReconnectAndResynchronise(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	a := dial(t, ts.URL, id, tokens[0], 0, nil)
	b := dial(t, ts.URL, id, tokens[1], 1, nil)
	if f := a.next("state"); f.N != 0 || f.You == nil || *f.You != 0 || len(f.Legal) == 0 {
		t.Fatalf("first frame for seat 0: got %s; want the whole state at n=0 with legal moves", f.raw)
	}
	b.next("state")
	a.act("a")
	if f := a.next("ack"); f.N != 1 || f.Seq != 1 {
		t.Fatalf("ack: got %s; want seq 1, n 1", f.raw)
	}
	b.next("update")
	b.act("b")
	b.next("ack")
	b.c.Close(websocket.StatusNormalClosure, "")
	a.act("c")
	a.next("ack")

	// Seat 1 comes back: the whole state, then play goes on.
	b2 := dial(t, ts.URL, id, tokens[1], 1, nil)
	f := b2.next("state")
	if f.N != 3 || *f.You != 1 || len(f.Legal) == 0 {
		t.Fatalf("state after reconnect: got %s; want n=3 for seat 1 with legal moves", f.raw)
	}
	b2.seq = 1
	// An action resent with an old sequence number is refused, not replayed.
	b2.send(map[string]any{"type": "act", "seq": 1, "move": "b"})
	if e := b2.next("error"); e.Code != game.CodeConflict || e.Seq != 1 {
		t.Errorf("resent seq 1: got %s; want a conflict error for seq 1", e.raw)
	}
	b2.act("d")
	if f := b2.next("ack"); f.N != 4 {
		t.Errorf("ack after reconnect: got %s; want n=4", f.raw)
	}
	// A client that thinks it missed an update asks for the whole state.
	a.send(map[string]any{"type": "sync"})
	if f := a.next("state"); f.N != 4 {
		t.Errorf("state after sync: got %s; want n=4", f.raw)
	}
}

func TestRefusals(t *testing.T) {
	ts := newTestServer(t, server.Config{MaxMessage: 512, Rate: 5, Burst: 5})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	a := dial(t, ts.URL, id, tokens[0], 0, nil)
	a.next("state")
	tests := []struct {
		name  string
		frame string
		code  game.Code
	}{
		{"ErrMalformedJSON", `{"type":"act",`, game.CodeInvalid},
		{"ErrUnknownField", `{"type":"act","seq":1,"move":"a","cheat":true}`, game.CodeInvalid},
		{"ErrUnknownType", `{"type":"dance"}`, game.CodeInvalid},
		{"ErrBadNotation", `{"type":"act","seq":1,"move":"z"}`, game.CodeInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a.sendRaw(tc.frame)
			if f := a.next("error"); f.Code != tc.code {
				t.Errorf("frame %s: got %s; want code %s", tc.frame, f.raw, tc.code)
			}
		})
	}
	time.Sleep(time.Second) // refill the rate limit (5 per second)
	t.Run("ErrNotYourTurn", func(t *testing.T) {
		b := dial(t, ts.URL, id, tokens[1], 1, nil)
		b.next("state")
		b.send(map[string]any{"type": "act", "seq": 1, "move": "a"})
		if f := b.next("error"); f.Code != game.CodeNotYourTurn {
			t.Errorf("seat 1 moving first: got %s; want not_your_turn", f.raw)
		}
	})
	t.Run("ErrIllegal", func(t *testing.T) {
		b := dial(t, ts.URL, id, tokens[1], 1, nil)
		b.next("state")
		for i := range 6 {
			cl, seq := a, int64(i/2+1)
			if i%2 == 1 {
				cl = b
			}
			cl.send(map[string]any{"type": "act", "seq": seq, "move": "a"})
			cl.next("ack")
		}
		time.Sleep(time.Second)
		a.send(map[string]any{"type": "act", "seq": 4, "move": "a"})
		if f := a.next("error"); f.Code != game.CodeIllegal || f.Seq != 4 {
			t.Errorf("dropping into a full column: got %s; want illegal for seq 4", f.raw)
		}
	})
	t.Run("ErrSpectatorActs", func(t *testing.T) {
		s := dial(t, ts.URL, id, "", 2, nil)
		if f := s.next("state"); *f.You != game.Spectator || f.Legal != nil {
			t.Errorf("spectator state: got %s; want you=-3 and no legal moves", f.raw)
		}
		s.send(map[string]any{"type": "act", "seq": 1, "move": "b"})
		if f := s.next("error"); f.Code != game.CodeUnauthorized {
			t.Errorf("spectator acting: got %s; want unauthorized", f.raw)
		}
	})
	t.Run("ErrWrongToken", func(t *testing.T) {
		c := dial(t, ts.URL, id, strings.Repeat("ab", 16), 3, nil)
		if f := c.next("error"); f.Code != game.CodeUnauthorized {
			t.Errorf("wrong token: got %s; want unauthorized", f.raw)
		}
		if st := c.waitClosed(); st != websocket.StatusPolicyViolation {
			t.Errorf("wrong token: closed with %v; want policy violation", st)
		}
	})
	t.Run("ErrNoHello", func(t *testing.T) {
		ctx := context.Background()
		c, _, err := websocket.Dial(ctx, wsURL(ts.URL, id), nil)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		defer c.CloseNow()
		cl := &client{t: t, c: c, frames: make(chan frame, 16), closed: make(chan error, 1)}
		go cl.read()
		cl.send(map[string]any{"type": "act", "seq": 1, "move": "a"})
		if f := cl.next("error"); f.Code != game.CodeInvalid {
			t.Errorf("act before hello: got %s; want invalid", f.raw)
		}
		cl.waitClosed()
	})
	t.Run("ErrTooLarge", func(t *testing.T) {
		c := dial(t, ts.URL, id, tokens[0], 4, nil)
		c.next("state")
		c.sendRaw(`{"type":"act","seq":99,"move":"` + strings.Repeat("x", 600) + `"}`)
		if st := c.waitClosed(); st != websocket.StatusMessageTooBig {
			t.Errorf("oversized frame: closed with %v; want message too big", st)
		}
	})
	t.Run("ErrFlood", func(t *testing.T) {
		c := dial(t, ts.URL, id, "", 5, nil)
		c.next("state")
		limited := false
		for range 30 {
			// The server may close the connection before the last ones.
			if c.c.Write(context.Background(), websocket.MessageText, []byte(`{"type":"sync"}`)) != nil {
				break
			}
		}
		for {
			select {
			case f := <-c.frames:
				if f.Type == "error" && f.Code == game.CodeLimit {
					limited = true
				}
				continue
			case err := <-c.closed:
				for len(c.frames) > 0 {
					if f := <-c.frames; f.Type == "error" && f.Code == game.CodeLimit {
						limited = true
					}
				}
				if st := websocket.CloseStatus(err); st != websocket.StatusPolicyViolation {
					t.Errorf("flood: closed with %v; want policy violation", st)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("a flooding connection was not closed")
			}
			break
		}
		if !limited {
			t.Errorf("flood: no limit error frame before the close")
		}
	})
	t.Run("ErrForeignOrigin", func(t *testing.T) {
		h := http.Header{"Origin": {"https://evil.example"}}
		_, resp, err := websocket.Dial(context.Background(), wsURL(ts.URL, id), &websocket.DialOptions{HTTPHeader: h})
		if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Errorf("foreign origin: got %v (response %v); want 403", err, resp)
		}
	})
	t.Run("ErrUnknownTable", func(t *testing.T) {
		_, resp, err := websocket.Dial(context.Background(), wsURL(ts.URL, "nope"), nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusNotFound {
			t.Errorf("unknown table: got %v; want 404", err)
		}
	})
}

func TestAllowedOrigin(t *testing.T) {
	ts := newTestServer(t, server.Config{AllowedOrigins: []string{"play.example.org"}})
	id, _, _ := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2})
	h := http.Header{"Origin": {"https://play.example.org"}}
	c, _, err := websocket.Dial(context.Background(), wsURL(ts.URL, id), &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("allowed origin refused: %v", err)
	}
	c.CloseNow()
}

func TestHTTPAPI(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	var c created
	st, _ := do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient,
		Seats: []table.SeatRequest{{Kind: store.SeatPerson}, {Kind: store.SeatBot, Bot: "random"}}}, &c)
	if st != http.StatusCreated {
		t.Fatalf("create: status %d; want 201", st)
	}
	id := c.Table.ID
	tests := []struct {
		name, method, path, token string
		body                      any
		status                    int
		code                      game.Code
	}{
		{"ErrUnknownGame", "POST", "/api/tables", "", table.CreateRequest{Game: "chess", Players: 2}, 404, game.CodeNotFound},
		{"ErrPlayers", "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 3}, 400, game.CodeInvalid},
		{"ErrOption", "POST", "/api/tables", "", table.CreateRequest{Game: "goofspiel", Players: 2, Options: game.Options{"cards": "99"}}, 400, game.CodeInvalid},
		{"ErrBotName", "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, Seats: []table.SeatRequest{{Kind: "bot", Bot: "genius"}, {Kind: "person"}}}, 400, game.CodeInvalid},
		{"ErrBody", "POST", "/api/tables", "", `{"game":`, 400, game.CodeInvalid},
		{"ErrUnknownField", "POST", "/api/tables", "", `{"game":"connectfour","players":2,"seed":1}`, 400, game.CodeInvalid},
		{"ErrNoTable", "GET", "/api/tables/nope", "", nil, 404, game.CodeNotFound},
		{"ErrStartNoToken", "POST", "/api/tables/" + id + "/start", "", nil, 401, game.CodeUnauthorized},
		{"ErrStartFreeSeat", "POST", "/api/tables/" + id + "/start", c.OwnerToken, nil, 409, game.CodeConflict},
		{"ErrJoinBotSeat", "POST", "/api/tables/" + id + "/join", "", map[string]any{"name": "Ann", "seat": 1}, 409, game.CodeConflict},
		{"ErrJoinNoName", "POST", "/api/tables/" + id + "/join", "", map[string]any{"name": ""}, 400, game.CodeInvalid},
		{"ErrRecordUnfinished", "GET", "/api/tables/" + id + "/record", "", nil, 409, game.CodeConflict},
		{"ErrRematchUnfinished", "POST", "/api/tables/" + id + "/rematch", c.OwnerToken, nil, 409, game.CodeConflict},
		{"ErrListStatus", "GET", "/api/tables?status=lost", "", nil, 400, game.CodeInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, eb := do(t, ts.URL, tc.method, tc.path, tc.token, tc.body, nil)
			if st != tc.status || eb.Code != tc.code || eb.Message == "" {
				t.Errorf("%s %s: got %d %+v; want %d with code %s and a message", tc.method, tc.path, st, eb, tc.status, tc.code)
			}
		})
	}
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info)
	raw, _ := json.Marshal(info)
	if strings.Contains(string(raw), "seed") || strings.Contains(string(raw), "hash") {
		t.Errorf("table info %s names a seed or a hash", raw)
	}
	var games []map[string]any
	do(t, ts.URL, "GET", "/api/games", "", nil, &games)
	if want := len(ts.reg.Games()); len(games) != want {
		t.Errorf("/api/games: got %d games; want %d", len(games), want)
	}
	for path, want := range map[string]string{
		"/":              "Connect Four",
		"/healthz":       `"ok"`,
		"/readyz":        `"ready"`,
		"admin /metrics": `minehall_tables{game="connectfour",status="open"} 1`,
	} {
		url := ts.URL + path
		if p, ok := strings.CutPrefix(path, "admin "); ok {
			url = ts.admin.URL + p
		}
		resp, err := http.Get(url)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: status %d, body without %q:\n%s", path, resp.StatusCode, want, b)
		}
	}
}

func TestBotTableAndRematch(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	var c created
	do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatBot}, {Kind: store.SeatBot}}}, &c)
	s := dial(t, ts.URL, c.Table.ID, "", 0, nil)
	for f := s.next("state", "update", "table"); f.Status != "finished"; f = s.next("state", "update", "table") {
	}
	var re created
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+c.Table.ID+"/rematch", c.OwnerToken, nil, &re); st != http.StatusCreated {
		t.Fatalf("rematch: %d %+v; want 201", st, eb)
	}
	if f := s.next("table"); f.Table == nil || f.Table.Rematch != re.Table.ID {
		t.Errorf("spectator of the old table: got %s; want a table frame naming rematch %s", f.raw, re.Table.ID)
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+c.Table.ID+"/rematch", c.OwnerToken, nil, nil); st != 409 {
		t.Errorf("second rematch: got %d %+v; want 409", st, eb)
	}
	// Two bots without a pace may finish the rematch before it is answered.
	if re.Table.RematchOf != c.Table.ID || re.Table.Status == store.StatusOpen {
		t.Errorf("rematch table: got %+v; want a started rematch of %s", re.Table, c.Table.ID)
	}
}

// TestHiddenInformationNeverLeaks plays High Card games over WebSocket and
// scans every frame: before a showdown no seat sees the other's card, no
// frame names a dealt card, and no frame carries the seed.
func TestHiddenInformationNeverLeaks(t *testing.T) {
	ts := newTestServer(t, server.Config{Limits: &server.Limits{}}) // 12 tables and 36 connections from one address
	rng := game.NewRand(7)
	for g := range 12 {
		id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "highcard", Players: 2, AutoStart: true})
		sink := make(chan frame, 1024)
		clients := []*client{dial(t, ts.URL, id, tokens[0], 0, sink), dial(t, ts.URL, id, tokens[1], 1, sink)}
		spec := dial(t, ts.URL, id, "", 2, sink)
		frames := playOut(t, append(clients, spec), sink, &rng)
		var rec game.Record
		if st, eb := do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec); st != 200 || rec.Seed == 0 {
			t.Fatalf("record: status %d %+v, seed %d; want 200 and a seed", st, eb, rec.Seed)
		}
		seed := strconv.FormatUint(rec.Seed, 10)
		for _, f := range frames {
			if strings.Contains(f.raw, seed) || strings.Contains(strings.ToLower(f.raw), "seed") {
				t.Errorf("game %d: frame to client %d carries the seed: %s", g, f.from, f.raw)
			}
			if strings.Contains(f.raw, "deal") {
				t.Errorf("game %d: frame to client %d names a deal: %s", g, f.from, f.raw)
			}
			if len(f.View) == 0 {
				continue
			}
			var v struct {
				Cards   [2]int8 `json:"cards"`
				History string  `json:"history"`
			}
			json.Unmarshal(f.View, &v)
			showdown := f.Status == "finished" && (v.History == "pp" || v.History == "bb" || v.History == "pbb")
			for q := range 2 {
				if q != f.from && v.Cards[q] != 0 && !showdown {
					t.Errorf("game %d: client %d sees card %d of seat %d before a showdown: %s", g, f.from, v.Cards[q], q, f.raw)
				}
			}
		}
	}
}
