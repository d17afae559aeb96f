package server_test

import (
	"net/http"
	"strings"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/table"
)

// A page that hides says "away", one that shows again "online", and the
// other players hear it in a table frame; a spectator's page does not
// count.
func TestPresenceFrames(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	ann.send(map[string]any{"type": "presence", "state": "away"})
	for {
		f := bo.next("table")
		if f.Table.Seats[0].Presence == table.PresenceAway {
			break
		}
	}
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info)
	if info.Seats[0].Presence != table.PresenceAway || info.Seats[1].Presence != table.PresenceOnline {
		t.Fatalf("GET table: presence %s, %s; want away, online", info.Seats[0].Presence, info.Seats[1].Presence)
	}
	ann.send(map[string]any{"type": "presence", "state": "asleep"})
	if f := ann.next("error"); f.Code != game.CodeInvalid || !strings.Contains(f.Message, "asleep") {
		t.Errorf("presence asleep: got %+v; want an invalid error naming it", f)
	}
	watcher := dial(t, ts.URL, id, "", 2, nil)
	watcher.next("state")
	watcher.send(map[string]any{"type": "presence", "state": "away"})
	ann.c.CloseNow()
	for {
		f := bo.next("table")
		if f.Table.Seats[0].Presence == table.PresenceOffline {
			break
		}
	}
}

// Leaving over the WebSocket hands the seat to a stand-in, whose moves are
// marked; a hello with the seat's token takes it back.
func TestLeaveFrameAndReturn(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random"})
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	ann.send(map[string]any{"type": "leave"})
	if f := ann.next("left", "error"); f.Type != "left" || f.Player != nil {
		t.Fatalf("answer to leave: %s; want a left frame", f.raw)
	}
	// The stand-in plays Ann's first move.
	f := bo.next("update")
	if f.Player == nil || *f.Player != 0 || !strings.Contains(f.raw, `"stand_in":true`) {
		t.Fatalf("Bo's first update: %s; want the stand-in's move for seat 0, marked", f.raw)
	}
	ann.c.CloseNow()
	ann = dial(t, ts.URL, id, toks[0], 0, nil)
	st := ann.next("state")
	if st.Table.Seats[0].StandIn {
		t.Fatalf("Ann's seat after her hello with its token: %+v; want hers again", st.Table.Seats[0])
	}
	watcher := dial(t, ts.URL, id, "", 2, nil)
	watcher.next("state")
	watcher.send(map[string]any{"type": "leave"})
	if f := watcher.next("error"); f.Code != game.CodeUnauthorized {
		t.Errorf("a spectator leaves: got %+v; want unauthorized", f)
	}
}

func TestSeatKeepingOverHTTP(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, owner, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: 45, BankS: 300}})
	var info table.Info
	if st, eb := do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info); st != http.StatusOK {
		t.Fatalf("GET: %d %+v", st, eb)
	}
	if info.TimeControl == nil || *info.TimeControl != (store.TimeControl{MoveS: 45, BankS: 300}) || info.Seats[0].Clock == nil || !info.Seats[0].Clock.Running {
		t.Fatalf("table JSON: time control %+v, seat 1 clock %+v; want 45/300 and a running clock", info.TimeControl, info.Seats[0].Clock)
	}
	cases := []struct {
		name, path, token string
		body              any
		status            int
		code              game.Code
	}{
		{"ErrLeaveNotYourSeat", "/leave", toks[0], map[string]int{"seat": 1}, http.StatusUnauthorized, game.CodeUnauthorized},
		{"ErrLeaveNoToken", "/leave", "", nil, http.StatusUnauthorized, game.CodeUnauthorized},
		{"ErrReclaimWrongToken", "/reclaim", strings.Repeat("0", 32), nil, http.StatusUnauthorized, game.CodeUnauthorized},
		{"ErrBotAfterStart", "/seats/1/bot", owner, map[string]string{"bot": "random"}, http.StatusConflict, game.CodeConflict},
		{"ErrBotBadSeat", "/seats/x/bot", owner, nil, http.StatusBadRequest, game.CodeInvalid},
		{"ErrAbortAfterStart", "/abort", owner, nil, http.StatusConflict, game.CodeConflict},
		{"ErrAbortNotOwner", "/abort", toks[0], nil, http.StatusUnauthorized, game.CodeUnauthorized},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+tc.path, tc.token, tc.body, nil)
			if st != tc.status || eb.Code != tc.code {
				t.Errorf("POST %s: %d %+v; want %d %s", tc.path, st, eb, tc.status, tc.code)
			}
			var after table.Info
			do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &after)
			if after.Status != store.StatusPlaying || after.Seats[0].StandIn || after.Seats[1].StandIn {
				t.Errorf("after a refused %s: %+v; want the table unchanged", tc.path, after)
			}
		})
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/leave", toks[1], map[string]int{"seat": 1}, &info); st != http.StatusOK || !info.Seats[1].StandIn {
		t.Fatalf("Bo leaves: %d %+v, seat %+v; want a stand-in", st, eb, info.Seats[1])
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/reclaim", toks[1], nil, &info); st != http.StatusOK || info.Seats[1].StandIn {
		t.Fatalf("Bo comes back: %d %+v, seat %+v; want his seat", st, eb, info.Seats[1])
	}
	for _, tc := range []struct {
		name string
		tc   map[string]int
	}{{"ErrMoveZero", map[string]int{"move_s": 0, "bank_s": 10}}, {"ErrBankNegative", map[string]int{"move_s": 10, "bank_s": -1}}} {
		st, eb := do(t, ts.URL, "POST", "/api/tables", "", map[string]any{"game": "connectfour", "players": 2, "time_control": tc.tc}, nil)
		if st != http.StatusBadRequest || !strings.Contains(eb.Message, "time_control") {
			t.Errorf("%s: %d %+v; want 400 naming time_control", tc.name, st, eb)
		}
	}
	// The owner seats a bot in a free seat and aborts an unstarted table.
	var c struct {
		Table      table.Info `json:"table"`
		OwnerToken string     `json:"owner_token"`
	}
	do(t, ts.URL, "POST", "/api/tables", "", map[string]any{"game": "connectfour", "players": 2, "time_control": patient}, &c)
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+c.Table.ID+"/seats/1/bot", c.OwnerToken, map[string]string{"bot": "random"}, &info); st != http.StatusOK || info.Seats[1].Kind != store.SeatBot {
		t.Fatalf("a bot in seat 2: %d %+v, seats %+v", st, eb, info.Seats)
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+c.Table.ID+"/abort", c.OwnerToken, nil, &info); st != http.StatusOK || info.Ending != store.EndingAborted {
		t.Fatalf("abort: %d %+v, ending %q", st, eb, info.Ending)
	}
}
