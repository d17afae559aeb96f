package store

import (
	"context"
	"time"
)

// ReviewStatus is where the review of a finished game is.
type ReviewStatus string

const (
	// ReviewQueued: waiting for a worker (again, after a failed attempt).
	ReviewQueued ReviewStatus = "queued"
	// ReviewRunning: a worker holds the review's claim and is making it.
	ReviewRunning ReviewStatus = "running"
	// ReviewDone: the review is made; Body is its JSON.
	ReviewDone ReviewStatus = "done"
	// ReviewFailed: every attempt failed; Body says why the last one did.
	ReviewFailed ReviewStatus = "failed"
)

// Review is the stored review of the finished game of table Table.
type Review struct {
	Table  string
	Status ReviewStatus
	// Body is the review's JSON when Status is done, the reason of the
	// last failure when it is failed, and empty otherwise.
	Body string
	// Attempts counts the claims made so far, the running one included.
	Attempts int
	// Updated is when the review last changed.
	Updated time.Time
	// Claim is the token of the worker holding a running review; empty
	// otherwise.
	Claim string
	// Due is, for a queued review, the earliest time a worker may claim it
	// and, for a running one, the end of its claim's lease: after that
	// the worker is taken for dead and another may claim it.
	Due time.Time
}

// Reviews keeps the reviews of finished games: a queue of them that the
// workers of every instance sharing the store take from, so that each
// game is reviewed once. Workers claim reviews with a lease, as instances
// hold tables: a claim lasts until its lease runs out unless renewed, and
// only the holder of a claim may finish the review. Errors carry game
// codes: CodeNotFound for an unknown table or review, CodeConflict for a
// claim that is not (or no longer) the review's. Every method is safe for
// concurrent use and durable once it returns nil; times are the caller's
// clock, so the instances sharing a store must keep their clocks close
// (well within a lease).
type Reviews interface {
	// QueueReview queues the review of table id, due at once, unless a
	// review of it is stored already (then it reports false and changes
	// nothing).
	QueueReview(ctx context.Context, id string, now time.Time) (queued bool, err error)

	// Review returns the stored review of table id.
	Review(ctx context.Context, id string) (Review, error)

	// ClaimReview claims the review due first (queued and due, or running
	// with its lease run out) for the worker whose token is claim, until
	// now+lease, counting an attempt; ok is false when no review is due.
	// A running review whose lease ran out after its maxAttempts-th attempt
	// is marked failed instead of claimed.
	ClaimReview(ctx context.Context, claim string, now time.Time, lease time.Duration, maxAttempts int) (r Review, ok bool, err error)

	// RenewReview extends the lease of the claim on review id to
	// now+lease; CodeConflict when claim no longer holds it.
	RenewReview(ctx context.Context, id, claim string, now time.Time, lease time.Duration) error

	// FinishReview stores body, the JSON of the review made under claim,
	// and marks the review done; CodeConflict (and nothing stored) when
	// claim no longer holds it.
	FinishReview(ctx context.Context, id, claim, body string, now time.Time) error

	// FailReview records that the attempt made under claim failed for
	// reason: the review is failed, with reason as its body, once it has
	// had maxAttempts attempts, else queued again, due at retry. It
	// returns the review's new status; CodeConflict when claim no longer
	// holds it.
	FailReview(ctx context.Context, id, claim, reason string, now, retry time.Time, maxAttempts int) (ReviewStatus, error)

	// ReleaseReview gives the claim on review id back, unfinished (its
	// worker is stopping): the review is queued again, due at once, and
	// the attempt is not counted. A claim no longer held is no error.
	ReleaseReview(ctx context.Context, id, claim string, now time.Time) error

	// UnfinishedReviews counts the reviews queued or running.
	UnfinishedReviews(ctx context.Context) (int, error)
}
