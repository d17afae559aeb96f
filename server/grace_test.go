package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/table"
	"minehall/table/tabletest"
)

// newClockedServer is a test server whose tables run on a manual clock,
// so that a test waits out a grace without sleeping; bots play at once.
func newClockedServer(t *testing.T) (*testServer, *tabletest.Clock) {
	t.Helper()
	clock := tabletest.NewClock(time.Now())
	return newTestServerClocked(t, server.Config{}, clock), clock
}

// fastPreset is the lobby's Fast time control: 15 s a move and a 120 s
// bank, whose offline grace is 20 s.
var fastPreset = &store.TimeControl{MoveS: 15, BankS: 120}

// untilSeat reads cl's frames until one shows the table with seat as want
// says, and returns that seat.
func untilSeat(t *testing.T, cl *client, seat int, what string, want func(table.SeatInfo) bool) table.SeatInfo {
	t.Helper()
	for {
		f := cl.next("state", "update", "table")
		if f.Table != nil && want(f.Table.Seats[seat]) {
			return f.Table.Seats[seat]
		}
		if f.Table != nil {
			t.Logf("waiting for %s: seat %d is %+v", what, seat+1, f.Table.Seats[seat])
		}
	}
}

// A person who closes the page on their turn is played by a stand-in
// within the grace and a second: the other player sees the grace's
// deadline, then the stand-in take over and move.
func TestClosedPageOnTurnStandsIn(t *testing.T) {
	ts, clock := newClockedServer(t)
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random", TimeControl: fastPreset})
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	untilSeat(t, bo, 0, "Ann online", func(s table.SeatInfo) bool { return s.Presence == table.PresenceOnline })
	closed := clock.Now()
	ann.c.Close(1000, "")
	s := untilSeat(t, bo, 0, "Ann offline", func(s table.SeatInfo) bool { return s.Presence == table.PresenceOffline })
	if want := closed.Add(table.FastGrace).UnixMilli(); s.OfflineDeadline != want || s.StandIn {
		t.Fatalf("Ann's seat once her page closed: %+v; want hers, a stand-in due at %d (20 s on)", s, want)
	}
	clock.Advance(table.FastGrace)
	s = untilSeat(t, bo, 0, "Ann's stand-in", func(s table.SeatInfo) bool { return s.StandIn })
	if s.Absent != table.AbsentOffline || s.OfflineDeadline != 0 {
		t.Fatalf("Ann's seat after the grace: %+v; want a stand-in for being offline", s)
	}
	// The stand-in moves within the next second.
	moved := make(chan frame, 1)
	go func() {
		for {
			if f := <-bo.frames; f.Type == "update" {
				moved <- f
				return
			}
		}
	}()
	var f frame
	for step := 0; f.Type == ""; step++ {
		if step > 10 {
			t.Fatalf("no stand-in move within the grace and a second")
		}
		select {
		case f = <-moved:
		case <-time.After(200 * time.Millisecond):
			clock.Advance(100 * time.Millisecond)
		}
	}
	if f.Player == nil || *f.Player != 0 || f.Status != "playing" {
		t.Fatalf("the update after the hand-over: %s; want the stand-in's move for Ann", f.raw)
	}
	rec, err := ts.db.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.SeatEvents) != 1 || rec.SeatEvents[0].Reason != table.AbsentOffline {
		t.Errorf("the record's seat events: %+v; want one, for being offline", rec.SeatEvents)
	}
}

// A reload within the grace keeps the seat and its clock: no seat event,
// the same deadline.
func TestReloadWithinGraceKeepsTheSeat(t *testing.T) {
	ts, clock := newClockedServer(t)
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random", TimeControl: fastPreset})
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	st := ann.next("state")
	deadline := st.Table.Seats[0].Clock.Deadline
	ann.c.Close(1000, "")
	untilSeat(t, bo, 0, "Ann offline", func(s table.SeatInfo) bool { return s.Presence == table.PresenceOffline })
	clock.Advance(table.FastGrace - time.Second)
	ann = dial(t, ts.URL, id, toks[0], 0, nil)
	st = ann.next("state")
	if s := st.Table.Seats[0]; s.StandIn || s.OfflineDeadline != 0 || s.Clock.Deadline != deadline {
		t.Fatalf("Ann's seat after a reload within the grace: %+v (clock %+v); want hers, the clock's deadline %d", s, s.Clock, deadline)
	}
	clock.Advance(10 * time.Second)
	ann.act("a")
	if f := ann.next("ack", "error"); f.Type != "ack" {
		t.Fatalf("Ann plays after the reload: %s; want an ack", f.raw)
	}
	rec, err := ts.db.Table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.SeatEvents) != 0 {
		t.Errorf("the record's seat events: %+v; want none", rec.SeatEvents)
	}
}

