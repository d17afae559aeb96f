package table_test

import (
	"context"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

func TestOfflineGrace(t *testing.T) {
	turns := game.Spec{Turns: game.Sequential}
	for _, tc := range []struct {
		name string
		spec game.Spec
		tc   *store.TimeControl
		want time.Duration
	}{
		{"Fast", turns, &store.TimeControl{MoveS: 15, BankS: 120}, 20 * time.Second},
		{"Bullet", turns, &store.TimeControl{MoveS: 1, BankS: 0}, 20 * time.Second},
		{"Normal", turns, &store.TimeControl{MoveS: 45, BankS: 300}, 30 * time.Second},
		{"Slow", turns, &store.TimeControl{MoveS: 120, BankS: 900}, 30 * time.Second},
		{"TenMinutes", turns, &store.TimeControl{MoveS: 600, BankS: 0}, 30 * time.Second},
		{"UnderAnHour", turns, &store.TimeControl{MoveS: 3599, BankS: 0}, 30 * time.Second},
		{"AnHour", turns, &store.TimeControl{MoveS: 3600, BankS: 0}, 0},
		{"Correspondence", turns, &store.TimeControl{MoveS: 86400, BankS: 172800}, 0},
		{"Untimed", turns, nil, 0},
		{"RealTime", game.Spec{Turns: game.RealTime}, nil, 30 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := table.OfflineGrace(tc.spec, tc.tc); got != tc.want {
				t.Errorf("OfflineGrace(%s, %+v) = %v; want %v", tc.spec.Turns, tc.tc, got, tc.want)
			}
		})
	}
}

// graceTable is a timed Connect Four table (move s a turn and bank s) with
// Ann, whose page is open (her subscription is returned), to move and Bo
// watching his seat.
func graceTable(t *testing.T, e *env, move, bank int64) (*table.Table, [2]string, *table.Subscription, *table.Subscription) {
	t.Helper()
	tb, toks := timedTable(t, e, move, bank)
	ann := openPage(t, tb, 0)
	bo := openPage(t, tb, 1)
	t.Cleanup(func() { bo.Close() })
	return tb, toks, ann, bo
}

// openPage subscribes for seat as a page does, reading its updates.
func openPage(t *testing.T, tb *table.Table, seat game.Player) *table.Subscription {
	t.Helper()
	sub, err := tb.Subscribe(seat, false)
	if err != nil {
		t.Fatalf("Subscribe seat %d: %v", seat, err)
	}
	go func() {
		for range sub.C {
		}
	}()
	return sub
}

// A person who closes the page on their turn is waited for the grace,
// which the seat shows, and then a stand-in plays for them: the turn is
// charged and the rest of the bank kept.
func TestOfflineOnTurnStandsInAfterGrace(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	start := e.clock.Now()
	tb, _, ann, _ := graceTable(t, e, 15, 120)
	if s := seatOf(t, tb, 0); s.OfflineDeadline != 0 {
		t.Fatalf("Ann's seat while her page is open: offline deadline %d; want none", s.OfflineDeadline)
	}
	e.clock.Advance(5 * time.Second)
	ann.Close()
	want := start.Add(25 * time.Second)
	s := seatOf(t, tb, 0)
	if s.Presence != table.PresenceOffline || s.OfflineDeadline != want.UnixMilli() {
		t.Fatalf("Ann's seat after she closed the page 5 s into her turn: %+v; want offline with a deadline 20 s later (%d)", s, want.UnixMilli())
	}
	if s := seatOf(t, tb, 1); s.OfflineDeadline != 0 {
		t.Errorf("Bo, who is here and not to move, has an offline deadline: %+v", s)
	}
	e.clock.Advance(20*time.Second - time.Millisecond)
	if s := seatOf(t, tb, 0); s.StandIn {
		t.Fatalf("Ann stood in for before her grace ran out: %+v", s)
	}
	e.clock.Advance(time.Millisecond)
	s = seatOf(t, tb, 0)
	if !s.StandIn || s.Absent != table.AbsentOffline || s.OfflineDeadline != 0 || s.Clock.Running || s.Clock.BankMs != 110_000 {
		t.Fatalf("Ann's seat when her grace ran out: %+v (clock %+v); want a stand-in for being offline, bank 120 s less the 10 s beyond the move time", s, s.Clock)
	}
	// The stand-in moves within a second (the bot pace).
	stepUntil(t, e, 100*time.Millisecond, time.Second, func() bool {
		acts, _ := e.db.Actions(ctx, tb.ID())
		return len(acts) == 1
	})
	rec := mustTable(t, e, tb.ID())
	if len(rec.SeatEvents) != 1 || rec.SeatEvents[0] != (game.SeatEvent{Seat: 0, Event: game.SeatStandIn, Reason: table.AbsentOffline, N: 0, Ms: 25000}) {
		t.Errorf("seat events: %+v; want Ann handed over for being offline at 25 s", rec.SeatEvents)
	}
	if !rec.StoodInAt(0, 1) {
		t.Errorf("the first action is not marked as the stand-in's")
	}
}

