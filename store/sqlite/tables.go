package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"minehall/game"
	"minehall/store"
)

// CreateTable implements [store.Store]. The writer goroutine commits it,
// with whatever other writes are waiting, before it returns.
func (db *DB) CreateTable(ctx context.Context, t *store.Table) error {
	if !t.Status.Valid() {
		return game.Errorf(game.CodeInvalid, "table %s: status %q is not open, playing or finished", t.ID, t.Status)
	}
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return internal("encode options", err)
	}
	res, err := encodeResult(t.Result)
	if err != nil {
		return err
	}
	return db.write(ctx, writeOp{create: t, opts: string(opts), res: res})
}

// UpdateTable implements [store.Store]. The writer goroutine commits it,
// with whatever other writes are waiting, before it returns.
func (db *DB) UpdateTable(ctx context.Context, t *store.Table) error {
	if !t.Status.Valid() {
		return game.Errorf(game.CodeInvalid, "table %s: status %q is not open, playing or finished", t.ID, t.Status)
	}
	res, err := encodeResult(t.Result)
	if err != nil {
		return err
	}
	return db.write(ctx, writeOp{update: t, res: res})
}

// Table implements [store.Store].
func (db *DB) Table(ctx context.Context, id string) (*store.Table, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+store.TableColumns+` FROM tables WHERE id = ?`, id)
	if err != nil {
		return nil, internal("read table", err)
	}
	ts, err := store.ScanTables(rows)
	rows.Close()
	if err != nil {
		return nil, internal("read tables", err)
	}
	if len(ts) == 0 {
		return nil, game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	if err := db.readSeats(ctx, ts); err != nil {
		return nil, err
	}
	return ts[0], nil
}

// Tables implements [store.Store].
func (db *DB) Tables(ctx context.Context, f store.Filter) ([]*store.Table, error) {
	where, args := store.FilterWhere(f, func(n int) string { return fmt.Sprintf("?%d", n) })
	q := `SELECT ` + store.TableColumns + ` FROM tables` + where
	q += ` ORDER BY created_ms DESC, id`
	if f.Limit > 0 {
		args = append(args, f.Limit)
		q += fmt.Sprintf(` LIMIT ?%d`, len(args))
	}
	rows, err := db.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, internal("list tables", err)
	}
	ts, err := store.ScanTables(rows)
	rows.Close()
	if err != nil {
		return nil, internal("read tables", err)
	}
	if err := db.readSeats(ctx, ts); err != nil {
		return nil, err
	}
	return ts, nil
}

// seatQueryTables is how many tables' seats one query reads, well within
// SQLite's limit on a statement's parameters.
const seatQueryTables = 500

// readSeats reads the seats of ts, one query per seatQueryTables tables.
func (db *DB) readSeats(ctx context.Context, ts []*store.Table) error {
	for len(ts) > seatQueryTables {
		if err := db.readSeats(ctx, ts[:seatQueryTables]); err != nil {
			return err
		}
		ts = ts[seatQueryTables:]
	}
	if len(ts) == 0 {
		return nil
	}
	args := make([]any, len(ts))
	for i, t := range ts {
		args[i] = t.ID
	}
	rows, err := db.read.QueryContext(ctx, `SELECT `+store.SeatColumns+` FROM seats WHERE table_id IN (?`+
		strings.Repeat(", ?", len(ts)-1)+`) ORDER BY table_id, seat`, args...)
	if err != nil {
		return internal("read seats", err)
	}
	defer rows.Close()
	if err := store.ScanSeats(rows, ts); err != nil {
		return internal("read seats", err)
	}
	return nil
}

func encodeResult(r *game.Result) (any, error) {
	if r == nil {
		return nil, nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, internal("encode result", err)
	}
	return string(b), nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
