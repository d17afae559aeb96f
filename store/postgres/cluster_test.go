package postgres_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
)

func newCluster(t *testing.T, db *postgres.DB, url string) *postgres.Cluster {
	t.Helper()
	c, err := postgres.NewCluster(context.Background(), db, postgres.ClusterConfig{URL: url, Heartbeat: 50 * time.Millisecond,
		Expiry: 400 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatalf("NewCluster: %v", err)
	}
	return c
}

// TestOwnerAndClaim checks who owns a table while its owner lives, after
// its lease expires, and once it is finished.
func TestOwnerAndClaim(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	dbA, dbB := open(t, url), open(t, url)
	defer dbA.Close()
	defer dbB.Close()
	a, b := newCluster(t, dbA, "http://a.invalid"), newCluster(t, dbB, "http://b.invalid")
	if err := a.Start(ctx, postgres.Handlers{}); err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer b.Close()
	tb := sample("t1")
	if err := dbA.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	owner := func(c *postgres.Cluster) string {
		t.Helper()
		o, err := c.Owner(ctx, "t1")
		if err != nil {
			t.Fatalf("Owner: %v", err)
		}
		return o
	}
	if got := owner(b); got != "http://a.invalid" {
		t.Errorf("Owner from b while a lives: got %q; want a's URL", got)
	}
	if got := owner(a); got != "" {
		t.Errorf("Owner from a, the owner: got %q; want none", got)
	}
	if ok, err := b.Claim(ctx, "t1"); ok || err != nil {
		t.Errorf("Claim by b while a lives: got %v, %v; want false", ok, err)
	}
	if _, err := b.Owner(ctx, "nope"); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("Owner(nope): got %v; want code not_found", err)
	}
	a.Halt() // a's lease runs out
	for deadline := time.Now().Add(10 * time.Second); owner(b) != ""; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("Owner from b 10 s after a stopped renewing its lease: still a's URL; want none")
		}
	}
	if ok, err := b.Claim(ctx, "t1"); !ok || err != nil {
		t.Fatalf("Claim by b after a's lease expired: got %v, %v; want true", ok, err)
	}
	if err := dbA.AppendAction(ctx, "t1", store.Action{N: 1, Move: "x"}); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("AppendAction by a after b claimed the table: got %v; want code conflict", err)
	}
	if err := dbB.AppendAction(ctx, "t1", store.Action{N: 1, Move: "x"}); err != nil {
		t.Errorf("AppendAction by b, the new owner: %v", err)
	}
	tb, err := dbB.Table(ctx, "t1") // b's copy, read since its claim
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	tb.Status = store.StatusFinished
	if err := dbB.UpdateTable(ctx, tb); err != nil {
		t.Fatalf("UpdateTable: %v", err)
	}
	if got := owner(a); got != "" {
		t.Errorf("Owner of a finished table: got %q; want none", got)
	}
}

