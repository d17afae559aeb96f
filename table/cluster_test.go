package table_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
	"minehall/table"
)

// member is one hall of several sharing a PostgreSQL database.
type member struct {
	db      *postgres.DB
	cluster *postgres.Cluster
	hall    *table.Hall
}

func newMember(t *testing.T, url, self string, pace time.Duration) *member {
	t.Helper()
	return newMemberWith(t, url, self, memberOptions{pace: pace})
}

// memberOptions are what a test sets of a member's hall.
type memberOptions struct {
	pace   time.Duration
	remote table.Remote // reaches the tables' owners; nil for none
	clock  table.Clock  // nil for the system clock
	// deaf, when set, keeps the news of changed tables from the hall
	// while it reports true, as a notification lost on its way would
	// (Missed still reaches the hall).
	deaf func() bool
}

// newMemberWith starts a hall with opts on the database at url, as the
// instance named self.
func newMemberWith(t *testing.T, url, self string, opts memberOptions) *member {
	t.Helper()
	ctx := context.Background()
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("postgres.Open: %v", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// No instance is reached over HTTP here: the URL only names it.
	c, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: self, Heartbeat: 100 * time.Millisecond, Expiry: 800 * time.Millisecond, Logger: log})
	if err != nil {
		t.Fatalf("NewCluster: %v", err)
	}
	m := &member{db: db, cluster: c}
	m.hall = table.NewHall(table.Config{Registry: registry(), Store: db, Logger: log, BotPace: opts.pace, Cluster: c, Remote: opts.remote, Clock: opts.clock})
	changed := m.hall.Changed
	if opts.deaf != nil {
		changed = func(ev store.Event) {
			if !opts.deaf() {
				m.hall.Changed(ev)
			}
		}
	}
	err = c.Start(ctx, postgres.Handlers{
		Changed:  changed,
		Missed:   m.hall.Missed,
		TakeOver: func(id string) { m.hall.TakeOver(context.Background(), id) },
	})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		m.hall.Close()
		m.cluster.Close()
		m.db.Close()
	})
	return m
}

// waitUntil waits up to within for done, failing the test after that.
func waitUntil(t *testing.T, within time.Duration, what string, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(within); !done(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", within, what)
		}
	}
}

// TestBotTableTakenOver kills the hall that runs a table of bots in the
// middle of the game: another hall on the same database takes the table
// over once the lease expires, and its bots finish the game on top of
// every action the dead hall stored.
func TestBotTableTakenOver(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := newMember(t, url, "http://a.invalid", 20*time.Millisecond), newMember(t, url, "http://b.invalid", 20*time.Millisecond)
	tb, _, err := a.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatBot, Bot: "random"}}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	id := tb.ID()
	sub, err := tb.Subscribe(game.Spectator, false)
	if err != nil {
		t.Fatalf("Subscribe: %v", err)
	}
	for u := range sub.C {
		if u.N >= 3 {
			break
		}
	}
	// The dead hall stops at once: no lease handed over, nothing flushed.
	a.cluster.Halt()
	a.hall.Close()
	before, err := b.db.Actions(ctx, id)
	if err != nil {
		t.Fatalf("Actions: %v", err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		rec, err := b.db.Table(ctx, id)
		if err != nil {
			t.Fatalf("Table: %v", err)
		}
		if rec.Status == store.StatusFinished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s not finished 30 s after its owner died; status %s", id, rec.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
	r, err := b.hall.Record(ctx, id)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	if _, err := game.Verify(registry(), r); err != nil {
		t.Errorf("record does not verify: %v", err)
	}
	if len(r.Actions) <= len(before) {
		t.Errorf("record has %d actions; want more than the %d stored before the owner died", len(r.Actions), len(before))
	}
	for i, a := range before {
		if r.Actions[i].Move != a.Move {
			t.Errorf("action %d: got %q; want %q, stored before the owner died", i+1, r.Actions[i].Move, a.Move)
		}
	}
}

// TestPausedOwnerIsFenced lets the lease of a hall that is still running
// expire, as when its machine stalls: another hall takes the table over,
// the stalled hall's next write is refused by the database and it turns to
// following the table, so the game goes on with one writer and its log
// stays one game.
func TestPausedOwnerIsFenced(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	const pace = 200 * time.Millisecond // 7 moves at least: longer than the lease
	a, b := newMember(t, url, "http://a.invalid", pace), newMember(t, url, "http://b.invalid", pace)
	tb, _, err := a.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatBot, Bot: "random"}}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	id := tb.ID()
	// a stops renewing its lease but its table plays on.
	a.cluster.Halt()
	status := func() store.Status {
		rec, err := b.db.Table(ctx, id)
		if err != nil {
			t.Fatalf("Table: %v", err)
		}
		return rec.Status
	}
	takenOver := false
	waitUntil(t, 30*time.Second, "b takes the table over", func() bool {
		owner, err := a.cluster.Owner(ctx, id)
		if err != nil {
			t.Fatalf("Owner: %v", err)
		}
		takenOver = owner == "http://b.invalid"
		return takenOver || status() == store.StatusFinished
	})
	if !takenOver {
		t.Fatalf("the game finished on a before its lease expired; the takeover was not tested")
	}
	waitUntil(t, 30*time.Second, "a stops running the table", func() bool { return a.hall.Stats().Playing == 0 })
	waitUntil(t, 30*time.Second, "the game finishes", func() bool { return status() == store.StatusFinished })
	r, err := b.hall.Record(ctx, id)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	if _, err := game.Verify(registry(), r); err != nil {
		t.Errorf("record does not verify: %v", err)
	}
}