// A page that reloads within the grace loses nothing: no seat event, and
// the clock runs on as if nothing happened.
func TestReloadWithinGraceKeepsSeatAndClock(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, ann, _ := graceTable(t, e, 15, 120)
	deadline := seatOf(t, tb, 0).Clock.Deadline
	e.clock.Advance(5 * time.Second)
	ann.Close()
	e.clock.Advance(19 * time.Second)
	ann = openPage(t, tb, 0)
	defer ann.Close()
	s := seatOf(t, tb, 0)
	if s.StandIn || s.OfflineDeadline != 0 || s.Presence != table.PresenceOnline || !s.Clock.Running || s.Clock.Deadline != deadline {
		t.Fatalf("Ann's seat after a reload within the grace: %+v (clock %+v); want hers, online, clock running to %d", s, s.Clock, deadline)
	}
	e.clock.Advance(time.Minute)
	if s := seatOf(t, tb, 0); s.StandIn {
		t.Fatalf("Ann, online, stood in for within her move time and bank: %+v", s)
	}
	if _, err := tb.Act(ctx, 0, "a", 1); err != nil {
		t.Fatalf("Ann plays: %v", err)
	}
	if rec := mustTable(t, e, tb.ID()); len(rec.SeatEvents) != 0 {
		t.Errorf("seat events: %+v; want none", rec.SeatEvents)
	}
	if c := seatOf(t, tb, 0).Clock; c.BankMs != 120_000-(84_000-15_000) {
		t.Errorf("Ann's bank after an 84 s turn: %d ms; want %d", c.BankMs, 120_000-(84_000-15_000))
	}
}

// A person handed over for being offline takes the seat back with the
// bank they had left, and their clock runs from it.
func TestReclaimAfterOfflineRestoresBank(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, toks, ann, _ := graceTable(t, e, 15, 120)
	ann.Close()
	e.clock.Advance(table.FastGrace)
	if s := seatOf(t, tb, 0); !s.StandIn || s.Clock.BankMs != 115_000 {
		t.Fatalf("Ann's seat after the grace: %+v (clock %+v); want stood in with 115 s of bank", s, s.Clock)
	}
	stepUntil(t, e, 100*time.Millisecond, time.Second, func() bool {
		acts, _ := e.db.Actions(ctx, tb.ID())
		return len(acts) == 1
	})
	if _, err := tb.Act(ctx, 1, "b", 1); err != nil {
		t.Fatalf("Bo plays: %v", err)
	}
	ann = openPage(t, tb, 0)
	defer ann.Close()
	if err := tb.Reclaim(ctx, 0, toks[0]); err != nil {
		t.Fatalf("Ann comes back: %v", err)
	}
	s := seatOf(t, tb, 0)
	want := e.clock.Now().Add(15*time.Second + 115*time.Second).UnixMilli()
	if s.StandIn || !s.Clock.Running || s.Clock.BankMs != 115_000 || s.Clock.Deadline != want {
		t.Fatalf("Ann's seat after coming back: %+v (clock %+v); want hers, running with the 115 s of bank kept (deadline %d)", s, s.Clock, want)
	}
}

