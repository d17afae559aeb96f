package sqlitetest_test

import (
	"context"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/store/sqlite/sqlitetest"
)

// TestCopiesAreEmptyAndApart checks that every store is a working, empty
// database of its own: a table written to one is not in the next.
func TestCopiesAreEmptyAndApart(t *testing.T) {
	ctx := context.Background()
	first := sqlitetest.Open(t)
	defer first.Close()
	tb := &store.Table{ID: "t1", Game: "connectfour", Players: 2, Status: store.StatusOpen, Created: time.Now().UTC(),
		Seats: []store.Seat{{Kind: store.SeatPerson}, {Kind: store.SeatPerson}}}
	if err := first.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable in a copy: %v", err)
	}
	if got, err := first.Table(ctx, "t1"); err != nil || got.Game != "connectfour" {
		t.Fatalf("Table: %v, %v", got, err)
	}
	second := sqlitetest.Open(t)
	defer second.Close()
	if _, err := second.Table(ctx, "t1"); game.ErrorCode(err) != game.CodeNotFound {
		t.Fatalf("a second copy has the first one's table (err %v); want not found", err)
	}
}
