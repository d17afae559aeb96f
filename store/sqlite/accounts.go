package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"minehall/game"
	"minehall/store"
)

var _ store.Accounts = (*DB)(nil)

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

func isUnique(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && (se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
}

// inTx runs fn in a transaction of the writer goroutine, alone, and
// commits it if fn returns nil.
func (db *DB) inTx(ctx context.Context, fn func(store.SQL) error) error {
	return db.write(ctx, writeOp{control: func(w *sql.DB) error {
		tx, err := w.BeginTx(context.Background(), nil)
		if err != nil {
			return internal("begin", err)
		}
		defer tx.Rollback()
		if err := fn(sqlRunner{tx}); err != nil {
			return coded(err)
		}
		if err := tx.Commit(); err != nil {
			return internal("commit", err)
		}
		return nil
	}})
}

// coded keeps a game-coded error and makes any other an internal one.
func coded(err error) error {
	var ge *game.Error
	if err == nil || errors.As(err, &ge) {
		return err
	}
	return internal("accounts", err)
}

func (db *DB) reader() store.SQL { return sqlRunner{db.read} }

// CreateAccount implements [store.Accounts].
func (db *DB) CreateAccount(ctx context.Context, a *store.Account) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.InsertAccount(ctx, tx, a, isUnique) })
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
	return db.inTx(ctx, func(tx store.SQL) error { return store.InsertCredential(ctx, tx, c, isUnique) })
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