// TestChangesAndTakeOver checks that a started cluster hears the changes
// another instance commits, in order and not its own, and takes over the
// tables of an instance whose lease expired.
func TestChangesAndTakeOver(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	dbA, dbB := open(t, url), open(t, url)
	defer dbA.Close()
	defer dbB.Close()
	a, b := newCluster(t, dbA, "http://a.invalid"), newCluster(t, dbB, "http://b.invalid")
	if err := a.Start(ctx, postgres.Handlers{}); err != nil {
		t.Fatalf("Start a: %v", err)
	}
	events := make(chan store.Event, 16)
	taken := make(chan string, 4)
	err := b.Start(ctx, postgres.Handlers{
		Changed:  func(ev store.Event) { events <- ev },
		TakeOver: func(id string) { taken <- id },
	})
	if err != nil {
		t.Fatalf("Start b: %v", err)
	}
	defer b.Close()
	tb := sample("t1")
	if err := dbA.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	for n := int64(1); n <= 3; n++ {
		if err := dbA.AppendAction(ctx, "t1", store.Action{N: n, Player: 1, Move: "m", Ms: 10 * n}); err != nil {
			t.Fatalf("AppendAction %d: %v", n, err)
		}
	}
	tb.Seats[1].Name = "Bo"
	if err := dbA.UpdateTable(ctx, tb); err != nil {
		t.Fatalf("UpdateTable: %v", err)
	}
	for n := int64(1); n <= 4; n++ {
		select {
		case ev := <-events:
			switch {
			case ev.Table != "t1":
				t.Errorf("event %d: table %q; want t1", n, ev.Table)
			case n <= 3 && (ev.N != n || ev.Action == nil || ev.Action.Ms != 10*n || ev.Action.Player != 1):
				t.Errorf("event %d: got %+v (action %+v); want action %d", n, ev, ev.Action, n)
			case n == 4 && (ev.N != 0 || ev.Action != nil):
				t.Errorf("event 4: got %+v; want a change of the table", ev)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("event %d not heard within 10 s", n)
		}
	}
	a.Halt()
	select {
	case id := <-taken:
		if id != "t1" {
			t.Errorf("taken over: %q; want t1", id)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("t1 not taken over within 10 s of a's lease ending")
	}
	select {
	case ev := <-events:
		t.Errorf("b heard %+v; want nothing more", ev)
	default:
	}
}

func TestNewClusterChecksConfig(t *testing.T) {
	db := open(t, pgtest.URL(t))
	defer db.Close()
	for _, cfg := range []postgres.ClusterConfig{
		{URL: ""},
		{URL: "http://a.invalid", Heartbeat: time.Second, Expiry: time.Second},
	} {
		if _, err := postgres.NewCluster(context.Background(), db, cfg); game.ErrorCode(err) != game.CodeInvalid {
			t.Errorf("NewCluster(%+v): got %v; want code invalid", cfg, err)
		}
	}
}

// TestStaleOwnerFenced: an instance paused past its lease comes back with
// its copy of a table that another instance took over meanwhile. Its
// writes with that copy are refused (conflict) while the other owns the
// table, and still after it has claimed the table back (the other one
// gone): the claim moved the epoch on twice, so only a copy read since
// may write.
func TestStaleOwnerFenced(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	dbA, dbB := open(t, url), open(t, url)
	defer dbA.Close()
	defer dbB.Close()
	a, b := newCluster(t, dbA, "http://a.invalid"), newCluster(t, dbB, "http://b.invalid")
	stale := sample("t1")
	if err := dbA.CreateTable(ctx, stale); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	a.Halt() // paused: its lease runs out
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if ok, err := b.Claim(ctx, "t1"); err != nil {
			t.Fatalf("Claim by b: %v", err)
		} else if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("b could not claim the table 10 s after a's lease stopped")
		}
	}
	takeBack := store.TableEvent{N: 1, Kind: "takeback", Seat: 0}
	writes := func(who string) {
		t.Helper()
		if err := dbA.UpdateTable(ctx, stale); game.ErrorCode(err) != game.CodeConflict {
			t.Errorf("UpdateTable by a with its stale copy, %s: got %v; want code conflict", who, err)
		}
		if err := dbA.TakeBack(ctx, stale, 0, takeBack); game.ErrorCode(err) != game.CodeConflict {
			t.Errorf("TakeBack by a with its stale copy, %s: got %v; want code conflict", who, err)
		}
	}
	writes("while b owns the table")
	fresh, err := dbB.Table(ctx, "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if fresh.Epoch != stale.Epoch+1 {
		t.Errorf("epoch after b's claim: got %d; want %d", fresh.Epoch, stale.Epoch+1)
	}
	if err := dbB.AppendAction(ctx, "t1", store.Action{N: 1, Move: "x"}); err != nil {
		t.Fatalf("AppendAction by b, the owner: %v", err)
	}
	if err := dbB.UpdateTable(ctx, fresh); err != nil {
		t.Fatalf("UpdateTable by b, the owner: %v", err)
	}
	if err := b.Close(); err != nil { // b stops; a claims the table back
		t.Fatalf("Close: %v", err)
	}
	if ok, err := a.Claim(ctx, "t1"); !ok || err != nil {
		t.Fatalf("Claim by a once b is gone: got %v, %v; want true", ok, err)
	}
	writes("after claiming the table back")
	if err := dbA.AppendAction(ctx, "t1", store.Action{N: 1, Move: "y"}); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("AppendAction by a of the number b wrote: got %v; want code conflict", err)
	}
	reread, err := dbA.Table(ctx, "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if err := dbA.UpdateTable(ctx, reread); err != nil {
		t.Errorf("UpdateTable by a with the copy read after its claim: %v", err)
	}
}

// TestLeaseLostIsReported: an instance whose lease ran out before it
// renewed it (paused longer than the lease) is told so at its next
// heartbeat, so that it stops running the tables taken from it; an
// instance that renews in time is not.
func TestLeaseLostIsReported(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db := open(t, url)
	defer db.Close()
	// A long lease, so that no heartbeat on a loaded machine is late.
	c, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: "http://a.invalid", Heartbeat: 50 * time.Millisecond,
		Expiry: 5 * time.Second, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatalf("NewCluster: %v", err)
	}
	lost := make(chan struct{}, 16)
	if err := c.Start(ctx, postgres.Handlers{LeaseLost: func() { lost <- struct{}{} }}); err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer c.Close()
	select {
	case <-lost:
		t.Fatalf("LeaseLost called while the lease is renewed in time")
	case <-time.After(300 * time.Millisecond): // six heartbeats
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	// As if the instance had been paused for an hour.
	if _, err := conn.Exec(ctx, `UPDATE instances SET heartbeat = now() - interval '1 hour' WHERE id = $1`, db.Instance()); err != nil {
		t.Fatalf("age the lease: %v", err)
	}
	select {
	case <-lost:
	case <-time.After(10 * time.Second):
		t.Fatalf("LeaseLost not called within 10 s of the lease running out")
	}
}
