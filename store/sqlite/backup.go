package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"minehall/game"
)

// Backup writes a consistent copy of the Minehall database at path to the
// new file dst, while a server may be using the database: it reads one
// snapshot (SQLite's VACUUM INTO on a read-only connection), so the copy
// holds every write committed before it began and nothing of the writes
// after, and it blocks no writer. The copy is a compact database file of
// its own (no WAL beside it), checked before Backup returns; open it as
// the database to restore it. Backup refuses a dst that exists already
// (CodeConflict) and a path that is not a Minehall database (CodeInvalid
// or CodeNotFound); a copy that failed is removed.
func Backup(ctx context.Context, path, dst string) error {
	if _, err := os.Stat(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return game.Errorf(game.CodeNotFound, "there is no database %s", path)
		}
		return game.Errorf(game.CodeInvalid, "the database %s cannot be read: %v", path, err)
	}
	abs, err := filepath.Abs(dst)
	if err != nil {
		return game.Errorf(game.CodeInvalid, "backup file %s: %v", dst, err)
	}
	// Made empty and exclusively here, so that an existing file is never
	// touched and a failed copy is ours to remove.
	f, err := os.OpenFile(abs, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return game.Errorf(game.CodeConflict, "%s exists already; back up to a new file", dst)
	}
	if err != nil {
		return game.Errorf(game.CodeInvalid, "backup file %s cannot be made: %v", dst, err)
	}
	f.Close()
	if err := vacuumInto(ctx, path, abs); err != nil {
		os.Remove(abs)
		return err
	}
	return nil
}

// vacuumInto copies the database at path into the empty file dst and
// checks the copy.
func vacuumInto(ctx context.Context, path, dst string) error {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?mode=ro&_pragma=busy_timeout(10000)"
	src, err := sql.Open("sqlite", dsn)
	if err != nil {
		return internal("open for backup", err)
	}
	defer src.Close()
	var n int
	if err := src.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN ('tables', 'actions', 'seats')`).Scan(&n); err != nil {
		return game.Errorf(game.CodeInvalid, "%s is not an SQLite database: %v", path, err)
	}
	if n != 3 {
		return game.Errorf(game.CodeInvalid, "%s is not a Minehall database (it has no tables, seats and actions)", path)
	}
	if _, err := src.ExecContext(ctx, `VACUUM INTO ?`, dst); err != nil {
		return game.Errorf(game.CodeInternal, "sqlite: back up %s to %s: %v", path, dst, err)
	}
	return check(ctx, dst)
}

// check runs SQLite's quick check on the database file at path.
func check(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return internal("open the backup", err)
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&res); err != nil {
		return internal("check the backup", err)
	}
	if res != "ok" {
		return game.Errorf(game.CodeInternal, "sqlite: the backup %s does not pass SQLite's check: %s", path, res)
	}
	return nil
}
