package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/store"
)

// CreateTable implements [store.Store]. The table is this instance's.
func (db *DB) CreateTable(ctx context.Context, t *store.Table) error {
	enc, err := store.EncodeTable(t)
	if err != nil {
		return coded(err)
	}
	return pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO tables
			(id, game, players, options, seed, owner_hash, autostart, status, created_ms, started_ms, finished_ms, result, rematch_of, rematch, owner, keeping, settings, private, invite)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
			ON CONFLICT (id) DO NOTHING`,
			t.ID, t.Game, t.Players, enc.Options, int64(t.Seed), nonNil(t.OwnerHash), t.AutoStart, string(t.Status),
			store.Millis(t.Created), store.Millis(t.Started), store.Millis(t.Finished), enc.Result, t.RematchOf, t.Rematch, db.instance, enc.Keeping, enc.Settings, t.Private, t.Invite)
		if err != nil {
			return internal("create table", err)
		}
		if tag.RowsAffected() == 0 {
			return game.Errorf(game.CodeConflict, "table %s exists already", t.ID)
		}
		return writeSeats(ctx, tx, t)
	})
}

// UpdateTable implements [store.Store]. An unfinished table is changed only
// by the instance that owns it, at the epoch of t (CodeConflict
// otherwise); a finished one by any (a rematch link).
func (db *DB) UpdateTable(ctx context.Context, t *store.Table) error {
	u, err := newTableUpdate(t)
	if err != nil {
		return err
	}
	p, err := db.payload(event{Table: t.ID, Owner: db.instance})
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error { return db.updateTable(ctx, tx, u) })
	if err == nil {
		db.publish(p)
	}
	return err
}

// tableUpdate is a table and its encoded columns, ready to be written.
type tableUpdate struct {
	t   *store.Table
	enc store.EncodedTable
}

func newTableUpdate(t *store.Table) (tableUpdate, error) {
	enc, err := store.EncodeTable(t)
	if err != nil {
		return tableUpdate{}, coded(err)
	}
	return tableUpdate{t: t, enc: enc}, nil
}

// updateTable writes u in tx, if this instance owns the table at the
// epoch it read (no other instance claimed it since), or the table is
// finished.
func (db *DB) updateTable(ctx context.Context, tx pgx.Tx, u tableUpdate) error {
	t := u.t
	tag, err := tx.Exec(ctx, `UPDATE tables SET status = $1, started_ms = $2, finished_ms = $3, result = $4,
		rematch_of = $5, rematch = $6, autostart = $7, keeping = $10, settings = $11
		WHERE id = $8 AND ((owner = $9 AND epoch = $12) OR status = 'finished')`,
		string(t.Status), store.Millis(t.Started), store.Millis(t.Finished), u.enc.Result, t.RematchOf, t.Rematch, t.AutoStart, t.ID, db.instance, u.enc.Keeping, u.enc.Settings, t.Epoch)
	if err != nil {
		return internal("update table", err)
	}
	if tag.RowsAffected() == 0 {
		return db.whyNot(ctx, tx, t.ID)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM seats WHERE table_id = $1`, t.ID); err != nil {
		return internal("update seats", err)
	}
	return writeSeats(ctx, tx, t)
}

// whyNot explains why a write to table id changed nothing: there is no
// such table, or another instance owns it or owned it since this one read
// it.
func (db *DB) whyNot(ctx context.Context, q pgx.Tx, id string) error {
	var owner string
	err := q.QueryRow(ctx, `SELECT owner FROM tables WHERE id = $1`, id).Scan(&owner)
	if errors.Is(err, pgx.ErrNoRows) {
		return game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	if err != nil {
		return internal("read table owner", err)
	}
	return errNotOwner(id)
}

func errNotOwner(id string) error {
	return game.Errorf(game.CodeConflict, "table %s is run by another server now; reconnect", id)
}

func writeSeats(ctx context.Context, tx pgx.Tx, t *store.Table) error {
	if len(t.Seats) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for i, s := range t.Seats {
		var hash []byte
		if len(s.TokenHash) > 0 {
			hash = s.TokenHash
		}
		b.Queue(`INSERT INTO seats (table_id, seat, kind, bot, name, token_hash, account, reserved_for, reserved_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			t.ID, i, string(s.Kind), s.Bot, s.Name, hash, s.Account, s.ReservedFor, s.ReservedName)
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return internal("write seats", err)
	}
	return nil
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
