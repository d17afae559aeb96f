package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"minehall/game"
	"minehall/store"
)

var _ store.Accounts = (*DB)(nil)

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
	return internal("accounts", err)
}

func (db *DB) reader() store.SQL { return sqlRunner{db.pool} }

// CreateAccount implements [store.Accounts].
func (db *DB) CreateAccount(ctx context.Context, a *store.Account) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.InsertAccount(ctx, tx, a, isUniqueViolation) })
}

// Account implements [store.Accounts].
func (db *DB) Account(ctx context.Context, id string) (*store.Account, error) {
	a, err := store.SelectAccount(ctx, db.reader(), "id", id)
	return a, coded(err)
}

// AccountByName implements [store.Accounts].
func (db *DB) AccountByName(ctx context.Context, key string) (*store.Account, error) {
	a, err := store.SelectAccount(ctx, db.reader(), "name_key", key)
	return a, coded(err)
}

// AddCredential implements [store.Accounts].
func (db *DB) AddCredential(ctx context.Context, c store.Credential) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.InsertCredential(ctx, tx, c, isUniqueViolation) })
}

// Credentials implements [store.Accounts].
func (db *DB) Credentials(ctx context.Context, accountID string) ([]store.Credential, error) {
	cs, err := store.SelectCredentials(ctx, db.reader(), accountID)
	return cs, coded(err)
}

// UpdateCredential implements [store.Accounts].
func (db *DB) UpdateCredential(ctx context.Context, c store.Credential) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.UpdateCredentialData(ctx, tx, c) })
}

// CreateSession implements [store.Accounts].
func (db *DB) CreateSession(ctx context.Context, s store.Session) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.InsertSession(ctx, tx, s) })
}

// Session implements [store.Accounts].
func (db *DB) Session(ctx context.Context, hash []byte, now time.Time) (*store.Session, error) {
	s, err := store.SelectSession(ctx, db.reader(), hash, now)
	return s, coded(err)
}

// DeleteSession implements [store.Accounts]; it also drops the sessions
// expired by now.
func (db *DB) DeleteSession(ctx context.Context, hash []byte) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.RemoveSession(ctx, tx, hash, time.Now()) })
}

// RecordGame implements [store.Accounts].
func (db *DB) RecordGame(ctx context.Context, g store.GameResult, rate store.RateFunc) (bool, error) {
	var added bool
	err := db.inTx(ctx, func(tx store.SQL) error {
		var err error
		added, err = store.RecordGameTx(ctx, tx, g, rate)
		return err
	})
	return added, err
}

// Ratings implements [store.Accounts].
func (db *DB) Ratings(ctx context.Context, player string) ([]store.PlayerRating, error) {
	rs, err := store.SelectRatings(ctx, db.reader(), player)
	return rs, coded(err)
}

// Leaderboard implements [store.Accounts].
func (db *DB) Leaderboard(ctx context.Context, g string, bots bool, limit int) ([]store.PlayerRating, error) {
	rs, err := store.SelectLeaderboard(ctx, db.reader(), g, bots, limit)
	return rs, coded(err)
}

// TableGames implements [store.Accounts].
func (db *DB) TableGames(ctx context.Context, table string) ([]store.PlayedGame, error) {
	ps, err := store.SelectTableGames(ctx, db.reader(), table)
	return ps, coded(err)
}

// RatedGames implements [store.Accounts].
func (db *DB) RatedGames(ctx context.Context, g string) ([]store.PlayedGame, error) {
	ps, err := store.SelectRatedGames(ctx, db.reader(), g)
	return ps, coded(err)
}

// PlayedGames implements [store.Accounts].
func (db *DB) PlayedGames(ctx context.Context, player, g string, limit int) ([]store.PlayedGame, error) {
	ps, err := store.SelectPlayedGames(ctx, db.reader(), player, g, limit)
	return ps, coded(err)
}

// GameStats implements [store.Accounts].
func (db *DB) GameStats(ctx context.Context, player string) ([]store.GameStats, error) {
	ss, err := store.SelectGameStats(ctx, db.reader(), player)
	return ss, coded(err)
}
