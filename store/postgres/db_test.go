package postgres_test

import (
	"context"
	"testing"

	"minehall/game"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
	"minehall/store/storetest"
)

func open(t *testing.T, url string) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return db
}

// openFresh opens a database on a schema of the test's own; the shared
// suites close it.
func openFresh(t *testing.T) store.Store { return open(t, pgtest.URL(t)) }

func TestStore(t *testing.T) {
	storetest.Run(t, openFresh)
}

func sample(id string) *store.Table {
	return &store.Table{ID: id, Game: "race", Players: 2, Options: game.Options{}, OwnerHash: []byte{1},
		Seats: []store.Seat{{Kind: store.SeatBot, Bot: "easy"}, {Kind: store.SeatPerson}}, Status: store.StatusPlaying}
}

// TestReopen checks that what one DB committed another DB on the same
// schema reads, and that migrating an up-to-date schema is harmless.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db := open(t, url)
	if err := db.CreateTable(ctx, sample("t1")); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	if err := db.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 1"}); err != nil {
		t.Fatalf("AppendAction: %v", err)
	}
	db.Close()
	db = open(t, url)
	defer db.Close()
	acts, err := db.Actions(ctx, "t1")
	if err != nil {
		t.Fatalf("Actions: %v", err)
	}
	if len(acts) != 1 || acts[0].Move != "add 1" {
		t.Errorf("Actions after reopen: got %+v; want one action add 1", acts)
	}
}

// TestOnlyTheOwnerWrites checks the fencing of a table: an instance that
// does not own an unfinished table can neither append to it nor change
// it, and changes nothing trying; anyone may link a finished table to its
// rematch.
func TestOnlyTheOwnerWrites(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	owner, other := open(t, url), open(t, url)
	defer owner.Close()
	defer other.Close()
	tb := sample("t1")
	if err := owner.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	if err := other.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 1"}); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("AppendAction by another instance: got %v; want code conflict", err)
	}
	tb.Seats[1].Name = "Bo"
	if err := other.UpdateTable(ctx, tb); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("UpdateTable by another instance: got %v; want code conflict", err)
	}
	got, err := owner.Table(ctx, "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if got.Seats[1].Name != "" {
		t.Errorf("seat 1 after a refused update: got name %q; want none", got.Seats[1].Name)
	}
	if acts, _ := owner.Actions(ctx, "t1"); len(acts) != 0 {
		t.Errorf("Actions after a refused append: got %+v; want none", acts)
	}
	if err := owner.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 1"}); err != nil {
		t.Errorf("AppendAction by the owner: %v", err)
	}
	tb.Status = store.StatusFinished
	if err := owner.UpdateTable(ctx, tb); err != nil {
		t.Fatalf("UpdateTable finishing: %v", err)
	}
	tb.Rematch = "t2"
	if err := other.UpdateTable(ctx, tb); err != nil {
		t.Errorf("UpdateTable of a finished table by another instance: got %v; want nil", err)
	}
}

func TestOpenBadURL(t *testing.T) {
	_, err := postgres.Open(context.Background(), "postgres://user:secret@127.0.0.1:notaport/db")
	if game.ErrorCode(err) != game.CodeInvalid {
		t.Fatalf("Open with a bad port: got %v; want code invalid", err)
	}
	if msg := err.Error(); contains(msg, "secret") {
		t.Errorf("Open error %q shows the password", msg)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
