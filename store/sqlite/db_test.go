package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/storetest"
)

// openFresh opens an empty database in a file of the test's own; the
// shared suites close it.
func openFresh(t *testing.T) store.Store {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return db
}

func TestStore(t *testing.T) {
	storetest.Run(t, openFresh)
}

// TestReopen checks that what one DB committed another DB on the same file
// reads, and that migrating an up-to-date file is harmless.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	tb := playingTable("t1")
	if err := db.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	if err := db.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 1"}); err != nil {
		t.Fatalf("AppendAction: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := db.AppendAction(ctx, "t1", store.Action{N: 2, Move: "add 1"}); game.ErrorCode(err) != game.CodeInternal {
		t.Errorf("AppendAction after Close: got %v; want an internal error", err)
	}
	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	acts, err := db.Actions(ctx, "t1")
	if err != nil {
		t.Fatalf("Actions: %v", err)
	}
	if len(acts) != 1 || acts[0].Move != "add 1" {
		t.Errorf("Actions after reopen: got %+v; want one action add 1", acts)
	}
}

// A path SQLite could not make a database at is refused with what is
// wrong with it.
func TestOpenRefusesBadPaths(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"", "sqlite: the database path is empty"},
		{filepath.Join(dir, "no", "x.db"), "sqlite: the database " + filepath.Join(dir, "no", "x.db") + " cannot be opened: its folder " + filepath.Join(dir, "no") + " does not exist"},
		{filepath.Join(file, "x.db"), "sqlite: the database " + filepath.Join(file, "x.db") + " cannot be opened: " + file + " is a file, not a folder"},
	} {
		_, err := sqlite.Open(context.Background(), tc.path)
		if game.ErrorCode(err) != game.CodeInvalid || err.Error() != tc.want {
			t.Errorf("Open(%q): got %v; want code invalid, %q", tc.path, err, tc.want)
		}
	}
}

// TestCloseCheckpoints checks that Close copies the whole WAL into the
// database file and empties it, so that a closed database is one file.
func TestCloseCheckpoints(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	tb := playingTable("t1")
	if err := db.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	for n := int64(1); n <= 200; n++ {
		if err := db.AppendAction(ctx, "t1", store.Action{N: n, Move: "add 1"}); err != nil {
			t.Fatalf("AppendAction %d: %v", n, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Errorf("second Close: %v; want the first one's nil", err)
	}
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() != 0 {
		t.Errorf("WAL after Close: %d bytes; want it empty or gone", fi.Size())
	}
	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	if acts, err := db.Actions(ctx, "t1"); err != nil || len(acts) != 200 {
		t.Errorf("Actions after reopen: got %d, %v; want 200", len(acts), err)
	}
}

// TestWriteWaitsForTheLock checks that a write waits while another
// connection holds SQLite's write lock (as a reader briefly does when it
// rereads the WAL index during a commit) instead of failing at once with
// "database is locked".
func TestWriteWaitsForTheLock(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer db.Close()
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatalf("open a second connection: %v", err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatalf("Conn: %v", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatalf("take the write lock: %v", err)
	}
	released := make(chan error, 1)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, err := conn.ExecContext(ctx, "COMMIT")
		released <- err
	}()
	tb := playingTable("t1")
	if err := db.CreateTable(ctx, tb); err != nil {
		t.Errorf("CreateTable while another connection held the write lock: %v; want it to wait and succeed", err)
	}
	if err := <-released; err != nil {
		t.Fatalf("release the write lock: %v", err)
	}
	if got, err := db.Table(ctx, "t1"); err != nil || got.ID != "t1" {
		t.Errorf("Table after the wait: %v, %v; want table t1", got, err)
	}
}

// playingTable is a table in play with the given id, a bot's seat and a
// person's.
func playingTable(id string) *store.Table {
	return &store.Table{ID: id, Game: "race", Players: 2, Options: game.Options{}, OwnerHash: []byte{1},
		Seats: []store.Seat{{Kind: store.SeatBot, Bot: "easy"}, {Kind: store.SeatPerson}}, Status: store.StatusPlaying}
}