// TestTakeOverKeepsTheClocks kills the hall that runs a timed table: the
// hall that takes it over shows the same clocks, worked out from the
// stored log, and hands the seat whose time runs out to a stand-in at the
// same deadline.
func TestTakeOverKeepsTheClocks(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := newMember(t, url, "http://a.invalid", 20*time.Millisecond), newMember(t, url, "http://b.invalid", 20*time.Millisecond)
	tb, _, err := a.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: 3, BankS: 2}, StandIn: "random"})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	id := tb.ID()
	for _, name := range []string{"Ann", "Bo"} {
		if _, _, err := tb.Join(ctx, name, -1); err != nil {
			t.Fatalf("Join %s: %v", name, err)
		}
	}
	if _, err := tb.Act(ctx, 0, "d", 1); err != nil {
		t.Fatalf("Ann plays: %v", err)
	}
	before := tb.Info().Seats
	if !before[1].Clock.Running {
		t.Fatalf("Bo's clock: %+v; want running", before[1].Clock)
	}
	a.cluster.Halt()
	a.hall.Close()
	var after table.Info
	for deadline := time.Now().Add(20 * time.Second); ; {
		if tb, err := b.hall.Table(ctx, id); err == nil {
			after = tb.Info()
			if after.Seats[1].Clock != nil {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s not taken over within 20 s", id)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for i := range 2 {
		if *after.Seats[i].Clock != *before[i].Clock {
			t.Errorf("seat %d's clock after the takeover: %+v; want %+v, as before", i+1, after.Seats[i].Clock, before[i].Clock)
		}
	}
	for {
		rec, err := b.db.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Absence(1) == table.AbsentTimeout {
			ev := rec.SeatEvents[len(rec.SeatEvents)-1]
			if due := before[1].Clock.Deadline - rec.Started.UnixMilli(); ev.Ms < due {
				t.Errorf("Bo's time ran out at %d ms; want at his deadline, %d ms", ev.Ms, due)
			}
			break
		}
		if time.Now().UnixMilli() > before[1].Clock.Deadline+10_000 {
			t.Fatalf("Bo's time did not run out on the new owner within 10 s of his deadline")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestLeaseLostDropsTakenTables: a hall whose lease ran out while its
// tables of people sat idle (nothing written, so no write was refused)
// hears that its lease was lost: the tables another hall took meanwhile
// are followed from then on, not run.
func TestLeaseLostDropsTakenTables(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := newMember(t, url, "http://a.invalid", 0), newMember(t, url, "http://b.invalid", 0)
	req := table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatPerson, Here: true, Name: "Ann"}, {Kind: store.SeatPerson, Here: true, Name: "Bo"}}}
	var ids []string
	for range 2 {
		tb, _, err := a.hall.Open(ctx, req)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		ids = append(ids, tb.ID())
	}
	if got := a.hall.Stats().Playing; got != 2 {
		t.Fatalf("a runs %d tables; want 2", got)
	}
	// a pauses; b finds its lease run out and takes its tables; a is back.
	a.cluster.Halt()
	waitUntil(t, 10*time.Second, "b takes a's tables over", func() bool {
		for _, id := range ids {
			if owner, err := a.cluster.Owner(ctx, id); err != nil || owner != "http://b.invalid" {
				return false
			}
		}
		return true
	})
	if got := a.hall.Stats().Playing; got != 2 {
		t.Fatalf("a runs %d tables before it hears of its lease; want 2 (nothing written, nothing refused)", got)
	}
	a.hall.LeaseLost()
	if got := a.hall.Stats().Playing; got != 0 {
		t.Errorf("a runs %d tables after it heard its lease was lost; want 0: b runs them", got)
	}
	waitUntil(t, 10*time.Second, "b runs both tables", func() bool { return b.hall.Stats().Playing == 2 })
}
