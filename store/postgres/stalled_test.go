package postgres

import (
	"context"
	"testing"
	"time"

	"minehall/store"
	"minehall/store/postgres/pgtest"
)

// TestStalledTransactionFreesTheTable: an instance paused in the middle of
// a transaction that locked a table's row (as UpdateTable does) holds it
// only until the database ends the stalled transaction, so another
// instance can take the table over without waiting for the pause to end,
// and the stalled transaction commits nothing.
func TestStalledTransactionFreesTheTable(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, err := Open(ctx, url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer a.Close()
	b, err := Open(ctx, url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer b.Close()
	tb := &store.Table{ID: "t1", Game: "race", Players: 2, OwnerHash: []byte{1}, Status: store.StatusPlaying,
		Seats: []store.Seat{{Kind: store.SeatPerson}, {Kind: store.SeatPerson}}}
	if err := a.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	tx, err := a.pool.Begin(ctx)
	if err != nil {
		t.Fatalf("Begin: %v", err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE tables SET status = 'finished' WHERE id = 't1'`); err != nil {
		t.Fatalf("UPDATE: %v", err)
	}
	// a stalls here, as a process stopped by SIGSTOP; b takes the table.
	claimCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if _, err := b.pool.Exec(claimCtx, `UPDATE tables SET owner = $1, epoch = epoch + 1 WHERE id = 't1'`, b.instance); err != nil {
		t.Fatalf("b's claim while a's transaction stalls: %v; want it done once the database ends that transaction", err)
	}
	if err := tx.Commit(ctx); err == nil {
		t.Errorf("a's stalled transaction committed after b took the table; want it ended by the database")
	}
	got, err := b.Table(ctx, "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if got.Status != store.StatusPlaying {
		t.Errorf("status after a's stalled transaction: %s; want playing, unchanged", got.Status)
	}
}
