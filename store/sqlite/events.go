package sqlite

import (
	"context"

	"minehall/game"
	"minehall/store"
)

// AppendEvent implements [store.Store]. It hands the event to the writer
// goroutine and returns once the group it joined is committed.
func (db *DB) AppendEvent(ctx context.Context, id string, ev store.TableEvent) error {
	body, err := store.EncodeEventBody(ev)
	if err != nil {
		return internal("encode event", err)
	}
	return db.write(ctx, writeOp{id: id, event: &ev, body: body})
}

// Events implements [store.Store].
func (db *DB) Events(ctx context.Context, id string, after int64) ([]store.TableEvent, error) {
	var exists int
	if err := db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM tables WHERE id = ?`, id).Scan(&exists); err != nil {
		return nil, internal("read events", err)
	}
	if exists == 0 {
		return nil, game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	rows, err := db.reads.QueryContext(ctx, `SELECT `+store.EventColumns+` FROM events WHERE table_id = ? AND n > ? ORDER BY n`, id, after)
	if err != nil {
		return nil, internal("read events", err)
	}
	defer rows.Close()
	evs, err := store.ScanEvents(rows)
	if err != nil {
		return nil, internal("read events", err)
	}
	return evs, nil
}

// TakeBack implements [store.Store]: the writer goroutine deletes the
// actions, updates the table and appends the event in the transaction of
// its group, checking first, so that a refused take-back writes nothing.
func (db *DB) TakeBack(ctx context.Context, t *store.Table, to int64, ev store.TableEvent) error {
	if to < 0 {
		return game.Errorf(game.CodeInvalid, "table %s: a take-back keeps 0 actions or more, not %d", t.ID, to)
	}
	enc, err := store.EncodeTable(t)
	if err != nil {
		return coded(err)
	}
	body, err := store.EncodeEventBody(ev)
	if err != nil {
		return internal("encode event", err)
	}
	return db.write(ctx, writeOp{takeBack: t, enc: enc, to: to, event: &ev, body: body})
}
