package store

import (
	"context"
	"fmt"
	"time"

	"minehall/game"
)

// The queries of [Reviews] both stores share; each returns game-coded
// errors or the driver's (which the adapters make internal ones). Writes
// take a transaction of the caller's.

// reviewColumns are the columns of the reviews table that scanReview
// reads, in its order.
const reviewColumns = `table_id, status, body, attempts, updated_ms, claim, due_ms`

func scanReview(rows Rows) (Review, error) {
	var r Review
	var status string
	var updated, due int64
	if err := rows.Scan(&r.Table, &status, &r.Body, &r.Attempts, &updated, &r.Claim, &due); err != nil {
		return r, err
	}
	r.Status, r.Updated, r.Due = ReviewStatus(status), FromMillis(updated), FromMillis(due)
	return r, nil
}

// insertReview queues the review of table id unless one exists; an
// unknown table is CodeNotFound.
func insertReview(ctx context.Context, tx SQL, id string, now time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO reviews (table_id, status, updated_ms, due_ms)
		SELECT $1, $2, $3, $3 WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1)
		ON CONFLICT (table_id) DO NOTHING`, id, string(ReviewQueued), Millis(now))
	if err != nil {
		return false, fmt.Errorf("queue review: %w", err)
	}
	if n == 1 {
		return true, nil
	}
	if _, err := selectReview(ctx, tx, id); game.ErrorCode(err) == game.CodeNotFound {
		return false, game.Errorf(game.CodeNotFound, "no table %s", id)
	} else if err != nil {
		return false, err
	}
	return false, nil
}

// selectReview returns the review of table id.
func selectReview(ctx context.Context, db SQL, id string) (Review, error) {
	rows, done, err := db.Query(ctx, `SELECT `+reviewColumns+` FROM reviews WHERE table_id = $1`, id)
	if err != nil {
		return Review{}, fmt.Errorf("read review: %w", err)
	}
	defer done()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return Review{}, fmt.Errorf("read review: %w", err)
		}
		return Review{}, game.Errorf(game.CodeNotFound, "no review of table %s", id)
	}
	r, err := scanReview(rows)
	if err != nil {
		return Review{}, fmt.Errorf("read review: %w", err)
	}
	return r, nil
}

// claimTries is how many times claimReviewTx tries again when another
// worker claimed the review it chose first.
const claimTries = 3

// claimReviewTx is [Reviews.ClaimReview] inside the caller's transaction
// tx. The review is chosen and then claimed under the same condition, so
// that of two workers that chose one review concurrently only one claims
// it (the other's update, which waits for the first's row lock on
// PostgreSQL, finds it claimed and changes nothing).
func claimReviewTx(ctx context.Context, tx SQL, claim string, now time.Time, lease time.Duration, maxAttempts int) (Review, bool, error) {
	ms := Millis(now)
	if _, err := tx.Exec(ctx, `UPDATE reviews SET status = $1, claim = '', updated_ms = $2,
			body = 'the review stopped without an answer in each of its ' || CAST(attempts AS TEXT) || ' attempts'
		WHERE status = $3 AND due_ms <= $2 AND attempts >= $4`,
		string(ReviewFailed), ms, string(ReviewRunning), maxAttempts); err != nil {
		return Review{}, false, fmt.Errorf("fail abandoned reviews: %w", err)
	}
	for range claimTries {
		rows, done, err := tx.Query(ctx, `UPDATE reviews SET status = $1, claim = $2, attempts = attempts + 1, updated_ms = $3, due_ms = $4
			WHERE table_id = (SELECT table_id FROM reviews WHERE status IN ($1, $5) AND due_ms <= $3 AND attempts < $6
				ORDER BY due_ms, table_id LIMIT 1)
			AND status IN ($1, $5) AND due_ms <= $3 AND attempts < $6
			RETURNING `+reviewColumns,
			string(ReviewRunning), claim, ms, Millis(now.Add(lease)), string(ReviewQueued), maxAttempts)
		if err != nil {
			return Review{}, false, fmt.Errorf("claim review: %w", err)
		}
		if rows.Next() {
			r, err := scanReview(rows)
			done()
			if err != nil {
				return Review{}, false, fmt.Errorf("claim review: %w", err)
			}
			return r, true, nil
		}
		err = rows.Err()
		done()
		if err != nil {
			return Review{}, false, fmt.Errorf("claim review: %w", err)
		}
		// Nothing claimed: no review is due, or another worker claimed the
		// one chosen. Only the latter is worth another try.
		due, err := countDueReviews(ctx, tx, ms, maxAttempts)
		if err != nil || due == 0 {
			return Review{}, false, err
		}
	}
	return Review{}, false, nil
}

func countDueReviews(ctx context.Context, db SQL, ms int64, maxAttempts int) (int, error) {
	return countReviews(ctx, db, `SELECT COUNT(*) FROM reviews WHERE status IN ($1, $2) AND due_ms <= $3 AND attempts < $4`,
		string(ReviewQueued), string(ReviewRunning), ms, maxAttempts)
}

func countReviews(ctx context.Context, db SQL, q string, args ...any) (int, error) {
	rows, done, err := db.Query(ctx, q, args...)
	if err != nil {
		return 0, fmt.Errorf("count reviews: %w", err)
	}
	defer done()
	var n int
	if rows.Next() {
		if err := rows.Scan(&n); err != nil {
			return 0, fmt.Errorf("count reviews: %w", err)
		}
	}
	return n, rows.Err()
}

// countUnfinishedReviews counts the reviews queued or running.
func countUnfinishedReviews(ctx context.Context, db SQL) (int, error) {
	return countReviews(ctx, db, `SELECT COUNT(*) FROM reviews WHERE status IN ($1, $2)`, string(ReviewQueued), string(ReviewRunning))
}

// claimed runs q, an update of the running review $1 held by claim $2,
// and refuses with CodeConflict when it changed nothing.
func claimed(ctx context.Context, tx SQL, what, q string, args ...any) error {
	n, err := tx.Exec(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n == 0 {
		return game.Errorf(game.CodeConflict, "%s: the review of table %s is not held by this claim (its lease ran out and another worker took it, or it was finished)", what, args[0])
	}
	return nil
}

// renewReviewTx is [Reviews.RenewReview] inside tx.
func renewReviewTx(ctx context.Context, tx SQL, id, claim string, now time.Time, lease time.Duration) error {
	return claimed(ctx, tx, "renew review", `UPDATE reviews SET due_ms = $4, updated_ms = $5 WHERE table_id = $1 AND claim = $2 AND status = $3`,
		id, claim, string(ReviewRunning), Millis(now.Add(lease)), Millis(now))
}

// finishReviewTx is [Reviews.FinishReview] inside tx.
func finishReviewTx(ctx context.Context, tx SQL, id, claim, body string, now time.Time) error {
	return claimed(ctx, tx, "finish review", `UPDATE reviews SET status = $4, body = $5, claim = '', updated_ms = $6, due_ms = 0
		WHERE table_id = $1 AND claim = $2 AND status = $3`,
		id, claim, string(ReviewRunning), string(ReviewDone), body, Millis(now))
}

// failReviewTx is [Reviews.FailReview] inside tx.
func failReviewTx(ctx context.Context, tx SQL, id, claim, reason string, now, retry time.Time, maxAttempts int) (ReviewStatus, error) {
	r, err := selectReview(ctx, tx, id)
	if err != nil {
		return "", err
	}
	status, due := ReviewQueued, Millis(retry)
	if r.Attempts >= maxAttempts {
		status, due = ReviewFailed, 0
	}
	err = claimed(ctx, tx, "fail review", `UPDATE reviews SET status = $4, body = $5, claim = '', updated_ms = $6, due_ms = $7
		WHERE table_id = $1 AND claim = $2 AND status = $3`,
		id, claim, string(ReviewRunning), string(status), reason, Millis(now), due)
	if err != nil {
		return "", err
	}
	return status, nil
}

// releaseReviewTx is [Reviews.ReleaseReview] inside tx.
func releaseReviewTx(ctx context.Context, tx SQL, id, claim string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE reviews SET status = $4, claim = '', attempts = attempts - 1, updated_ms = $5, due_ms = $5
		WHERE table_id = $1 AND claim = $2 AND status = $3`,
		id, claim, string(ReviewRunning), string(ReviewQueued), Millis(now))
	if err != nil {
		return fmt.Errorf("release review: %w", err)
	}
	return nil
}

