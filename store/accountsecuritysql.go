package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"minehall/game"
)

// The queries of [AccountSecurity] both stores share; errors as in
// accountsql.go.

// takenSkeleton refuses a name whose skeleton an account other than id
// holds, naming that account's name; an empty skeleton is never taken.
func takenSkeleton(ctx context.Context, db SQL, id, name, skeleton string) error {
	if skeleton == "" {
		return nil
	}
	rows, done, err := db.Query(ctx, `SELECT name FROM accounts WHERE skeleton = $1 AND id <> $2`, skeleton, id)
	if err != nil {
		return fmt.Errorf("read account: %w", err)
	}
	defer done()
	if rows.Next() {
		var other string
		if err := rows.Scan(&other); err != nil {
			return fmt.Errorf("read account: %w", err)
		}
		return game.Errorf(game.CodeConflict, "the name %q looks like %q, which is taken; choose one that reads differently", name, other)
	}
	return rows.Err()
}

// nullable is s, or NULL for "" (a unique column holds many NULLs).
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// rekeyAccountsTx sets the key and skeleton of the accounts without a
// skeleton, inside the caller's transaction tx.
func rekeyAccountsTx(ctx context.Context, tx SQL, rekey func(name string) (key, skeleton string, ok bool)) (int, error) {
	rows, done, err := tx.Query(ctx, `SELECT id, name FROM accounts WHERE skeleton IS NULL ORDER BY created_ms, id`)
	if err != nil {
		return 0, fmt.Errorf("read accounts: %w", err)
	}
	type row struct{ id, name string }
	var todo []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.name); err != nil {
			done()
			return 0, fmt.Errorf("read accounts: %w", err)
		}
		todo = append(todo, r)
	}
	err = rows.Err()
	done()
	if err != nil {
		return 0, fmt.Errorf("read accounts: %w", err)
	}
	n := 0
	for _, r := range todo {
		key, skel, ok := rekey(r.name)
		if !ok || skel == "" {
			continue
		}
		// Only where neither the key nor the skeleton is another's: the
		// older account keeps a contested name's key.
		changed, err := tx.Exec(ctx, `UPDATE accounts SET name_key = $1, skeleton = $2 WHERE id = $3
			AND NOT EXISTS (SELECT 1 FROM accounts o WHERE o.id <> $3 AND (o.name_key = $1 OR o.skeleton = $2))`, key, skel, r.id)
		if err != nil {
			return n, fmt.Errorf("rekey account %s: %w", r.id, err)
		}
		n += int(changed)
	}
	return n, nil
}

// selectSessions returns the unexpired sessions of an account, newest
// first.
func selectSessions(ctx context.Context, db SQL, accountID string, now time.Time) ([]Session, error) {
	rows, done, err := db.Query(ctx, `SELECT hash, account_id, created_ms, expires_ms, user_agent, address FROM sessions
		WHERE account_id = $1 AND expires_ms > $2 ORDER BY created_ms DESC, hash`, accountID, Millis(now))
	if err != nil {
		return nil, fmt.Errorf("read sessions: %w", err)
	}
	defer done()
	out := []Session{}
	for rows.Next() {
		var s Session
		var created, expires int64
		if err := rows.Scan(&s.Hash, &s.AccountID, &created, &expires, &s.UserAgent, &s.Address); err != nil {
			return nil, fmt.Errorf("read sessions: %w", err)
		}
		s.Created, s.Expires = FromMillis(created), FromMillis(expires)
		out = append(out, s)
	}
	return out, rows.Err()
}

