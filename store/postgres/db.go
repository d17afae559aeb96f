package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"minehall/game"
	"minehall/store"
)

// defaultMaxConns is the size of the connection pool unless the URL sets
// pool_max_conns.
const defaultMaxConns = 16

// stalledTransaction is how long a transaction of this instance may wait
// for it between two statements before the database ends it (the
// connection parameter stalledParam, unless the URL sets it): an instance
// paused in the middle of a transaction must not keep its table's row
// locked, or the instance taking the table over would wait for it to
// resume. Every transaction here runs its statements back to back.
const (
	stalledTransaction = time.Second
	stalledParam       = "idle_in_transaction_session_timeout"
)

// DB is a [store.Store] on a PostgreSQL database, writing as one instance.
type DB struct {
	pool     *pgxpool.Pool
	instance string
	// channel is the NOTIFY channel of the database's schema: instances on
	// other schemas of the same database do not hear each other.
	channel string

	notes     chan string   // notifications waiting to be published
	published chan struct{} // closed when the publisher has stopped
	mu        sync.RWMutex  // held for reading while queueing a notification
	closed    bool
	// actions queues the actions appended for the batching writers.
	actions actionQueue

	// SharedSQL makes the database the stores whose queries both SQL
	// stores share (see [store.SharedSQL]).
	store.SharedSQL
}

var (
	_ store.Store       = (*DB)(nil)
	_ store.Accounts    = (*DB)(nil)
	_ store.Reviews     = (*DB)(nil)
	_ store.PuzzleStore = (*DB)(nil)
)

// Open connects to the database at url (postgres://user:pass@host:port/db,
// with pgx's parameters such as sslmode, pool_max_conns (default 16) or
// search_path),
// migrates it to the latest schema, and returns a store that writes as a
// new instance with a random id.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "postgres: the database URL is not valid: %v", redact(err))
	}
	if !strings.Contains(url, "pool_max_conns") {
		// pgx's default (the number of CPUs, at least 4) leaves commits
		// queueing for a connection on a busy server; PostgreSQL
		// commits many at once.
		cfg.MaxConns = defaultMaxConns
	}
	if _, ok := cfg.ConnConfig.RuntimeParams[stalledParam]; !ok {
		cfg.ConnConfig.RuntimeParams[stalledParam] = strconv.FormatInt(stalledTransaction.Milliseconds(), 10)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	db := &DB{pool: pool, instance: newInstanceID()}
	db.SharedSQL = store.NewSharedSQL(db.inTx, db.reader, coded, isUniqueViolation)
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	var schema string
	if err := pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		pool.Close()
		return nil, internal("read the schema", err)
	}
	db.channel = "minehall_tables:" + schema
	db.startPublisher()
	db.startActionWriters()
	return db, nil
}

// redact keeps a password out of a URL parse error.
func redact(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, "://"); i >= 0 {
		if j := strings.Index(msg[i:], "@"); j >= 0 {
			msg = msg[:i+3] + "…" + msg[i+j:]
		}
	}
	return msg
}

func (db *DB) migrate(ctx context.Context) error {
	fsys, err := store.Migrations(store.DialectPostgres)
	if err != nil {
		return err
	}
	sqlDB := stdlib.OpenDBFromPool(db.pool)
	defer sqlDB.Close()
	// Instances starting at once on a fresh database migrate one at a time.
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: connect: %w", err)
	}
	defer conn.Release()
	const migrationLock = 0x6d696e6568616c6c // "minehall"
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, int64(migrationLock)); err != nil {
		return fmt.Errorf("postgres: lock for migrations: %w", err)
	}
	defer conn.Exec(context.Background(), `SELECT pg_advisory_unlock($1)`, int64(migrationLock))
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, fsys)
	if err != nil {
		return fmt.Errorf("postgres: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	return nil
}

func newInstanceID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Instance returns the id of the instance this store writes as.
func (db *DB) Instance() string { return db.instance }

// Channel returns the NOTIFY channel on which the store publishes its
// changes.
func (db *DB) Channel() string { return db.channel }

// Close publishes the changes waiting to be published and releases the
// store's connections. Every method that returned has committed already.
func (db *DB) Close() error {
	db.stopActionWriters()
	db.stopPublisher()
	db.pool.Close()
	return nil
}

// internal is a fault of the database (or a cancelled caller's, kept as
// context.Canceled): CodeUnavailable, which says so, when
// its disk is full (disk_full, 53100), else CodeInternal.
func internal(op string, err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "53100" {
		return game.Errorf(game.CodeUnavailable, "the server's disk is full, so nothing was saved; try again later")
	}
	if errors.Is(err, context.Canceled) {
		// The caller went away (a client that disconnected): keep the
		// cause, so that the edge does not report it as a fault.
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	return game.Errorf(game.CodeInternal, "postgres: %s: %v", op, err)
}

// isUniqueViolation reports whether err is PostgreSQL's unique_violation.
func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
