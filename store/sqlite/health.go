package sqlite

import (
	"context"
	"database/sql"
	"fmt"
)

// Probe commits a write that changes nothing (the database header's user
// version, rewritten with its own value) through the writer, in turn with
// the other writes, as every action is written: it fails, with CodeInternal,
// when the file cannot be written (read-only, the disk full, an I/O
// error), so that a server can report it is not ready before its players'
// actions fail.
func (db *DB) Probe(ctx context.Context) error {
	return db.write(ctx, writeOp{probe: true})
}

// SetReadOnly makes the store refuse every write from now on, as a
// read-only file would (SQLite's query_only), or accept them again. Writes
// queued before it are committed first. Reads go on either way. It is the
// store's read-only mode: for maintenance that must not see the database
// change, and for checking how a server behaves when its database goes
// read-only.
func (db *DB) SetReadOnly(ctx context.Context, on bool) error {
	return db.write(ctx, writeOp{control: func(w *sql.DB) error {
		if _, err := w.Exec(fmt.Sprintf(`PRAGMA query_only = %t`, on)); err != nil {
			return internal("set read-only", err)
		}
		return nil
	}})
}