// removeOtherSessions deletes every session of an account but keep.
func removeOtherSessions(ctx context.Context, db SQL, accountID string, keep []byte) (int, error) {
	if keep == nil {
		keep = []byte{}
	}
	n, err := db.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1 AND hash <> $2`, accountID, keep)
	if err != nil {
		return 0, fmt.Errorf("delete sessions: %w", err)
	}
	return int(n), nil
}

// setPasswordTx replaces an account's password hash and ends its other
// sessions, inside the caller's transaction tx.
func setPasswordTx(ctx context.Context, tx SQL, accountID, hash string, keep []byte) error {
	n, err := tx.Exec(ctx, `UPDATE accounts SET password = $1 WHERE id = $2`, hash, accountID)
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if n == 0 {
		return game.Errorf(game.CodeNotFound, "no such account")
	}
	_, err = removeOtherSessions(ctx, tx, accountID, keep)
	return err
}

// insertDevice remembers d; a known device is no error.
func insertDevice(ctx context.Context, db SQL, d Device) error {
	if _, err := db.Exec(ctx, `INSERT INTO devices (hash, account_id, created_ms) VALUES ($1, $2, $3) ON CONFLICT (hash) DO NOTHING`,
		d.Hash, d.AccountID, Millis(d.Created)); err != nil {
		return fmt.Errorf("add device: %w", err)
	}
	return nil
}

// selectDevice returns the device of hash.
func selectDevice(ctx context.Context, db SQL, hash []byte) (*Device, error) {
	rows, done, err := db.Query(ctx, `SELECT hash, account_id, created_ms FROM devices WHERE hash = $1`, hash)
	if err != nil {
		return nil, fmt.Errorf("read device: %w", err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("read device: %w", err)
		}
		return nil, game.Errorf(game.CodeNotFound, "no such device")
	}
	var d Device
	var created int64
	if err := rows.Scan(&d.Hash, &d.AccountID, &created); err != nil {
		return nil, fmt.Errorf("read device: %w", err)
	}
	d.Created = FromMillis(created)
	return &d, nil
}

// DeletedPrefix begins the player of a deleted account's recorded games:
// "deleted:" and the account's former ID. The records keep their place in
// the rating order of the others at those tables, under a player that no
// account is, shown as DeletedName.
const DeletedPrefix = "deleted:"

// DeletedName is the name a deleted account's records are shown under.
const DeletedName = "deleted player"

// renameChatTx puts shownName on the chat messages that the account id
// sent from its seats, inside the caller's transaction tx; it runs before
// the seats forget their account.
func renameChatTx(ctx context.Context, tx SQL, id, shownName string) error {
	type message struct {
		table string
		n     int64
		body  string
	}
	rows, done, err := tx.Query(ctx, `SELECT e.table_id, e.n, e.body FROM events e JOIN seats s ON s.table_id = e.table_id AND s.seat = e.seat
		WHERE s.account = $1 AND e.kind = $2`, id, EventChat)
	if err != nil {
		return fmt.Errorf("delete account: read its chat: %w", err)
	}
	var msgs []message
	for rows.Next() {
		var m message
		if err := rows.Scan(&m.table, &m.n, &m.body); err != nil {
			done()
			return fmt.Errorf("delete account: read its chat: %w", err)
		}
		msgs = append(msgs, m)
	}
	err = rows.Err()
	done()
	if err != nil {
		return fmt.Errorf("delete account: read its chat: %w", err)
	}
	for _, m := range msgs {
		var b eventBody
		if err := json.Unmarshal([]byte(m.body), &b); err != nil {
			return fmt.Errorf("delete account: decode chat message %d of table %s: %w", m.n, m.table, err)
		}
		b.Name = shownName
		body, err := json.Marshal(b)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE events SET body = $1 WHERE table_id = $2 AND n = $3`, string(body), m.table, m.n); err != nil {
			return fmt.Errorf("delete account: rename its chat: %w", err)
		}
	}
	return nil
}