// A page that opens and closes over and over without acting keeps the
// seat no longer than its move time and bank, as a page that stays does.
func TestFlappingConnectionGetsOnlyTheClock(t *testing.T) {
	e := newEnv(t)
	tb, _, ann, _ := graceTable(t, e, 15, 30)
	deadline := seatOf(t, tb, 0).Clock.Deadline
	for range 4 { // 40 s, each close restarting the grace
		ann.Close()
		e.clock.Advance(10 * time.Second)
		ann = openPage(t, tb, 0)
	}
	ann.Close()
	e.clock.Advance(4*time.Second + 999*time.Millisecond)
	if s := seatOf(t, tb, 0); s.StandIn || s.OfflineDeadline != deadline {
		t.Fatalf("Ann's seat 44.999 s in: %+v; want hers, the stand-in due at the clock's deadline %d", s, deadline)
	}
	e.clock.Advance(time.Millisecond)
	s := seatOf(t, tb, 0)
	if !s.StandIn || s.Absent != table.AbsentTimeout || s.Clock.BankMs != 0 {
		t.Fatalf("Ann's seat at her clock's deadline: %+v (clock %+v); want stood in for a timeout, no bank", s, s.Clock)
	}
}

// Correspondence and untimed tables wait for an offline person: being
// offline between moves is normal there.
func TestNoGraceByCorrespondence(t *testing.T) {
	e := newEnv(t)
	tb, _, ann, _ := graceTable(t, e, 86400, 0)
	ann.Close()
	e.clock.Advance(time.Hour)
	if s := seatOf(t, tb, 0); s.StandIn || s.OfflineDeadline != 0 {
		t.Fatalf("Ann's seat an hour offline at a correspondence table: %+v; want hers, no offline deadline", s)
	}
}

// The grace is counted on after a restart from when the table runs again:
// a person gains at most a grace, and the clock still bounds it.
func TestGraceAfterRestart(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, ann, _ := graceTable(t, e, 45, 300)
	id := tb.ID()
	ann.Close()
	e.clock.Advance(10 * time.Second)
	e.close()
	e.clock.Advance(time.Minute)
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	tb, err := e.hall.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := e.clock.Now().Add(table.LiveGrace).UnixMilli()
	if s := seatOf(t, tb, 0); s.StandIn || s.OfflineDeadline != want {
		t.Fatalf("Ann's seat after a restart: %+v; want hers with a grace of 30 s from now (%d)", s, want)
	}
	e.clock.Advance(table.LiveGrace)
	if s := seatOf(t, tb, 0); !s.StandIn || s.Absent != table.AbsentOffline || s.Clock.BankMs != 300_000-(100_000-45_000) {
		t.Fatalf("Ann's seat 30 s after the restart: %+v (clock %+v); want stood in for being offline, 55 s out of the bank", s, s.Clock)
	}
}

