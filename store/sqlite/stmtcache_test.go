package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
)

// openForTest opens a new database in a temporary directory, closed when
// tb ends.
func openForTest(tb testing.TB) *DB {
	tb.Helper()
	db, err := Open(context.Background(), filepath.Join(tb.TempDir(), "minehall.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func createAccount(tb testing.TB, db *DB, i int) *store.Account {
	tb.Helper()
	a := &store.Account{ID: fmt.Sprintf("a%d", i), Name: fmt.Sprintf("Ann%d", i), NameKey: fmt.Sprintf("ann%d", i),
		Skeleton: fmt.Sprintf("ann%d", i), Created: time.UnixMilli(1_790_000_000_000)}
	if err := db.CreateAccount(context.Background(), a); err != nil {
		tb.Fatal(err)
	}
	return a
}

// cachedQueries returns how many queries c holds a statement for.
func cachedQueries(c *stmtCache) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// TestPreparedReadsSeeEveryWrite reads accounts through the reads'
// prepared statements between writes: each read finds what was written
// before it (a statement kept prepared holds no old snapshot of the
// database), and a query read again reuses its statement.
func TestPreparedReadsSeeEveryWrite(t *testing.T) {
	db := openForTest(t)
	ctx := context.Background()
	for i := range 5 {
		a := createAccount(t, db, i)
		got, err := db.Account(ctx, a.ID)
		if err != nil || got.Name != a.Name {
			t.Fatalf("account %s after its write: %+v, %v; want %s", a.ID, got, err, a.Name)
		}
		if _, err := db.Account(ctx, "nobody"); game.ErrorCode(err) != game.CodeNotFound {
			t.Fatalf("an account never made: %v; want not found", err)
		}
	}
	n := cachedQueries(db.reads)
	if n == 0 {
		t.Fatal("no read kept its statement")
	}
	for i := 5; i < 8; i++ {
		a := createAccount(t, db, i)
		if got, err := db.Account(ctx, a.ID); err != nil || got.Name != a.Name {
			t.Fatalf("account %s: %+v, %v", a.ID, got, err)
		}
	}
	if m := cachedQueries(db.reads); m != n {
		t.Errorf("the same reads again kept %d statements; want the %d they had", m, n)
	}
}

// TestTransactionsPrepareTheirQueriesAfter runs the same write twice: the
// first transaction runs its queries unprepared and leaves them prepared
// for the second, which uses them; both writes land.
func TestTransactionsPrepareTheirQueriesAfter(t *testing.T) {
	db := openForTest(t)
	createAccount(t, db, 1)
	n := cachedQueries(db.writes)
	if n == 0 {
		t.Fatal("the first write left no prepared statement")
	}
	createAccount(t, db, 2)
	if m := cachedQueries(db.writes); m != n {
		t.Errorf("the same write again left %d statements; want the %d it used", m, n)
	}
	for _, id := range []string{"a1", "a2"} {
		if _, err := db.Account(context.Background(), id); err != nil {
			t.Errorf("account %s: %v", id, err)
		}
	}
}

// TestFullCacheRunsQueriesUnprepared: past its limit a cache keeps no more
// statements, and its queries still answer; a query that cannot be
// prepared reports why and is not kept.
func TestFullCacheRunsQueriesUnprepared(t *testing.T) {
	db := openForTest(t)
	ctx := context.Background()
	c := newStmtCache(db.read, 1)
	defer c.close()
	for i := range 3 {
		var got int
		if err := c.QueryRowContext(ctx, fmt.Sprintf("SELECT %d", i)).Scan(&got); err != nil || got != i {
			t.Fatalf("SELECT %d: %d, %v", i, got, err)
		}
	}
	if n := cachedQueries(c); n != 1 {
		t.Errorf("a cache of 1 holds %d statements", n)
	}
	c = newStmtCache(db.read, 10)
	defer c.close()
	if _, err := c.QueryContext(ctx, "SELEKT 1"); err == nil {
		t.Error("a malformed query ran")
	}
	if n := cachedQueries(c); n != 0 {
		t.Errorf("a malformed query was kept (%d statements)", n)
	}
}

// cacheLimits are the benchmarks' two stores: with the statement caches,
// and with every query prepared anew, as before them.
var cacheLimits = []struct {
	name  string
	limit int
}{{"prepared", maxCachedStatements}, {"unprepared", 0}}

// BenchmarkAccountRead reads an account by id, as every signed-in request
// does, with the reads' prepared statements ("prepared") and with every
// query prepared anew, as before them ("unprepared").
func BenchmarkAccountRead(b *testing.B) {
	for _, c := range cacheLimits {
		b.Run(c.name, func(b *testing.B) {
			db := openForTest(b)
			a := createAccount(b, db, 1)
			db.reads = newStmtCache(db.read, c.limit)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := db.Account(ctx, a.ID); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAccountWrite creates accounts, each in a transaction of the
// writer, with the writer's prepared statements and without them.
func BenchmarkAccountWrite(b *testing.B) {
	for _, c := range cacheLimits {
		b.Run(c.name, func(b *testing.B) {
			db := openForTest(b)
			db.writes = newStmtCache(db.writer, c.limit)
			i := 0
			for b.Loop() {
				createAccount(b, db, i)
				i++
			}
		})
	}
}
