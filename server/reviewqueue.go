package server

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"minehall/game"
	"minehall/store"
)

// ReviewQueueConfig configures a [ReviewQueue].
type ReviewQueueConfig struct {
	// Store keeps the queue, shared by every instance of a cluster.
	Store store.Reviews
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// Lease is how long a worker's claim on a review lasts unless renewed
	// (it is renewed every third of it while the review is made): a
	// worker that died is replaced this long after its last renewal.
	// Default DefaultReviewLease.
	Lease time.Duration
	// Retry is how long a review that failed waits before its next
	// attempt; default 30s.
	Retry time.Duration
	// Poll is how often an idle worker looks for reviews queued by other
	// instances (those queued here wake it at once); default 5s.
	Poll time.Duration
	// Cap is the most reviews queued or running at once that a request
	// for the review of an older game (one finished before reviews were
	// made) may add to: beyond it the request is refused with 429 and
	// Retry-After. Games that finish are queued regardless. Default 1000.
	Cap int
}

// Defaults of [ReviewQueueConfig].
const (
	DefaultReviewLease = time.Minute
	// ReviewAttempts is how many times a review is tried before it is
	// stored as failed.
	ReviewAttempts = 3
)

// ReviewQueue queues the review of every game that is played out, for the
// review workers of every instance sharing its store (see
// [Config.ReviewWorkers]). Make one before the hall and give the hall its
// [ReviewQueue.TableFinished] as (part of) its Finished hook; give the
// server the same queue in [Config.Reviews].
type ReviewQueue struct {
	cfg ReviewQueueConfig
	log *slog.Logger

	wg sync.WaitGroup // queueing goroutines

	mu      sync.Mutex
	closed  bool
	arrived chan struct{} // closed (and replaced) when a review is queued here
}

// NewReviewQueue returns a queue on cfg.Store.
func NewReviewQueue(cfg ReviewQueueConfig) *ReviewQueue {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultReviewLease
	}
	if cfg.Retry <= 0 {
		cfg.Retry = 30 * time.Second
	}
	if cfg.Poll <= 0 {
		cfg.Poll = 5 * time.Second
	}
	if cfg.Cap <= 0 {
		cfg.Cap = 1000
	}
	return &ReviewQueue{cfg: cfg, log: cfg.Logger, arrived: make(chan struct{})}
}

// Reviewable reports whether the finished table t's game gets a review:
// it was played out (not aborted, expired or abandoned) and has a result.
func Reviewable(t *store.Table) bool {
	return t.Status == store.StatusFinished && t.Ending == "" && t.Result != nil
}

// TableFinished is a hook for [table.Config.Finished]: it queues the
// review of t when its game was played out. It returns at once, the
// table's lock being held: the review is queued in the background, so
// that neither the game's end nor its rating waits for it. A table whose
// review could not be queued (the store failed, the process stopped) is
// queued when its review is first asked for.
func (q *ReviewQueue) TableFinished(ctx context.Context, t *store.Table) {
	if !Reviewable(t) {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return
	}
	q.wg.Add(1)
	go func() {
		defer q.wg.Done()
		if _, err := q.queue(context.WithoutCancel(ctx), t.ID); err != nil {
			q.log.Error("review not queued", "table", t.ID, "err", err)
		}
	}()
}

// queue queues the review of table id unless one is stored, waking this
// instance's workers; it reports whether it queued one.
func (q *ReviewQueue) queue(ctx context.Context, id string) (bool, error) {
	queued, err := q.cfg.Store.QueueReview(ctx, id, time.Now())
	if queued {
		q.wake()
	}
	return queued, err
}

// queueAsked queues the review of table id asked for by a reader, within
// the queue's cap (CodeLimit beyond it).
func (q *ReviewQueue) queueAsked(ctx context.Context, id string) error {
	n, err := q.cfg.Store.UnfinishedReviews(ctx)
	if err != nil {
		return err
	}
	if n >= q.cfg.Cap {
		return refuse("reviews", q.cfg.Poll*6, "%d games are waiting for their review already; ask for this one again later", n)
	}
	_, err = q.queue(ctx, id)
	return err
}

// wake tells the waiting workers that a review was queued.
func (q *ReviewQueue) wake() {
	q.mu.Lock()
	defer q.mu.Unlock()
	close(q.arrived)
	q.arrived = make(chan struct{})
}

// arrival returns a channel closed when a review is next queued here.
func (q *ReviewQueue) arrival() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.arrived
}

// Close waits for the reviews being queued; those that finish afterwards
// are not queued (they are when first asked for). Close it after the
// hall, before the store.
func (q *ReviewQueue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.wg.Wait()
}

// errReviewsOff answers the review API of a server that makes none.
var errReviewsOff = game.Errorf(game.CodeNotFound, "this server makes no game reviews (they are turned off)")
