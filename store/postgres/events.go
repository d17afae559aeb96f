package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/store"
)

// appendEvent inserts the event if its table is this instance's or
// finished (chat goes on after the end, and any instance may write it
// then), and the event is the next one, in one statement, as appendAction
// does for actions. Two instances adding the next event of a finished
// table at once collide on the key: one of them is refused.
const appendEvent = `WITH owned AS (
		SELECT id FROM tables WHERE id = $1::text AND (owner = $8::text OR status = 'finished') FOR SHARE
	)
	INSERT INTO events (table_id, n, kind, after_n, seat, at_ms, body)
	SELECT $1::text, $2::bigint, $3::text, $4::bigint, $5::integer, $6::bigint, $7::text FROM owned
	WHERE COALESCE((SELECT MAX(n) FROM events WHERE table_id = $1::text), 0) = $2::bigint - 1`

// AppendEvent implements [store.Store]. Only the instance that owns an
// unfinished table may append to it; another is refused with CodeConflict.
func (db *DB) AppendEvent(ctx context.Context, id string, ev store.TableEvent) error {
	body, err := store.EncodeEventBody(ev)
	if err != nil {
		return internal("encode event", err)
	}
	p, err := db.payload(event{Table: id, Owner: db.instance, EventN: ev.N, TableEvent: &ev})
	if err != nil {
		return err
	}
	tag, err := db.pool.Exec(ctx, appendEvent, id, ev.N, ev.Kind, ev.After, int(ev.Seat), store.Millis(ev.At), body, db.instance)
	switch {
	case isUniqueViolation(err):
		return game.Errorf(game.CodeConflict, "table %s: event number %d is taken already", id, ev.N)
	case err != nil:
		return internal("append event", err)
	case tag.RowsAffected() == 1:
		db.publish(p)
		return nil
	}
	// Nothing was inserted: say why.
	var owner, status string
	var last int64
	err = db.pool.QueryRow(ctx, `SELECT owner, status, COALESCE((SELECT MAX(n) FROM events WHERE table_id = $1), 0) FROM tables WHERE id = $1`, id).Scan(&owner, &status, &last)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return game.Errorf(game.CodeNotFound, "no table %s", id)
	case err != nil:
		return internal("append event", err)
	case owner != db.instance && status != string(store.StatusFinished):
		return errNotOwner(id)
	}
	return game.Errorf(game.CodeConflict, "table %s: event number %d is not the next one (%d)", id, ev.N, last+1)
}

// Events implements [store.Store].
func (db *DB) Events(ctx context.Context, id string, after int64) ([]store.TableEvent, error) {
	var exists bool
	if err := db.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tables WHERE id = $1)`, id).Scan(&exists); err != nil {
		return nil, internal("read events", err)
	}
	if !exists {
		return nil, game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	rows, err := db.pool.Query(ctx, `SELECT `+store.EventColumns+` FROM events WHERE table_id = $1 AND n > $2 ORDER BY n`, id, after)
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

// TakeBack implements [store.Store]. The table's row is locked first, so
// that an append waits for the take-back and then sees its end of the
// log; only the instance that owns an unfinished table may take back.
func (db *DB) TakeBack(ctx context.Context, t *store.Table, to int64, ev store.TableEvent) error {
	if to < 0 {
		return game.Errorf(game.CodeInvalid, "table %s: a take-back keeps 0 actions or more, not %d", t.ID, to)
	}
	u, err := newTableUpdate(t)
	if err != nil {
		return err
	}
	body, err := store.EncodeEventBody(ev)
	if err != nil {
		return internal("encode event", err)
	}
	p, err := db.payload(event{Table: t.ID, Owner: db.instance, EventN: ev.N, TableEvent: &ev})
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		var owner, status string
		var epoch int64
		err := tx.QueryRow(ctx, `SELECT owner, status, epoch FROM tables WHERE id = $1 FOR UPDATE`, t.ID).Scan(&owner, &status, &epoch)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return game.Errorf(game.CodeNotFound, "no table %s", t.ID)
		case err != nil:
			return internal("take back", err)
		case (owner != db.instance || epoch != t.Epoch) && status != string(store.StatusFinished):
			return errNotOwner(t.ID)
		}
		var lastAction, lastEvent int64
		err = tx.QueryRow(ctx, `SELECT COALESCE((SELECT MAX(n) FROM actions WHERE table_id = $1), 0),
			COALESCE((SELECT MAX(n) FROM events WHERE table_id = $1), 0)`, t.ID).Scan(&lastAction, &lastEvent)
		switch {
		case err != nil:
			return internal("take back", err)
		case to > lastAction:
			return game.Errorf(game.CodeConflict, "table %s has %d actions; it cannot go back to %d", t.ID, lastAction, to)
		case ev.N != lastEvent+1:
			return game.Errorf(game.CodeConflict, "table %s: event number %d is not the next one (%d)", t.ID, ev.N, lastEvent+1)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM actions WHERE table_id = $1 AND n > $2`, t.ID, to); err != nil {
			return internal("take back", err)
		}
		if err := db.updateTable(ctx, tx, u); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO events (table_id, n, kind, after_n, seat, at_ms, body) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			t.ID, ev.N, ev.Kind, ev.After, int(ev.Seat), store.Millis(ev.At), body)
		if err != nil {
			return internal("take back", err)
		}
		return nil
	})
	if err == nil {
		db.publish(p)
	}
	return err
}
