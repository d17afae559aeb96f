package postgres

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/store"
)

// appendAction inserts the action if its table is this instance's and the
// action is the next one, in one statement (one round trip, one
// transaction). The table's row is locked in share mode, so that an
// instance taking the table over waits for the insert to commit, and an
// insert waits for a takeover to commit and then sees the new owner.
const appendAction = `WITH owned AS (
		SELECT id FROM tables WHERE id = $1::text AND owner = $7::text FOR SHARE
	)
	INSERT INTO actions (table_id, n, player, move, ms, client_seq)
	SELECT $1::text, $2::bigint, $3::integer, $4::text, $5::bigint, $6::bigint FROM owned
	WHERE COALESCE((SELECT MAX(n) FROM actions WHERE table_id = $1::text), 0) = $2::bigint - 1`

// maxPayload keeps a notification under PostgreSQL's limit of 8000 bytes;
// a larger action is published without its move, and followers read it
// from the log.
const maxPayload = 7900

// event is the payload of a notification.
type event struct {
	Table string `json:"t"`
	// Owner is the instance that wrote the change.
	Owner  string        `json:"o"`
	N      int64         `json:"n,omitempty"`
	Action *store.Action `json:"a,omitempty"`
	// EventN and TableEvent are an appended table event's.
	EventN     int64             `json:"en,omitempty"`
	TableEvent *store.TableEvent `json:"e,omitempty"`
}

func (db *DB) payload(ev event) (string, error) {
	b, err := json.Marshal(ev)
	if err != nil {
		return "", internal("encode notification", err)
	}
	if len(b) > maxPayload && (ev.Action != nil || ev.TableEvent != nil) {
		ev.Action, ev.TableEvent = nil, nil
		return db.payload(ev)
	}
	return string(b), nil
}

// AppendAction implements [store.Store]. Only the instance that owns the
// table may append; another is refused with CodeConflict. Actions appended
// at the same moment share one commit (see insertAction).
func (db *DB) AppendAction(ctx context.Context, id string, a store.Action) error {
	p, err := db.payload(event{Table: id, Owner: db.instance, N: a.N, Action: &a})
	if err != nil {
		return err
	}
	inserted, err := db.insertAction(ctx, id, a)
	switch {
	case isUniqueViolation(err):
		return game.Errorf(game.CodeConflict, "table %s: action number %d is taken already", id, a.N)
	case err != nil:
		return internal("append action", err)
	case inserted:
		db.publish(p)
		return nil
	}
	// Nothing was inserted: say why.
	var owner string
	var last int64
	err = db.pool.QueryRow(ctx, `SELECT owner, COALESCE((SELECT MAX(n) FROM actions WHERE table_id = $1), 0) FROM tables WHERE id = $1`, id).Scan(&owner, &last)
	switch {
	case err == pgx.ErrNoRows:
		return game.Errorf(game.CodeNotFound, "no table %s", id)
	case err != nil:
		return internal("append action", err)
	case owner != db.instance:
		return errNotOwner(id)
	}
	return game.Errorf(game.CodeConflict, "table %s: action number %d is not the next one (%d)", id, a.N, last+1)
}

// Actions implements [store.Store].
func (db *DB) Actions(ctx context.Context, id string) ([]store.Action, error) {
	return db.ActionsAfter(ctx, id, 0)
}

// ActionsAfter returns the actions of table id numbered above n, in
// order: what a follower of the table has not applied yet.
func (db *DB) ActionsAfter(ctx context.Context, id string, n int64) ([]store.Action, error) {
	var exists bool
	if err := db.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tables WHERE id = $1)`, id).Scan(&exists); err != nil {
		return nil, internal("read actions", err)
	}
	if !exists {
		return nil, game.Errorf(game.CodeNotFound, "no table %s", id)
	}
	rows, err := db.pool.Query(ctx, `SELECT n, player, move, ms, client_seq FROM actions WHERE table_id = $1 AND n > $2 ORDER BY n`, id, n)
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
