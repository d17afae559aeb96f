package sqlite

import (
	"context"
	"database/sql"

	"minehall/game"
	"minehall/store"
)

// AppendAction implements [store.Store]. It hands the action to the writer
// goroutine and returns once the group it joined is committed.
func (db *DB) AppendAction(ctx context.Context, id string, a store.Action) error {
	req := appendRequest{table: id, action: a, result: make(chan error, 1)}
	db.mu.RLock()
	if db.closed {
		db.mu.RUnlock()
		return internal("append action", errClosed)
	}
	select {
	case db.appends <- req:
		db.mu.RUnlock()
	case <-ctx.Done():
		db.mu.RUnlock()
		return ctx.Err()
	}
	// Once queued the action is committed or refused; wait for the verdict
	// even if ctx ends, so the caller never mistakes a commit for a failure.
	return <-req.result
}

// appendLoop is the single writer of actions: it takes every request
// waiting (up to maxBatch) and commits them in one transaction.
func (db *DB) appendLoop() {
	defer close(db.done)
	batch := make([]appendRequest, 0, maxBatch)
	for {
		var first appendRequest
		select {
		case first = <-db.appends:
		case <-db.closing:
			// Drain what was queued before Close.
			for {
				select {
				case r := <-db.appends:
					db.commit([]appendRequest{r})
				default:
					return
				}
			}
		}
		batch = append(batch[:0], first)
	fill:
		for len(batch) < maxBatch {
			select {
			case r := <-db.appends:
				batch = append(batch, r)
			default:
				break fill
			}
		}
		db.commit(batch)
	}
}

// commit writes batch in one transaction and answers every request. An
// action whose number is not the next one is refused alone; a failing
// commit fails all.
func (db *DB) commit(batch []appendRequest) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, r := range batch {
			r.result <- err
		}
	}
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		fail(internal("begin", err))
		return
	}
	defer tx.Rollback()
	last := map[string]int64{}
	for i, r := range batch {
		n, ok := last[r.table]
		if !ok {
			var exists int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tables WHERE id = ?`, r.table).Scan(&exists); err != nil {
				fail(internal("append action", err))
				return
			}
			if exists == 0 {
				errs[i] = game.Errorf(game.CodeNotFound, "no table %s", r.table)
				continue
			}
			var max sql.NullInt64
			if err := tx.QueryRowContext(ctx, `SELECT MAX(n) FROM actions WHERE table_id = ?`, r.table).Scan(&max); err != nil {
				fail(internal("append action", err))
				return
			}
			n = max.Int64
		}
		if r.action.N != n+1 {
			errs[i] = game.Errorf(game.CodeConflict, "table %s: action number %d is not the next one (%d)", r.table, r.action.N, n+1)
			last[r.table] = n
			continue
		}
		a := r.action
		if _, err := tx.ExecContext(ctx, `INSERT INTO actions (table_id, n, player, move, ms, client_seq) VALUES (?, ?, ?, ?, ?, ?)`,
			r.table, a.N, int(a.Player), a.Move, a.Ms, a.ClientSeq); err != nil {
			fail(internal("append action", err))
			return
		}
		last[r.table] = a.N
	}
	if err := tx.Commit(); err != nil {
		fail(internal("commit actions", err))
		return
	}
	for i, r := range batch {
		r.result <- errs[i]
	}
}

// Actions implements [store.Store].
func (db *DB) Actions(ctx context.Context, id string) ([]store.Action, error) {
	var exists int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM tables WHERE id = ?`, id).Scan(&exists); err != nil {
		return nil, internal("read actions", err)
	}
	if exists == 0 {
		return nil, game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	rows, err := db.read.QueryContext(ctx, `SELECT n, player, move, ms, client_seq FROM actions WHERE table_id = ? ORDER BY n`, id)
	if err != nil {
		return nil, internal("read actions", err)
	}
	defer rows.Close()
	acts := []store.Action{}
	for rows.Next() {
		var a store.Action
		var p int
		if err := rows.Scan(&a.N, &p, &a.Move, &a.Ms, &a.ClientSeq); err != nil {
			return nil, internal("read actions", err)
		}
		a.Player = game.Player(p)
		acts = append(acts, a)
	}
	if err := rows.Err(); err != nil {
		return nil, internal("read actions", err)
	}
	return acts, nil
}
