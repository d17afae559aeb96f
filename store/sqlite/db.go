package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sync"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"minehall/game"
	"minehall/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// maxBatch caps how many appended actions share one commit.
const maxBatch = 512

// DB is a [store.Store] on one SQLite file.
type DB struct {
	write *sql.DB // one connection: SQLite has one writer
	read  *sql.DB // several connections for concurrent reads

	appends chan appendRequest
	closing chan struct{}
	done    chan struct{}

	mu     sync.RWMutex // held for reading while queueing an append
	closed bool
}

var _ store.Store = (*DB)(nil)

type appendRequest struct {
	table  string
	action store.Action
	result chan error
}

// Open opens (creating if needed) the database at path and migrates it to
// the latest schema.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, game.Errorf(game.CodeInvalid, "sqlite: the database path is empty")
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	write, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	if err := migrate(ctx, write); err != nil {
		write.Close()
		return nil, err
	}
	read, err := sql.Open("sqlite", dsn+"&_pragma=query_only(1)")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	read.SetMaxOpenConns(4)
	db := &DB{
		write:   write,
		read:    read,
		appends: make(chan appendRequest, maxBatch),
		closing: make(chan struct{}),
		done:    make(chan struct{}),
	}
	go db.appendLoop()
	return db, nil
}

func migrate(ctx context.Context, db *sql.DB) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("sqlite: migrations: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, sub)
	if err != nil {
		return fmt.Errorf("sqlite: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("sqlite: migrate: %w", err)
	}
	return nil
}

// Close commits every pending append, then closes the database. Appends
// arriving after Close fail.
func (db *DB) Close() error {
	db.mu.Lock()
	if !db.closed {
		db.closed = true
		close(db.closing)
	}
	db.mu.Unlock()
	<-db.done
	return errors.Join(db.read.Close(), db.write.Close())
}

func internal(op string, err error) error {
	return game.Errorf(game.CodeInternal, "sqlite: %s: %v", op, err)
}
