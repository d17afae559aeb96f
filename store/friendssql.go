package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"minehall/game"
)

// friendsDB implements [Friends] with the queries both stores share
// (see [SharedSQL.Friends]).
type friendsDB SharedSQL

var _ Friends = friendsDB{}

// maxPage caps a page of any list.
const maxPage = 100

func pageLimit(p Page) int {
	if p.Limit <= 0 || p.Limit > maxPage {
		return maxPage
	}
	return p.Limit
}

// pair reads the two accounts a and b inside tx, refusing an unknown one
// (CodeNotFound) and a and b the same (CodeInvalid, naming what with).
func pair(ctx context.Context, tx SQL, a, b, what string) (*Account, *Account, error) {
	aa, err := selectAccount(ctx, tx, "id", a)
	if err != nil {
		return nil, nil, err
	}
	bb, err := selectAccount(ctx, tx, "id", b)
	if game.ErrorCode(err) == game.CodeNotFound {
		return nil, nil, game.Errorf(game.CodeNotFound, "there is no such account to %s", what)
	}
	if err != nil {
		return nil, nil, err
	}
	if a == b {
		return nil, nil, game.Errorf(game.CodeInvalid, "you cannot %s yourself", what)
	}
	return aa, bb, nil
}

func blocks(ctx context.Context, tx SQL, blocker, blocked string) (bool, error) {
	rows, done, err := tx.Query(ctx, `SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, blocker, blocked)
	if err != nil {
		return false, err
	}
	defer done()
	found := rows.Next()
	return found, rows.Err()
}

// Follow implements [Friends].
func (d friendsDB) Follow(ctx context.Context, follower, followee string, now time.Time) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		_, b, err := pair(ctx, tx, follower, followee, "follow")
		if err != nil {
			return err
		}
		if blocked, err := blocks(ctx, tx, followee, follower); err != nil {
			return err
		} else if blocked {
			return game.Errorf(game.CodeConflict, "%s does not take follows from you", b.Name)
		}
		_, err = tx.Exec(ctx, `INSERT INTO follows (follower_id, followee_id, created_ms) VALUES ($1, $2, $3)
			ON CONFLICT (follower_id, followee_id) DO NOTHING`, follower, followee, Millis(now))
		return err
	}))
}

// Unfollow implements [Friends].
func (d friendsDB) Unfollow(ctx context.Context, follower, followee string) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2`, follower, followee)
		return err
	}))
}

// entries lists the accounts of the join: list names the table, by the
// column mine (the listing account's) and other (the listed one).
func (d friendsDB) entries(ctx context.Context, list, mine, other, id string, p Page) ([]FollowEntry, string, error) {
	limit := pageLimit(p)
	rows, done, err := d.reader().Query(ctx, `SELECT a.id, a.name, a.name_key, l.created_ms,
			CASE WHEN EXISTS (SELECT 1 FROM follows f1 WHERE f1.follower_id = $1 AND f1.followee_id = a.id)
			 AND EXISTS (SELECT 1 FROM follows f2 WHERE f2.follower_id = a.id AND f2.followee_id = $1) THEN 1 ELSE 0 END,
			COALESCE(p.seen_ms, 0), COALESCE(p.table_id, '')
		FROM `+list+` l JOIN accounts a ON a.id = l.`+other+`
		LEFT JOIN presence p ON p.account_id = a.id
		WHERE l.`+mine+` = $1 AND a.name_key > $2 ORDER BY a.name_key LIMIT $3`, id, p.After, limit+1)
	if err != nil {
		return nil, "", d.coded(err)
	}
	defer done()
	out := []FollowEntry{}
	var keys []string
	for rows.Next() {
		var e FollowEntry
		var key string
		var since, seen int64
		var mutual int
		if err := rows.Scan(&e.AccountID, &e.Name, &key, &since, &mutual, &seen, &e.Table); err != nil {
			return nil, "", d.coded(err)
		}
		e.Since, e.Mutual = FromMillis(since), mutual == 1
		if seen > 0 {
			e.Seen = FromMillis(seen)
		}
		out = append(out, e)
		keys = append(keys, key)
	}
	if err := rows.Err(); err != nil {
		return nil, "", d.coded(err)
	}
	next := ""
	if len(out) > limit {
		out, next = out[:limit], keys[limit-1]
	}
	return out, next, nil
}

