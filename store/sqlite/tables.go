package sqlite

import (
	"context"
	"encoding/json"

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
