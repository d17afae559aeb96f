package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"minehall/game"
	"minehall/store"
)

// sqlRunner adapts the pool or a transaction to [store.SQL].
type sqlRunner struct {
	db interface {
		Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
		Query(context.Context, string, ...any) (pgx.Rows, error)
	}
}

func (r sqlRunner) Exec(ctx context.Context, q string, args ...any) (int64, error) {
	tag, err := r.db.Exec(ctx, q, args...)
	return tag.RowsAffected(), err
}

func (r sqlRunner) Query(ctx context.Context, q string, args ...any) (store.Rows, func(), error) {
	rows, err := r.db.Query(ctx, q, args...)
	if err != nil {
		return nil, nil, err
	}
	return rows, rows.Close, nil
}

// ForUpdate locks the rows read until the transaction ends.
func (sqlRunner) ForUpdate() string { return "FOR UPDATE" }

// inTx runs fn in a transaction and commits it if fn returns nil.
func (db *DB) inTx(ctx context.Context, fn func(store.SQL) error) error {
	return coded(pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error { return fn(sqlRunner{tx}) }))
}

// coded keeps a game-coded error and makes any other an internal one.
func coded(err error) error {
	var ge *game.Error
	if err == nil || errors.As(err, &ge) {
		return err
	}
	return internal("query", err)
}

func (db *DB) reader() store.SQL { return sqlRunner{db.pool} }

// LockKey takes a transaction-level advisory lock on key's hash.
func (r sqlRunner) LockKey(ctx context.Context, key string) error {
	_, err := r.db.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key)
	return err
}