// A person handed over for being offline comes back with a hello and
// finds the bank they had left.
func TestHelloAfterOfflineRestoresBank(t *testing.T) {
	ts, clock := newClockedServer(t)
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random", TimeControl: fastPreset})
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	// Ann never opens the page: 20 s into her turn a stand-in takes over,
	// 5 s beyond her move time coming out of her bank.
	clock.Advance(table.FastGrace)
	s := untilSeat(t, bo, 0, "Ann's stand-in", func(s table.SeatInfo) bool { return s.StandIn })
	if s.Absent != table.AbsentOffline || s.Clock.BankMs != 115_000 {
		t.Fatalf("Ann's seat after the grace: %+v (clock %+v); want stood in for being offline, 115 s of bank", s, s.Clock)
	}
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	st := ann.next("state")
	if s := st.Table.Seats[0]; s.StandIn || s.Clock.BankMs != 115_000 {
		t.Fatalf("Ann's seat after her hello: %+v (clock %+v); want hers with the 115 s of bank kept", s, s.Clock)
	}
}

// The owner of a private table ends the wait for an offline person at
// once; others are refused with a reason.
func TestOwnerStandInNowOverHTTP(t *testing.T) {
	ts, _ := newClockedServer(t)
	id, owner, invite, toks := openTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, Private: true, StandIn: "random"})
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	path := func(seat string) string { return "/api/tables/" + id + "/seats/" + seat + "/standin" + invite }
	for _, tc := range []struct {
		name, token, seat string
		status            int
		code              game.Code
	}{
		{"ErrNoToken", "", "0", http.StatusUnauthorized, game.CodeUnauthorized},
		{"ErrSeatToken", toks[1], "0", http.StatusUnauthorized, game.CodeUnauthorized},
		{"ErrOnline", owner, "1", http.StatusConflict, game.CodeConflict},
		{"ErrBadSeat", owner, "x", http.StatusBadRequest, game.CodeInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, eb := do(t, ts.URL, "POST", path(tc.seat), tc.token, nil, nil)
			if st != tc.status || eb.Code != tc.code || eb.Message == "" {
				t.Errorf("POST seat %s: %d %+v; want %d %s with a message", tc.seat, st, eb, tc.status, tc.code)
			}
		})
	}
	var info table.Info
	if st, eb := do(t, ts.URL, "POST", path("0"), owner, nil, &info); st != http.StatusOK {
		t.Fatalf("the owner hands Ann's seat over: %d %+v; want 200", st, eb)
	}
	if s := info.Seats[0]; !s.StandIn || s.Absent != table.AbsentOffline {
		t.Fatalf("Ann's seat in the answer: %+v; want a stand-in, offline", s)
	}
	untilSeat(t, bo, 0, "Ann's stand-in", func(s table.SeatInfo) bool { return s.StandIn })
}

// A device passed round (pass and play) holds the tokens of several
// seats: its connection, for one seat or watching, keeps every seat it
// holds present, so nobody's grace runs while the device is passed; a
// token that is not the table's is refused.
func TestHeldSeatsStayPresent(t *testing.T) {
	ts, clock := newClockedServer(t)
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random", TimeControl: fastPreset})
	ann := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "token": toks[0], "held": []string{toks[1]}}, 0)
	untilSeat(t, ann, 1, "Bo's seat, held by Ann's device, online", func(s table.SeatInfo) bool { return s.Presence == table.PresenceOnline })
	ann.act("a")
	ann.next("ack")
	// The device shows the pass screen, watching, and holds both seats.
	ann.c.Close(1000, "")
	pass := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "held": []string{toks[0], toks[1]}}, 2)
	pass.next("state")
	clock.Advance(time.Minute)
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info)
	if s := info.Seats[1]; s.StandIn || s.Presence != table.PresenceOnline || s.OfflineDeadline != 0 {
		t.Fatalf("Bo's seat a minute into his turn on the device passed to him: %+v; want his, online, no grace", s)
	}
	if s := info.Seats[0]; s.Presence != table.PresenceOnline {
		t.Errorf("Ann's seat, held by the watching device: %+v; want online", s)
	}
	bad := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "held": []string{"not-a-token"}}, 3)
	if f := bad.next("error"); f.Code != game.CodeUnauthorized {
		t.Errorf("a hello holding a wrong token: %s; want unauthorized", f.raw)
	}
	if st := bad.waitClosed(); st != 1008 {
		t.Errorf("a hello holding a wrong token: closed with %d; want 1008", st)
	}
}