// deleteAccountTx removes an account and what is its alone, and puts
// shownName on the records it leaves behind, inside the caller's
// transaction tx: its seats, chat messages and puzzle attempts carry shownName and no
// account; its recorded games stay, for the ratings of the others at
// those tables to be recomputed from them, under the player
// DeletedPrefix+id; its own ratings and puzzle ratings go.
func deleteAccountTx(ctx context.Context, tx SQL, id, shownName string) error {
	if _, err := selectAccount(ctx, tx, "id", id); err != nil {
		return err
	}
	puzzlePlayer := PuzzleAccount(id)
	if err := renameChatTx(ctx, tx, id, shownName); err != nil {
		return err
	}
	for _, st := range []struct {
		q    string
		args []any
	}{
		{`UPDATE seats SET name = $1, account = '' WHERE account = $2`, []any{shownName, id}},
		{`UPDATE seats SET reserved_name = $1 WHERE reserved_for = $2`, []any{shownName, id}},
		{`UPDATE puzzle_attempts SET name = $1, player = $2 WHERE player = $3`, []any{shownName, DeletedPrefix + id, puzzlePlayer}},
		{`UPDATE puzzle_tickets SET player = $1 WHERE player = $2`, []any{DeletedPrefix + id, puzzlePlayer}},
		{`DELETE FROM puzzle_ratings WHERE puzzle LIKE $1`, []any{"player/" + puzzlePlayer + "/%"}},
		{`DELETE FROM ratings WHERE player = $1`, []any{id}},
		{`UPDATE played SET player = $1 WHERE player = $2`, []any{DeletedPrefix + id, id}},
		{`DELETE FROM devices WHERE account_id = $1`, []any{id}},
		{`DELETE FROM sessions WHERE account_id = $1`, []any{id}},
		{`DELETE FROM credentials WHERE account_id = $1`, []any{id}},
		{`DELETE FROM account_preferences WHERE account_id = $1`, []any{id}},
		{`DELETE FROM accounts WHERE id = $1`, []any{id}},
	} {
		if _, err := tx.Exec(ctx, st.q, st.args...); err != nil {
			return fmt.Errorf("delete account: %w", err)
		}
	}
	return nil
}

// RekeyAccounts implements [AccountSecurity].
func (db SharedSQL) RekeyAccounts(ctx context.Context, rekey func(name string) (key, skeleton string, ok bool)) (int, error) {
	var n int
	err := db.inTx(ctx, func(tx SQL) error {
		var err error
		n, err = rekeyAccountsTx(ctx, tx, rekey)
		return err
	})
	return n, err
}

// AccountBySkeleton implements [AccountSecurity].
func (db SharedSQL) AccountBySkeleton(ctx context.Context, skeleton string) (*Account, error) {
	a, err := selectAccount(ctx, db.reader(), "skeleton", skeleton)
	return a, db.coded(err)
}

// Sessions implements [AccountSecurity].
func (db SharedSQL) Sessions(ctx context.Context, accountID string, now time.Time) ([]Session, error) {
	ss, err := selectSessions(ctx, db.reader(), accountID, now)
	return ss, db.coded(err)
}

// DeleteOtherSessions implements [AccountSecurity].
func (db SharedSQL) DeleteOtherSessions(ctx context.Context, accountID string, keep []byte) (int, error) {
	var n int
	err := db.inTx(ctx, func(tx SQL) error {
		var err error
		n, err = removeOtherSessions(ctx, tx, accountID, keep)
		return err
	})
	return n, err
}

// SetPassword implements [AccountSecurity].
func (db SharedSQL) SetPassword(ctx context.Context, accountID, hash string, keep []byte) error {
	return db.inTx(ctx, func(tx SQL) error { return setPasswordTx(ctx, tx, accountID, hash, keep) })
}

// AddDevice implements [AccountSecurity].
func (db SharedSQL) AddDevice(ctx context.Context, d Device) error {
	return db.inTx(ctx, func(tx SQL) error { return insertDevice(ctx, tx, d) })
}

// Device implements [AccountSecurity].
func (db SharedSQL) Device(ctx context.Context, hash []byte) (*Device, error) {
	d, err := selectDevice(ctx, db.reader(), hash)
	return d, db.coded(err)
}

// DeleteAccount implements [AccountSecurity].
func (db SharedSQL) DeleteAccount(ctx context.Context, id, shownName string) error {
	return db.inTx(ctx, func(tx SQL) error { return deleteAccountTx(ctx, tx, id, shownName) })
}