// The owner of a private table may hand an offline person's seat to a
// stand-in at once on their turn, untimed tables too; anything else is
// refused and changes nothing.
func TestOwnerStandsInNow(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, owner, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true, StandIn: "random"})
	if err != nil {
		t.Fatal(err)
	}
	_, annTok, _ := tb.Join(ctx, "Ann", -1)
	if _, _, err := tb.Join(ctx, "Bo", -1); err != nil {
		t.Fatal(err)
	}
	ann := openPage(t, tb, 0)
	public, publicOwner, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: 45, BankS: 300}})
	if err != nil {
		t.Fatal(err)
	}
	public.Join(ctx, "Cy", -1)
	public.Join(ctx, "Di", -1)
	for _, tc := range []struct {
		name  string
		tb    *table.Table
		token string
		seat  int
		want  game.Code
	}{
		{"ErrNotOwner", tb, annTok, 0, game.CodeUnauthorized},
		{"ErrPublic", public, publicOwner, 0, game.CodeUnauthorized},
		{"ErrOnline", tb, owner, 0, game.CodeConflict},
		{"ErrNotTheirTurn", tb, owner, 1, game.CodeConflict},
		{"ErrNoSeat", tb, owner, 2, game.CodeInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.tb.StandInNow(ctx, tc.token, tc.seat); code(err) != tc.want {
				t.Errorf("StandInNow seat %d: got %v; want %s", tc.seat+1, err, tc.want)
			}
			if rec := mustTable(t, e, tc.tb.ID()); len(rec.SeatEvents) != 0 {
				t.Errorf("a refused hand-over stored seat events: %+v", rec.SeatEvents)
			}
		})
	}
	ann.Close()
	e.clock.Advance(time.Hour)
	if s := seatOf(t, tb, 0); s.StandIn || s.OfflineDeadline != 0 {
		t.Fatalf("Ann's seat an hour offline at an untimed table: %+v; want hers, no deadline", s)
	}
	if err := tb.StandInNow(ctx, owner, 0); err != nil {
		t.Fatalf("the owner hands Ann's seat over: %v", err)
	}
	if s := seatOf(t, tb, 0); !s.StandIn || s.Absent != table.AbsentOffline {
		t.Fatalf("Ann's seat after the owner handed it over: %+v; want a stand-in, offline", s)
	}
	if err := tb.StandInNow(ctx, owner, 0); code(err) != game.CodeConflict {
		t.Errorf("handing over twice: got %v; want conflict", err)
	}
	stepUntil(t, e, 100*time.Millisecond, time.Second, func() bool {
		acts, _ := e.db.Actions(ctx, tb.ID())
		return len(acts) == 1
	})
}

// A person whose page closed before the start is waited for the grace
// from the start.
func TestGraceOfOfflineBeforeTheStart(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: 45, BankS: 300}, StandIn: "random"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := tb.Join(ctx, "Ann", -1); err != nil {
		t.Fatal(err)
	}
	ann := openPage(t, tb, 0)
	e.clock.Advance(time.Minute)
	ann.Close()
	e.clock.Advance(time.Minute)
	if _, _, err := tb.Join(ctx, "Bo", -1); err != nil {
		t.Fatal(err)
	}
	want := e.clock.Now().Add(table.LiveGrace).UnixMilli()
	if s := seatOf(t, tb, 0); s.OfflineDeadline != want {
		t.Fatalf("Ann's seat at the start: %+v; want a grace of 30 s from the start (%d)", s, want)
	}
	e.clock.Advance(table.LiveGrace)
	if s := seatOf(t, tb, 0); !s.StandIn || s.Absent != table.AbsentOffline {
		t.Fatalf("Ann's seat 30 s into the game: %+v; want a stand-in for being offline", s)
	}
}

// The others hear of a grace that starts with a turn, when the person to
// move is offline already: a table update carries its deadline.
func TestGraceStartingWithTheTurnIsBroadcast(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _ := timedTable(t, e, 45, 300)
	bo, err := tb.Subscribe(1, false)
	if err != nil {
		t.Fatal(err)
	}
	defer bo.Close()
	e.clock.Advance(5 * time.Second)
	if _, err := tb.Act(ctx, 0, "a", 1); err != nil {
		t.Fatalf("Ann plays over HTTP: %v", err)
	}
	e.clock.Advance(5 * time.Second)
	if _, err := tb.Act(ctx, 1, "b", 1); err != nil {
		t.Fatalf("Bo plays: %v", err)
	}
	want := e.clock.Now().Add(table.LiveGrace).UnixMilli()
	for {
		select {
		case u := <-bo.C:
			if u.Type == table.UpdateTable && u.N == 2 && u.Table.Seats[0].OfflineDeadline == want {
				return
			}
		default:
			t.Fatalf("Bo heard of no grace for Ann, offline as her turn began; want a table update with the deadline %d", want)
		}
	}
}
