package server_test

import (
	"net/http"
	"testing"
	"time"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/table"
	"minehall/table/tabletest"
)

// TestOfflineGraceAcrossInstances seats Ann through the instance that
// does not run the table: the owner counts her as present however long
// she thinks, a reload through that instance within the grace keeps her
// seat, and once her page has been closed for the grace the owner hands
// her seat to a stand-in for being offline, keeping her bank, which she
// finds again when she comes back through b.
func TestOfflineGraceAcrossInstances(t *testing.T) {
	url := pgtest.URL(t)
	start := time.Now()
	clock := tabletest.NewClock(start)
	a := newInstanceClocked(t, url, testExpiry, 5*time.Second, clock)
	b := newInstanceClocked(t, url, testExpiry, 5*time.Second, clock)
	var c created
	normal := &store.TimeControl{MoveS: 45, BankS: 300}
	if st, eb := do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random", TimeControl: normal}, &c); st != http.StatusCreated {
		t.Fatalf("create on a: %d %+v", st, eb)
	}
	id := c.Table.ID
	var j0, j1 joined
	do(t, b.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Ann"}, &j0)
	do(t, a.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Bo"}, &j1)
	bo := dial(t, a.base, id, j1.Token, 1, nil)
	bo.next("state")
	owner := func() table.SeatInfo {
		var info table.Info
		do(t, a.base, "GET", "/api/tables/"+id, "", nil, &info)
		return info.Seats[0]
	}
	waitFor := func(what string, ok func(table.SeatInfo) bool) table.SeatInfo {
		t.Helper()
		for end := time.Now().Add(10 * time.Second); ; {
			if s := owner(); ok(s) {
				return s
			}
			if time.Now().After(end) {
				t.Fatalf("%s: not within 10 s; the owner shows %+v", what, owner())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	online := func(s table.SeatInfo) bool { return s.Presence == table.PresenceOnline && s.OfflineDeadline == 0 }
	offline := func(s table.SeatInfo) bool { return s.Presence == table.PresenceOffline && s.OfflineDeadline != 0 }

	// A spectator on b keeps the table live there.
	cy := dial(t, b.base, id, "", 2, nil)
	cy.next("state")
	ann := dial(t, b.base, id, j0.Token, 0, nil)
	ann.next("state")
	waitFor("Ann, on b, online on the owner", online)
	clock.Advance(time.Minute)
	if s := owner(); s.StandIn || !online(s) {
		t.Fatalf("Ann's seat on the owner after she thought a minute on b: %+v; want hers, online", s)
	}
	// Her page on b reloads within the grace.
	ann.c.Close(1000, "")
	s := waitFor("Ann offline on the owner", offline)
	want := clock.Now().Add(table.LiveGrace).UnixMilli()
	if s.OfflineDeadline != want {
		t.Errorf("Ann's offline deadline on the owner: %d; want %d, 30 s on", s.OfflineDeadline, want)
	}
	untilSeat(t, cy, 0, "the owner's offline deadline on b", func(s table.SeatInfo) bool { return s.OfflineDeadline == want })
	clock.Advance(20 * time.Second)
	ann = dial(t, b.base, id, j0.Token, 0, nil)
	ann.next("state")
	waitFor("Ann back online on the owner", online)
	clock.Advance(time.Minute)
	if s := owner(); s.StandIn {
		t.Fatalf("Ann's seat after a reload within the grace: %+v; want hers", s)
	}
	// Her page closes for good: the owner hands her seat over after the
	// grace, her turn of 170 s charged and the rest of her bank kept.
	ann.c.Close(1000, "")
	waitFor("Ann offline on the owner", offline)
	clock.Advance(table.LiveGrace - time.Millisecond)
	if s := owner(); s.StandIn {
		t.Fatalf("Ann stood in for before the grace ran out: %+v", s)
	}
	clock.Advance(time.Millisecond)
	s = waitFor("Ann's stand-in on the owner", func(s table.SeatInfo) bool { return s.StandIn })
	if s.Absent != table.AbsentOffline || s.Clock == nil || s.Clock.BankMs != 300_000-(170_000-45_000) {
		t.Fatalf("Ann's seat on the owner after the grace: %+v (clock %+v); want a stand-in for being offline with 175 s of bank kept", s, s.Clock)
	}
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var mirrored table.Info
		do(t, b.base, "GET", "/api/tables/"+id, "", nil, &mirrored)
		if len(mirrored.Seats) == 2 && mirrored.Seats[0].StandIn && mirrored.Seats[0].Absent == table.AbsentOffline {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("b does not show Ann's stand-in: %+v", mirrored.Seats)
		}
	}
	// The stand-in, on the owner, moves for her at once.
	for moved := false; !moved; {
		clock.Advance(100 * time.Millisecond)
		select {
		case f := <-bo.frames:
			moved = f.Type == "update" && f.Player != nil && *f.Player == 0
		case <-time.After(50 * time.Millisecond):
		}
		if clock.Now().Sub(start) > 170*time.Second+table.LiveGrace+5*time.Second {
			t.Fatalf("no stand-in move on the owner")
		}
	}
	// Ann comes back through b: the owner gives her the seat and the bank
	// kept for her.
	ann = dial(t, b.base, id, j0.Token, 0, nil)
	ann.next("state")
	s = waitFor("Ann's seat back on the owner", func(s table.SeatInfo) bool { return !s.StandIn })
	if s.Clock == nil || s.Clock.BankMs != 175_000 {
		t.Errorf("Ann's clock on the owner after she came back: %+v; want the 175 s of bank kept", s.Clock)
	}
}

// The owner of a private table hands an offline person's seat to a
// stand-in through the instance that does not run the table: the owner
// instance makes the change.
func TestOwnerStandInNowThroughAnotherInstance(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	id, owner, invite, _ := openTable(t, a.base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, Private: true, StandIn: "random"})
	var info table.Info
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/seats/0/standin"+invite, owner, nil, &info); st != http.StatusOK {
		t.Fatalf("the owner hands seat 1 over through b: %d %+v; want 200", st, eb)
	}
	if s := info.Seats[0]; !s.StandIn || s.Absent != table.AbsentOffline {
		t.Errorf("seat 1 in b's answer: %+v; want a stand-in, offline", s)
	}
	do(t, a.base, "GET", "/api/tables/"+id+invite, owner, nil, &info)
	if s := info.Seats[0]; !s.StandIn || s.Absent != table.AbsentOffline {
		t.Errorf("seat 1 on the owner: %+v; want a stand-in, offline", s)
	}
}
