package sqlite

import (
	"context"
	"time"

	"minehall/store"
)

var _ store.Reviews = (*DB)(nil)

// QueueReview implements [store.Reviews]. Review writes run in
// transactions of the writer goroutine, as account writes do.
func (db *DB) QueueReview(ctx context.Context, id string, now time.Time) (bool, error) {
	var queued bool
	err := db.inTx(ctx, func(tx store.SQL) error {
		var err error
		queued, err = store.InsertReview(ctx, tx, id, now)
		return err
	})
	return queued, err
}

// Review implements [store.Reviews].
func (db *DB) Review(ctx context.Context, id string) (store.Review, error) {
	r, err := store.SelectReview(ctx, db.reader(), id)
	return r, coded(err)
}

// ClaimReview implements [store.Reviews].
func (db *DB) ClaimReview(ctx context.Context, claim string, now time.Time, lease time.Duration, maxAttempts int) (store.Review, bool, error) {
	var r store.Review
	var ok bool
	err := db.inTx(ctx, func(tx store.SQL) error {
		var err error
		r, ok, err = store.ClaimReviewTx(ctx, tx, claim, now, lease, maxAttempts)
		return err
	})
	return r, ok, err
}

// RenewReview implements [store.Reviews].
func (db *DB) RenewReview(ctx context.Context, id, claim string, now time.Time, lease time.Duration) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.RenewReviewTx(ctx, tx, id, claim, now, lease) })
}

// FinishReview implements [store.Reviews].
func (db *DB) FinishReview(ctx context.Context, id, claim, body string, now time.Time) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.FinishReviewTx(ctx, tx, id, claim, body, now) })
}

// FailReview implements [store.Reviews].
func (db *DB) FailReview(ctx context.Context, id, claim, reason string, now, retry time.Time, maxAttempts int) (store.ReviewStatus, error) {
	var st store.ReviewStatus
	err := db.inTx(ctx, func(tx store.SQL) error {
		var err error
		st, err = store.FailReviewTx(ctx, tx, id, claim, reason, now, retry, maxAttempts)
		return err
	})
	return st, err
}

// ReleaseReview implements [store.Reviews].
func (db *DB) ReleaseReview(ctx context.Context, id, claim string, now time.Time) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.ReleaseReviewTx(ctx, tx, id, claim, now) })
}

// UnfinishedReviews implements [store.Reviews].
func (db *DB) UnfinishedReviews(ctx context.Context) (int, error) {
	n, err := store.CountUnfinishedReviews(ctx, db.reader())
	return n, coded(err)
}