// Following implements [Friends].
func (d friendsDB) Following(ctx context.Context, id string, p Page) ([]FollowEntry, string, error) {
	return d.entries(ctx, "follows", "follower_id", "followee_id", id, p)
}

// Followers implements [Friends].
func (d friendsDB) Followers(ctx context.Context, id string, p Page) ([]FollowEntry, string, error) {
	return d.entries(ctx, "follows", "followee_id", "follower_id", id, p)
}

// Blocked implements [Friends].
func (d friendsDB) Blocked(ctx context.Context, id string, p Page) ([]FollowEntry, string, error) {
	return d.entries(ctx, "blocks", "blocker_id", "blocked_id", id, p)
}

// Relation implements [Friends].
func (d friendsDB) Relation(ctx context.Context, a, b string) (Relation, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT
		CASE WHEN EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2) THEN 1 ELSE 0 END,
		CASE WHEN EXISTS (SELECT 1 FROM follows WHERE follower_id = $2 AND followee_id = $1) THEN 1 ELSE 0 END,
		CASE WHEN EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2) THEN 1 ELSE 0 END,
		CASE WHEN EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $2 AND blocked_id = $1) THEN 1 ELSE 0 END`, a, b)
	if err != nil {
		return Relation{}, d.coded(err)
	}
	defer done()
	var r Relation
	if rows.Next() {
		var f, fb, bl, bb int
		if err := rows.Scan(&f, &fb, &bl, &bb); err != nil {
			return Relation{}, d.coded(err)
		}
		r = Relation{Follows: f == 1, FollowedBy: fb == 1, Blocks: bl == 1, BlockedBy: bb == 1}
	}
	return r, d.coded(rows.Err())
}

// Block implements [Friends].
func (d friendsDB) Block(ctx context.Context, blocker, blocked string, now time.Time) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		if _, _, err := pair(ctx, tx, blocker, blocked, "block"); err != nil {
			return err
		}
		ms := Millis(now)
		for _, st := range []struct {
			q    string
			args []any
		}{
			{`INSERT INTO blocks (blocker_id, blocked_id, created_ms) VALUES ($1, $2, $3)
				ON CONFLICT (blocker_id, blocked_id) DO NOTHING`, []any{blocker, blocked, ms}},
			{`DELETE FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)`, []any{blocker, blocked}},
			{`UPDATE challenges SET status = 'cancelled', updated_ms = $3 WHERE status = 'open'
				AND ((challenger_id = $1 AND challenged_id = $2) OR (challenger_id = $2 AND challenged_id = $1))`, []any{blocker, blocked, ms}},
		} {
			if _, err := tx.Exec(ctx, st.q, st.args...); err != nil {
				return fmt.Errorf("block: %w", err)
			}
		}
		return nil
	}))
}

// Unblock implements [Friends].
func (d friendsDB) Unblock(ctx context.Context, blocker, blocked string) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, blocker, blocked)
		return err
	}))
}

// CreateChallenge implements [Friends]. The challenger's account row is
// locked first, so that two challenges of one challenger at once count
// each other against the quota.
func (d friendsDB) CreateChallenge(ctx context.Context, c Challenge, q ChallengeQuota) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		if _, err := tx.Exec(ctx, `UPDATE accounts SET id = id WHERE id = $1`, c.Challenger); err != nil {
			return err
		}
		_, b, err := pair(ctx, tx, c.Challenger, c.Challenged, "challenge")
		if err != nil {
			return err
		}
		if blocked, err := blocks(ctx, tx, c.Challenged, c.Challenger); err != nil {
			return err
		} else if blocked {
			return game.Errorf(game.CodeConflict, "%s does not take challenges from you", b.Name)
		}
		now := Millis(c.Created)
		if q.Open > 0 {
			n, first, err := countSince(ctx, tx, `status = 'open' AND expires_ms > $2`, c.Challenger, now, `MIN(expires_ms)`)
			if err != nil {
				return err
			}
			if n >= q.Open {
				return &QuotaError{Err: game.Errorf(game.CodeLimit, "you have %d open challenges, the most at once; cancel one or wait for an answer", n),
					RetryAfter: time.Duration(first-now) * time.Millisecond}
			}
		}
		if q.PerHour > 0 {
			n, first, err := countSince(ctx, tx, `created_ms > $2`, c.Challenger, now-time.Hour.Milliseconds(), `MIN(created_ms)`)
			if err != nil {
				return err
			}
			if n >= q.PerHour {
				return &QuotaError{Err: game.Errorf(game.CodeLimit, "you made %d challenges in the last hour, the most an hour allows", n),
					RetryAfter: time.Duration(first+time.Hour.Milliseconds()-now) * time.Millisecond}
			}
		}
		_, err = tx.Exec(ctx, `INSERT INTO challenges (id, challenger_id, challenged_id, request, status, table_id, created_ms, expires_ms, updated_ms)
			VALUES ($1, $2, $3, $4, 'open', '', $5, $6, $5)`, c.ID, c.Challenger, c.Challenged, c.Request, now, Millis(c.Expires))
		return err
	}))
}

// countSince counts the challenger's challenges matching where (its $2
// bound to since) and returns agg of them.
func countSince(ctx context.Context, tx SQL, where, challenger string, since int64, agg string) (int, int64, error) {
	rows, done, err := tx.Query(ctx, `SELECT COUNT(*), COALESCE(`+agg+`, 0) FROM challenges WHERE challenger_id = $1 AND `+where, challenger, since)
	if err != nil {
		return 0, 0, err
	}
	defer done()
	var n int
	var v int64
	if rows.Next() {
		if err := rows.Scan(&n, &v); err != nil {
			return 0, 0, err
		}
	}
	return n, v, rows.Err()
}

const challengeColumns = `c.id, c.challenger_id, a.name, c.challenged_id, b.name, c.request, c.status, c.table_id, c.created_ms, c.expires_ms, c.updated_ms`
const challengeFrom = ` FROM challenges c JOIN accounts a ON a.id = c.challenger_id JOIN accounts b ON b.id = c.challenged_id`

func scanChallenges(rows Rows) ([]Challenge, error) {
	out := []Challenge{}
	for rows.Next() {
		var c Challenge
		var status string
		var created, expires, updated int64
		if err := rows.Scan(&c.ID, &c.Challenger, &c.ChallengerName, &c.Challenged, &c.ChallengedName, &c.Request,
			&status, &c.Table, &created, &expires, &updated); err != nil {
			return nil, err
		}
		c.Status = ChallengeStatus(status)
		c.Created, c.Expires, c.Updated = FromMillis(created), FromMillis(expires), FromMillis(updated)
		out = append(out, c)
	}
	return out, rows.Err()
}

func selectChallenge(ctx context.Context, db SQL, id, lock string) (Challenge, error) {
	rows, done, err := db.Query(ctx, `SELECT `+challengeColumns+challengeFrom+` WHERE c.id = $1`+lock, id)
	if err != nil {
		return Challenge{}, err
	}
	defer done()
	cs, err := scanChallenges(rows)
	if err != nil {
		return Challenge{}, err
	}
	if len(cs) == 0 {
		return Challenge{}, game.Errorf(game.CodeNotFound, "there is no challenge %q", id)
	}
	return cs[0], nil
}

// Challenge implements [Friends].
func (d friendsDB) Challenge(ctx context.Context, id string) (Challenge, error) {
	c, err := selectChallenge(ctx, d.reader(), id, "")
	return c, d.coded(err)
}

// Challenges implements [Friends]. The cursor is the last entry's
// creation time in milliseconds and ID.
func (d friendsDB) Challenges(ctx context.Context, id string, outgoing, open bool, now time.Time, p Page) ([]Challenge, string, error) {
	limit := pageLimit(p)
	col := "c.challenged_id"
	if outgoing {
		col = "c.challenger_id"
	}
	where := col + ` = $1`
	args := []any{id}
	if open {
		args = append(args, Millis(now))
		where += fmt.Sprintf(` AND c.status = 'open' AND c.expires_ms > $%d`, len(args))
	}
	if p.After != "" {
		ms, cid, ok := strings.Cut(p.After, ":")
		at, err := strconv.ParseInt(ms, 10, 64)
		if !ok || err != nil {
			return nil, "", game.Errorf(game.CodeInvalid, "after %q is not a cursor this list gave", p.After)
		}
		args = append(args, at, cid)
		where += fmt.Sprintf(` AND (c.created_ms < $%d OR (c.created_ms = $%d AND c.id < $%d))`, len(args)-1, len(args)-1, len(args))
	}
	args = append(args, limit+1)
	rows, done, err := d.reader().Query(ctx, `SELECT `+challengeColumns+challengeFrom+` WHERE `+where+
		fmt.Sprintf(` ORDER BY c.created_ms DESC, c.id DESC LIMIT $%d`, len(args)), args...)
	if err != nil {
		return nil, "", d.coded(err)
	}
	defer done()
	cs, err := scanChallenges(rows)
	if err != nil {
		return nil, "", d.coded(err)
	}
	next := ""
	if len(cs) > limit {
		cs = cs[:limit]
		last := cs[limit-1]
		next = fmt.Sprintf("%d:%s", Millis(last.Created), last.ID)
	}
	return cs, next, nil
}

// SettleChallenge implements [Friends].
func (d friendsDB) SettleChallenge(ctx context.Context, id string, to ChallengeStatus, table string, now time.Time) (Challenge, error) {
	var out Challenge
	err := d.inTx(ctx, func(tx SQL) error {
		lock := ""
		if tx.ForUpdate() != "" {
			lock = " FOR UPDATE OF c"
		}
		c, err := selectChallenge(ctx, tx, id, lock)
		if err != nil {
			return err
		}
		if st := c.StatusAt(now); st != ChallengeOpen {
			return game.Errorf(game.CodeConflict, "the challenge is %s: it can no longer be answered or cancelled", st)
		}
		if _, err := tx.Exec(ctx, `UPDATE challenges SET status = $1, table_id = $2, updated_ms = $3 WHERE id = $4`,
			string(to), table, Millis(now), id); err != nil {
			return err
		}
		c.Status, c.Table, c.Updated = to, table, FromMillis(Millis(now))
		out = c
		return nil
	})
	return out, d.coded(err)
}

// PruneChallenges implements [Friends].
func (d friendsDB) PruneChallenges(ctx context.Context, before time.Time) (int64, error) {
	var n int64
	err := d.inTx(ctx, func(tx SQL) error {
		var err error
		n, err = tx.Exec(ctx, `DELETE FROM challenges WHERE (status <> 'open' AND updated_ms < $1) OR (status = 'open' AND expires_ms < $1)`, Millis(before))
		return err
	})
	return n, d.coded(err)
}

// SetPresence implements [Friends].
func (d friendsDB) SetPresence(ctx context.Context, id, table string, now time.Time) error {
	return d.coded(d.inTx(ctx, func(tx SQL) error {
		_, err := tx.Exec(ctx, `INSERT INTO presence (account_id, seen_ms, table_id)
			SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM accounts WHERE id = $1)
			ON CONFLICT (account_id) DO UPDATE SET seen_ms = excluded.seen_ms, table_id = excluded.table_id`, id, Millis(now), table)
		return err
	}))
}

// Presence implements [Friends].
func (d friendsDB) Presence(ctx context.Context, id string) (time.Time, string, error) {
	rows, done, err := d.reader().Query(ctx, `SELECT seen_ms, table_id FROM presence WHERE account_id = $1`, id)
	if err != nil {
		return time.Time{}, "", d.coded(err)
	}
	defer done()
	if !rows.Next() {
		return time.Time{}, "", d.coded(rows.Err())
	}
	var seen int64
	var table string
	if err := rows.Scan(&seen, &table); err != nil {
		return time.Time{}, "", d.coded(err)
	}
	return FromMillis(seen), table, nil
}
