package sqlite

import (
	"context"

	"minehall/store"
)

// CreateTable implements [store.Store]. The writer goroutine commits it,
// with whatever other writes are waiting, before it returns.
func (db *DB) CreateTable(ctx context.Context, t *store.Table) error {
	enc, err := store.EncodeTable(t)
	if err != nil {
		return coded(err)
	}
	return db.write(ctx, writeOp{create: t, enc: enc})
}

// UpdateTable implements [store.Store]. The writer goroutine commits it,
// with whatever other writes are waiting, before it returns.
func (db *DB) UpdateTable(ctx context.Context, t *store.Table) error {
	enc, err := store.EncodeTable(t)
	if err != nil {
		return coded(err)
	}
	return db.write(ctx, writeOp{update: t, enc: enc})
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
