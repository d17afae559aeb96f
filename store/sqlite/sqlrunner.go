package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"minehall/game"
	"minehall/store"
)

// sqlRunner adapts a connection pool or a transaction to [store.SQL].
type sqlRunner struct {
	db interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	}
}

func (r sqlRunner) Exec(ctx context.Context, q string, args ...any) (int64, error) {
	res, err := r.db.ExecContext(ctx, store.SQLiteQuery(q), args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (r sqlRunner) Query(ctx context.Context, q string, args ...any) (store.Rows, func(), error) {
	rows, err := r.db.QueryContext(ctx, store.SQLiteQuery(q), args...)
	if err != nil {
		return nil, nil, err
	}
	return rows, func() { rows.Close() }, nil
}

// ForUpdate is empty: SQLite's one writer holds the whole database.
func (sqlRunner) ForUpdate() string { return "" }

// LockKey does nothing: SQLite's one writer holds the whole database.
func (sqlRunner) LockKey(context.Context, string) error { return nil }

func isUnique(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && (se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
}

// inTx runs fn in a transaction of the writer goroutine, alone, and
// commits it if fn returns nil.
func (db *DB) inTx(ctx context.Context, fn func(store.SQL) error) error {
	return db.write(ctx, writeOp{control: func(w *sql.DB) error {
		q := txQueries{writes: db.writes, missed: map[string]struct{}{}}
		defer q.prepareMissed()
		tx, err := w.BeginTx(context.Background(), nil)
		if err != nil {
			return internal("begin", err)
		}
		defer tx.Rollback()
		q.tx = tx
		if err := fn(sqlRunner{q}); err != nil {
			return coded(err)
		}
		if err := tx.Commit(); err != nil {
			return internal("commit", err)
		}
		return nil
	}})
}

// txQueries runs a transaction's queries with the writer's prepared
// statements where it has them, and notes the others in missed: the
// writer's one connection is the transaction's until it ends, so they are
// prepared after it (prepareMissed), for the transactions to come.
type txQueries struct {
	tx     *sql.Tx
	writes *stmtCache
	missed map[string]struct{}
}

func (t txQueries) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if s := t.writes.cached(q); s != nil {
		return t.tx.StmtContext(ctx, s).QueryContext(ctx, args...)
	}
	t.missed[q] = struct{}{}
	return t.tx.QueryContext(ctx, q, args...)
}

func (t txQueries) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if s := t.writes.cached(q); s != nil {
		return t.tx.StmtContext(ctx, s).ExecContext(ctx, args...)
	}
	t.missed[q] = struct{}{}
	return t.tx.ExecContext(ctx, q, args...)
}

// prepareMissed prepares the queries the transaction ran unprepared, once
// it has ended.
func (t txQueries) prepareMissed() {
	for q := range t.missed {
		t.writes.stmt(context.Background(), q)
	}
}

// coded keeps a game-coded error and makes any other an internal one.
func coded(err error) error {
	var ge *game.Error
	if err == nil || errors.As(err, &ge) {
		return err
	}
	return internal("query", err)
}

func (db *DB) reader() store.SQL { return sqlRunner{db.reads} }
