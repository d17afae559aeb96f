package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

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

const tableColumns = `id, game, players, options, seed, owner_hash, autostart, status, created_ms, started_ms, finished_ms, result, rematch_of, rematch`

// Table implements [store.Store].
func (db *DB) Table(ctx context.Context, id string) (*store.Table, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+tableColumns+` FROM tables WHERE id = ?`, id)
	if err != nil {
		return nil, internal("read table", err)
	}
	ts, err := scanTables(rows)
	if err != nil {
		return nil, err
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
	q := `SELECT ` + tableColumns + ` FROM tables`
	var args []any
	if len(f.Status) > 0 {
		q += ` WHERE status IN (?` + strings.Repeat(", ?", len(f.Status)-1) + `)`
		for _, s := range f.Status {
			args = append(args, string(s))
		}
	}
	q += ` ORDER BY created_ms DESC, id`
	if f.Limit > 0 {
		q += ` LIMIT ?`
		args = append(args, f.Limit)
	}
	rows, err := db.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, internal("list tables", err)
	}
	ts, err := scanTables(rows)
	if err != nil {
		return nil, err
	}
	if err := db.readSeats(ctx, ts); err != nil {
		return nil, err
	}
	return ts, nil
}

func scanTables(rows *sql.Rows) ([]*store.Table, error) {
	defer rows.Close()
	var ts []*store.Table
	for rows.Next() {
		var (
			t                          store.Table
			opts, status               string
			seed, created, started, fi int64
			result                     sql.NullString
		)
		if err := rows.Scan(&t.ID, &t.Game, &t.Players, &opts, &seed, &t.OwnerHash, &t.AutoStart, &status,
			&created, &started, &fi, &result, &t.RematchOf, &t.Rematch); err != nil {
			return nil, internal("read table", err)
		}
		if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
			return nil, internal("decode options of table "+t.ID, err)
		}
		if result.Valid {
			t.Result = new(game.Result)
			if err := json.Unmarshal([]byte(result.String), t.Result); err != nil {
				return nil, internal("decode result of table "+t.ID, err)
			}
		}
		t.Seed = uint64(seed)
		t.Status = store.Status(status)
		t.Created, t.Started, t.Finished = fromMillis(created), fromMillis(started), fromMillis(fi)
		ts = append(ts, &t)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("read tables", err)
	}
	return ts, nil
}

func (db *DB) readSeats(ctx context.Context, ts []*store.Table) error {
	for _, t := range ts {
		rows, err := db.read.QueryContext(ctx, `SELECT kind, bot, name, token_hash FROM seats WHERE table_id = ? ORDER BY seat`, t.ID)
		if err != nil {
			return internal("read seats", err)
		}
		for rows.Next() {
			var s store.Seat
			var kind string
			if err := rows.Scan(&kind, &s.Bot, &s.Name, &s.TokenHash); err != nil {
				rows.Close()
				return internal("read seats", err)
			}
			s.Kind = store.SeatKind(kind)
			if len(s.TokenHash) == 0 {
				s.TokenHash = nil
			}
			t.Seats = append(t.Seats, s)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return internal("read seats", err)
		}
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

func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}