// QueueReview implements [Reviews].
func (db SharedSQL) QueueReview(ctx context.Context, id string, now time.Time) (bool, error) {
	var queued bool
	err := db.inTx(ctx, func(tx SQL) error {
		var err error
		queued, err = insertReview(ctx, tx, id, now)
		return err
	})
	return queued, err
}

// Review implements [Reviews].
func (db SharedSQL) Review(ctx context.Context, id string) (Review, error) {
	r, err := selectReview(ctx, db.reader(), id)
	return r, db.coded(err)
}

// ClaimReview implements [Reviews].
func (db SharedSQL) ClaimReview(ctx context.Context, claim string, now time.Time, lease time.Duration, maxAttempts int) (Review, bool, error) {
	var r Review
	var ok bool
	err := db.inTx(ctx, func(tx SQL) error {
		var err error
		r, ok, err = claimReviewTx(ctx, tx, claim, now, lease, maxAttempts)
		return err
	})
	return r, ok, err
}

// RenewReview implements [Reviews].
func (db SharedSQL) RenewReview(ctx context.Context, id, claim string, now time.Time, lease time.Duration) error {
	return db.inTx(ctx, func(tx SQL) error { return renewReviewTx(ctx, tx, id, claim, now, lease) })
}

// FinishReview implements [Reviews].
func (db SharedSQL) FinishReview(ctx context.Context, id, claim, body string, now time.Time) error {
	return db.inTx(ctx, func(tx SQL) error { return finishReviewTx(ctx, tx, id, claim, body, now) })
}

// FailReview implements [Reviews].
func (db SharedSQL) FailReview(ctx context.Context, id, claim, reason string, now, retry time.Time, maxAttempts int) (ReviewStatus, error) {
	var st ReviewStatus
	err := db.inTx(ctx, func(tx SQL) error {
		var err error
		st, err = failReviewTx(ctx, tx, id, claim, reason, now, retry, maxAttempts)
		return err
	})
	return st, err
}

// ReleaseReview implements [Reviews].
func (db SharedSQL) ReleaseReview(ctx context.Context, id, claim string, now time.Time) error {
	return db.inTx(ctx, func(tx SQL) error { return releaseReviewTx(ctx, tx, id, claim, now) })
}

// UnfinishedReviews implements [Reviews].
func (db SharedSQL) UnfinishedReviews(ctx context.Context) (int, error) {
	n, err := countUnfinishedReviews(ctx, db.reader())
	return n, db.coded(err)
}
