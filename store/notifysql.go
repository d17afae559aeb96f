package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"minehall/game"
)

// notifyDB implements [Notifications] with the queries both stores share
// (see [SharedSQL.Notifications]).
type notifyDB SharedSQL

var _ Notifications = notifyDB{}

// ServerKey implements [Notifications].
func (d notifyDB) ServerKey(ctx context.Context, name string, make func() (string, string, error)) (string, string, error) {
	pub, priv, err := d.serverKey(ctx, name)
	if err == nil || game.ErrorCode(err) != game.CodeNotFound {
		return pub, priv, err
	}
	pub, priv, err = make()
	if err != nil {
		return "", "", err
	}
	if err := d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `INSERT INTO server_keys (name, public_key, private_key, created_ms) VALUES ($1, $2, $3, $4)
			ON CONFLICT (name) DO NOTHING`, name, pub, priv, Millis(time.Now()))
		return err
	}); err != nil {
		return "", "", d.coded(err)
	}
	return d.serverKey(ctx, name)
}

func (d notifyDB) serverKey(ctx context.Context, name string) (pub, priv string, err error) {
	rows, done, err := d.reader().Query(ctx, `SELECT public_key, private_key FROM server_keys WHERE name = $1`, name)
	if err != nil {
		return "", "", d.coded(err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return "", "", d.coded(err)
		}
		return "", "", game.Errorf(game.CodeNotFound, "no server key %q", name)
	}
	err = rows.Scan(&pub, &priv)
	return pub, priv, d.coded(err)
}

// AddPushSubscription implements [Notifications].
func (d notifyDB) AddPushSubscription(ctx context.Context, s PushSubscription) error {
	return d.inTx(ctx, func(tx SQL) error {
		if _, err := tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1`, s.Endpoint); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO push_subscriptions (endpoint, account_id, p256dh, auth, created_ms)
			SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM accounts WHERE id = $2)`,
			s.Endpoint, s.AccountID, s.P256DH, s.Auth, Millis(s.Created))
		return err
	})
}

// DeletePushSubscription implements [Notifications].
func (d notifyDB) DeletePushSubscription(ctx context.Context, accountID, endpoint string) error {
	return d.inTx(ctx, func(tx SQL) error {
		var err error
		if accountID == "" {
			_, err = tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1`, endpoint)
		} else {
			_, err = tx.Exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1 AND account_id = $2`, endpoint, accountID)
		}
		return err
	})
}

// PushSubscriptions implements [Notifications].
func (d notifyDB) PushSubscriptions(ctx context.Context, accountID string) ([]PushSubscription, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT endpoint, account_id, p256dh, auth, created_ms FROM push_subscriptions
		WHERE account_id = $1 ORDER BY created_ms, endpoint`, accountID)
	if err != nil {
		return nil, d.coded(err)
	}
	defer done()
	var out []PushSubscription
	for rows.Next() {
		var s PushSubscription
		var created int64
		if err := rows.Scan(&s.Endpoint, &s.AccountID, &s.P256DH, &s.Auth, &created); err != nil {
			return nil, d.coded(err)
		}
		s.Created = FromMillis(created)
		out = append(out, s)
	}
	return out, d.coded(rows.Err())
}

// NotifyKinds implements [Notifications].
func (d notifyDB) NotifyKinds(ctx context.Context, accountID string) ([]string, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT kind FROM notify_kinds WHERE account_id = $1 ORDER BY kind`, accountID)
	if err != nil {
		return nil, d.coded(err)
	}
	defer done()
	out := []string{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, d.coded(err)
		}
		out = append(out, k)
	}
	return out, d.coded(rows.Err())
}

