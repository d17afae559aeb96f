package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/pressly/goose/v3"
	"modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"minehall/game"
	"minehall/store"
)

// Checkpoint policy. The writer never checkpoints (wal_autocheckpoint is
// off on its connection), so a commit never waits for the database file to
// be written and synced. A checkpointer on a connection of its own copies
// the WAL into the database every checkpointEvery without blocking the
// writer (a PASSIVE checkpoint). Under writes that never pause, a passive
// checkpoint cannot let the WAL start over; once the WAL holds more than
// walRestartPages pages, the checkpointer runs a RESTART checkpoint, which
// holds writes back for as long as it takes.
const (
	checkpointEvery = 500 * time.Millisecond
	walRestartPages = 16384 // 64 MiB of 4 KiB pages
)

// DB is a [store.Store] on one SQLite file. Every write (tables and
// actions alike) goes through one writer goroutine that commits whatever
// is waiting in one transaction (group commit); reads use a pool of
// read-only connections.
//
// Durability: the file is in WAL mode with synchronous=NORMAL. A commit
// has written its frames to the WAL file (into the operating system's
// cache) before the write returns, so an acknowledged write survives the
// process being killed; only a crash of the operating system or the
// machine may lose the last commits, never corrupting the file.
type DB struct {
	writer *sql.DB    // one connection: SQLite has one writer
	read   *sql.DB    // several connections for concurrent reads
	reads  *stmtCache // the reads' prepared statements
	writes *stmtCache // the writer's, for the shared queries' transactions
	ckpt   *sql.DB    // one connection for the checkpointer
	stmts  *statements

	ops     chan writeOp
	closing chan struct{}
	done    chan struct{} // closed when the writer has stopped
	ckptEnd chan struct{} // closed when the checkpointer has stopped

	mu     sync.RWMutex // held for reading while queueing a write
	closed bool

	closeOnce sync.Once
	closeErr  error

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

// Open opens (creating if needed) the database at path and migrates it to
// the latest schema.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, game.Errorf(game.CodeInvalid, "sqlite: the database path is empty")
	}
	// A database is made in a folder that is there: SQLite's own refusal
	// ("unable to open database file") says neither what nor why.
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return nil, game.Errorf(game.CodeInvalid, "sqlite: the database %s cannot be opened: its folder %s does not exist", path, dir)
	} else if err == nil && !fi.IsDir() {
		return nil, game.Errorf(game.CodeInvalid, "sqlite: the database %s cannot be opened: %s is a file, not a folder", path, dir)
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	db := &DB{
		ops:     make(chan writeOp, maxBatch),
		closing: make(chan struct{}),
		done:    make(chan struct{}),
		ckptEnd: make(chan struct{}),
	}
	db.SharedSQL = store.NewSharedSQL(db.inTx, db.reader, coded, isUnique)
	var err error
	fail := func(err error) (*DB, error) {
		for _, d := range []*sql.DB{db.writer, db.read, db.ckpt} {
			if d != nil {
				d.Close()
			}
		}
		return nil, err
	}
	// The writer's transactions begin IMMEDIATE: they take the write lock
	// first, waiting for it under busy_timeout. A deferred transaction
	// would read first and then fail at once with SQLITE_BUSY if another
	// connection held the lock when it came to write, as a reader briefly
	// does while it rereads the WAL index during a commit.
	if db.writer, err = sql.Open("sqlite", dsn+"&_pragma=wal_autocheckpoint(0)&_txlock=immediate"); err != nil {
		return fail(fmt.Errorf("sqlite: open %s: %w", path, err))
	}
	db.writer.SetMaxOpenConns(1)
	db.writer.SetConnMaxIdleTime(0)
	if err := migrate(ctx, db.writer); err != nil {
		return fail(err)
	}
	if db.stmts, err = prepare(ctx, db.writer); err != nil {
		return fail(err)
	}
	db.writes = newStmtCache(db.writer, maxCachedStatements)
	if db.read, err = sql.Open("sqlite", dsn+"&_pragma=query_only(1)"); err != nil {
		return fail(fmt.Errorf("sqlite: open %s: %w", path, err))
	}
	db.read.SetMaxOpenConns(4)
	db.reads = newStmtCache(db.read, maxCachedStatements)
	if db.ckpt, err = sql.Open("sqlite", dsn); err != nil {
		return fail(fmt.Errorf("sqlite: open %s: %w", path, err))
	}
	db.ckpt.SetMaxOpenConns(1)
	go db.writeLoop()
	go db.checkpointLoop()
	return db, nil
}

func migrate(ctx context.Context, db *sql.DB) error {
	sub, err := store.Migrations(store.DialectSQLite)
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

// checkpointLoop copies the WAL into the database file in the background
// (see the checkpoint policy above) until Close.
func (db *DB) checkpointLoop() {
	defer close(db.ckptEnd)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-db.closing:
			return
		case <-tick.C:
		}
		var busy, log, done int
		if err := db.ckpt.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &log, &done); err != nil {
			continue // tried again at the next tick
		}
		if log > walRestartPages {
			db.ckpt.QueryRow(`PRAGMA wal_checkpoint(RESTART)`).Scan(&busy, &log, &done)
		}
	}
}

// Close commits every pending write, checkpoints the WAL into the
// database file, and closes the database. Writes arriving after Close
// fail. Closing again returns the first Close's result.
func (db *DB) Close() error {
	db.closeOnce.Do(func() {
		db.mu.Lock()
		db.closed = true
		close(db.closing)
		db.mu.Unlock()
		<-db.done
		<-db.ckptEnd
		db.stmts.close()
		db.writes.close()
		_, errCkpt := db.writer.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		if errCkpt != nil {
			errCkpt = internal("checkpoint", errCkpt)
		}
		db.closeErr = errors.Join(errCkpt, db.ckpt.Close(), db.reads.close(), db.read.Close(), db.writer.Close())
	})
	return db.closeErr
}

// internal is a fault of the database (or a cancelled caller's, kept as
// context.Canceled): CodeUnavailable, which says so, when
// the disk is full (SQLITE_FULL: a write that can wait for space, not a
// bug), else CodeInternal.
func internal(op string, err error) error {
	if diskFull(err) {
		return game.Errorf(game.CodeUnavailable, "the server's disk is full, so nothing was saved; try again later")
	}
	if errors.Is(err, context.Canceled) {
		// The caller went away (a client that disconnected): keep the
		// cause, so that the edge does not report it as a fault.
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	return game.Errorf(game.CodeInternal, "sqlite: %s: %v", op, err)
}

// diskFull reports whether err is SQLite's "database or disk is full".
func diskFull(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_FULL
}
