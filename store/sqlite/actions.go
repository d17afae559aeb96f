package sqlite

import (
	"context"

	"minehall/game"
	"minehall/store"
)

// AppendAction implements [store.Store]. It hands the action to the writer
// goroutine and returns once the group it joined is committed.
func (db *DB) AppendAction(ctx context.Context, id string, a store.Action) error {
	return db.write(ctx, writeOp{id: id, action: a})
}

// Actions implements [store.Store].
func (db *DB) Actions(ctx context.Context, id string) ([]store.Action, error) {
	var exists int
	if err := db.reads.QueryRowContext(ctx, `SELECT COUNT(*) FROM tables WHERE id = ?`, id).Scan(&exists); err != nil {
		return nil, internal("read actions", err)
	}
	if exists == 0 {
		return nil, game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	rows, err := db.reads.QueryContext(ctx, `SELECT n, player, move, ms, client_seq FROM actions WHERE table_id = ? ORDER BY n`, id)
	if err != nil {
		return nil, internal("read actions", err)
	}
	defer rows.Close()
	acts, err := store.ScanActions(rows)
	if err != nil {
		return nil, internal("read actions", err)
	}
	return acts, nil
}
