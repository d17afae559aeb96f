package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// stmtCache keeps a prepared statement for each query run on a pool, so
// that a query asked again is not parsed again: database/sql prepares
// every query it is given as text, and SQLite parses a statement each time
// it is prepared, which took more of the server's CPU than running the
// queries did. A statement is prepared on a connection of the pool when it
// is first used there, and reset after each use, so it holds no read
// transaction between uses. The cache keeps at most limit queries; another
// runs unprepared, as every query did before.
type stmtCache struct {
	db    *sql.DB
	limit int
	mu    sync.Mutex
	m     map[string]*sql.Stmt // by query
}

// maxCachedStatements bounds the store's caches: the stores' queries are
// a few hundred texts, and one whose text were built from values would
// otherwise fill a cache.
const maxCachedStatements = 512

func newStmtCache(db *sql.DB, limit int) *stmtCache {
	return &stmtCache{db: db, limit: limit, m: map[string]*sql.Stmt{}}
}

// cached returns q's statement if it has been prepared, else nil.
func (c *stmtCache) cached(q string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[q]
}

// stmt returns q's statement, prepared on first use, or nil when q cannot
// be prepared (the query then runs unprepared and reports why) or the
// cache is full.
func (c *stmtCache) stmt(ctx context.Context, q string) *sql.Stmt {
	c.mu.Lock()
	s, ok := c.m[q]
	full := len(c.m) >= c.limit
	c.mu.Unlock()
	if ok || full {
		return s
	}
	// Prepared without the lock held: preparing waits for a free
	// connection of the pool.
	s, err := c.db.PrepareContext(ctx, q)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if had, ok := c.m[q]; ok {
		s.Close()
		return had
	}
	if len(c.m) >= c.limit {
		s.Close()
		return nil
	}
	c.m[q] = s
	return s
}

// QueryContext runs q on the pool.
func (c *stmtCache) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if s := c.stmt(ctx, q); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return c.db.QueryContext(ctx, q, args...)
}

// QueryRowContext runs q as [stmtCache.QueryContext] does, for one row.
func (c *stmtCache) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	if s := c.stmt(ctx, q); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return c.db.QueryRowContext(ctx, q, args...)
}

// ExecContext runs q as [stmtCache.QueryContext] does, for no rows.
func (c *stmtCache) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if s := c.stmt(ctx, q); s != nil {
		return s.ExecContext(ctx, args...)
	}
	return c.db.ExecContext(ctx, q, args...)
}

// close closes every statement; the cache is not used after.
func (c *stmtCache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for q, s := range c.m {
		errs = append(errs, s.Close())
		delete(c.m, q)
	}
	return errors.Join(errs...)
}