// SetNotifyKinds implements [Notifications].
func (d notifyDB) SetNotifyKinds(ctx context.Context, accountID string, kinds []string) error {
	return d.inTx(ctx, func(tx SQL) error {
		if _, err := selectAccount(ctx, tx, "id", accountID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM notify_kinds WHERE account_id = $1`, accountID); err != nil {
			return err
		}
		for _, k := range slices.Compact(slices.Sorted(slices.Values(kinds))) {
			if _, err := tx.Exec(ctx, `INSERT INTO notify_kinds (account_id, kind) VALUES ($1, $2)`, accountID, k); err != nil {
				return err
			}
		}
		return nil
	})
}

// QueueNotification implements [Notifications].
func (d notifyDB) QueueNotification(ctx context.Context, n Notification, accounts []string) (int, error) {
	var queued int
	err := d.inTx(ctx, func(tx SQL) error {
		queued = 0
		ms := Millis(n.Created)
		for _, a := range accounts {
			c, err := tx.Exec(ctx, `INSERT INTO notifications (account_id, kind, table_id, event_n, status, created_ms, due_ms)
				SELECT $1, $2, $3, $4, 'pending', $5, $5
				WHERE EXISTS (SELECT 1 FROM notify_kinds WHERE account_id = $1 AND kind = $2)
				AND EXISTS (SELECT 1 FROM push_subscriptions WHERE account_id = $1)
				ON CONFLICT (account_id, kind, table_id, event_n) DO NOTHING`, a, n.Kind, n.Table, n.EventN, ms)
			if err != nil {
				return fmt.Errorf("queue notification: %w", err)
			}
			queued += int(c)
		}
		return nil
	})
	return queued, err
}

const notificationColumns = `id, account_id, kind, table_id, event_n, attempts, created_ms`

// ClaimNotifications implements [Notifications]. Each row is claimed
// under the condition it was chosen by, so that of two senders that chose
// it only one claims it.
func (d notifyDB) ClaimNotifications(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Notification, error) {
	var out []Notification
	err := d.inTx(ctx, func(tx SQL) error {
		out = out[:0]
		ms := Millis(now)
		rows, done, err := tx.Query(ctx, `SELECT `+notificationColumns+` FROM notifications
			WHERE status = 'pending' AND due_ms <= $1 ORDER BY due_ms, id LIMIT $2`, ms, limit)
		if err != nil {
			return err
		}
		var chosen []Notification
		for rows.Next() {
			var n Notification
			var created int64
			if err := rows.Scan(&n.ID, &n.AccountID, &n.Kind, &n.Table, &n.EventN, &n.Attempts, &created); err != nil {
				done()
				return err
			}
			n.Created = FromMillis(created)
			chosen = append(chosen, n)
		}
		err = rows.Err()
		done()
		if err != nil {
			return err
		}
		for _, n := range chosen {
			c, err := tx.Exec(ctx, `UPDATE notifications SET attempts = attempts + 1, due_ms = $1
				WHERE id = $2 AND status = 'pending' AND due_ms <= $3`, Millis(now.Add(lease)), n.ID, ms)
			if err != nil {
				return err
			}
			if c == 1 {
				n.Attempts++
				out = append(out, n)
			}
		}
		return nil
	})
	return out, err
}

// FinishNotification implements [Notifications].
func (d notifyDB) FinishNotification(ctx context.Context, id int64, dropped bool) error {
	status := "sent"
	if dropped {
		status = "dropped"
	}
	return d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `UPDATE notifications SET status = $1 WHERE id = $2`, status, id)
		return err
	})
}

// RetryNotification implements [Notifications].
func (d notifyDB) RetryNotification(ctx context.Context, id int64, due time.Time) error {
	return d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `UPDATE notifications SET due_ms = $1 WHERE id = $2 AND status = 'pending'`, Millis(due), id)
		return err
	})
}

// PruneNotifications implements [Notifications].
func (d notifyDB) PruneNotifications(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := d.inTx(ctx, func(tx SQL) error {
		var err error
		n, err = tx.Exec(ctx, `DELETE FROM notifications WHERE status <> 'pending' AND created_ms < $1`, Millis(before))
		return err
	})
	return int(n), err
}

// SetEmail implements [Notifications].
func (d notifyDB) SetEmail(ctx context.Context, accountID, address string) error {
	return d.inTx(ctx, func(tx SQL) error {
		if _, err := selectAccount(ctx, tx, "id", accountID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM account_emails WHERE account_id = $1`, accountID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM email_tokens WHERE account_id = $1`, accountID); err != nil {
			return err
		}
		if address == "" {
			return nil
		}
		_, err := tx.Exec(ctx, `INSERT INTO account_emails (account_id, address) VALUES ($1, $2)`, accountID, strings.ToLower(address))
		if err != nil && d.isUnique(err) {
			return game.Errorf(game.CodeConflict, "another account has this address")
		}
		return err
	})
}

func (d notifyDB) email(ctx context.Context, col, v string) (Email, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT account_id, address, verified, digest, digest_ms FROM account_emails WHERE `+col+` = $1`, v)
	if err != nil {
		return Email{}, d.coded(err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return Email{}, d.coded(err)
		}
		return Email{}, game.Errorf(game.CodeNotFound, "no e-mail address")
	}
	var e Email
	var sent int64
	if err := rows.Scan(&e.AccountID, &e.Address, &e.Verified, &e.Digest, &sent); err != nil {
		return Email{}, d.coded(err)
	}
	e.DigestSent = FromMillis(sent)
	return e, nil
}

// Email implements [Notifications].
func (d notifyDB) Email(ctx context.Context, accountID string) (Email, error) {
	return d.email(ctx, "account_id", accountID)
}

// EmailByAddress implements [Notifications].
func (d notifyDB) EmailByAddress(ctx context.Context, address string) (Email, error) {
	return d.email(ctx, "address", strings.ToLower(address))
}

// SetDigest implements [Notifications].
func (d notifyDB) SetDigest(ctx context.Context, accountID string, on bool) error {
	return d.inTx(ctx, func(tx SQL) error {
		n, err := tx.Exec(ctx, `UPDATE account_emails SET digest = $1 WHERE account_id = $2`, on, accountID)
		if err == nil && n == 0 {
			return game.Errorf(game.CodeNotFound, "the account has no e-mail address")
		}
		return err
	})
}

// DigestsDue implements [Notifications].
func (d notifyDB) DigestsDue(ctx context.Context, before time.Time, limit int) ([]Email, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT account_id, address, verified, digest, digest_ms FROM account_emails
		WHERE verified = $1 AND digest = $1 AND digest_ms < $2 ORDER BY digest_ms, account_id LIMIT $3`, true, Millis(before), limit)
	if err != nil {
		return nil, d.coded(err)
	}
	defer done()
	var out []Email
	for rows.Next() {
		var e Email
		var sent int64
		if err := rows.Scan(&e.AccountID, &e.Address, &e.Verified, &e.Digest, &sent); err != nil {
			return nil, d.coded(err)
		}
		e.DigestSent = FromMillis(sent)
		out = append(out, e)
	}
	return out, d.coded(rows.Err())
}

// ClaimDigest implements [Notifications].
func (d notifyDB) ClaimDigest(ctx context.Context, e Email, now time.Time) (bool, error) {
	var n int64
	err := d.inTx(ctx, func(tx SQL) error {
		var err error
		n, err = tx.Exec(ctx, `UPDATE account_emails SET digest_ms = $1 WHERE account_id = $2 AND digest_ms = $3`,
			Millis(now), e.AccountID, Millis(e.DigestSent))
		return err
	})
	return n == 1, err
}

// AddEmailToken implements [Notifications].
func (d notifyDB) AddEmailToken(ctx context.Context, t EmailToken) error {
	return d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `INSERT INTO email_tokens (hash, account_id, purpose, address, expires_ms) VALUES ($1, $2, $3, $4, $5)`,
			t.Hash, t.AccountID, t.Purpose, t.Address, Millis(t.Expires))
		return err
	})
}

// UseEmailToken implements [Notifications].
func (d notifyDB) UseEmailToken(ctx context.Context, hash []byte, purpose string, now time.Time) (EmailToken, error) {
	var t EmailToken
	var expired bool
	err := d.inTx(ctx, func(tx SQL) error {
		rows, done, err := tx.Query(ctx, `SELECT account_id, purpose, address, expires_ms FROM email_tokens WHERE hash = $1`, hash)
		if err != nil {
			return err
		}
		found := rows.Next()
		var expires int64
		if found {
			err = rows.Scan(&t.AccountID, &t.Purpose, &t.Address, &expires)
		} else {
			err = rows.Err()
		}
		done()
		if err != nil {
			return err
		}
		if !found || t.Purpose != purpose {
			return game.Errorf(game.CodeNotFound, "this link is unknown or was used already")
		}
		t.Hash, t.Expires = hash, FromMillis(expires)
		if _, err := tx.Exec(ctx, `DELETE FROM email_tokens WHERE hash = $1`, hash); err != nil {
			return err
		}
		if expired = !now.Before(t.Expires); expired {
			return nil // the removal of the expired token is committed
		}
		if purpose == TokenVerify {
			_, err = tx.Exec(ctx, `UPDATE account_emails SET verified = $1 WHERE account_id = $2 AND address = $3`, true, t.AccountID, t.Address)
		}
		return err
	})
	if err == nil && expired {
		return EmailToken{}, game.Errorf(game.CodeNotFound, "this link has expired")
	}
	return t, err
}
