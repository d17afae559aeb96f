package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
)

// RunReviews runs the suite of [store.Reviews] against the stores open
// returns; each must implement it.
func RunReviews(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Store, store.Reviews)
	}{
		{"QueueOnce", testReviewQueueOnce},
		{"ErrNotFound", testReviewNotFound},
		{"ClaimAndFinish", testReviewClaimAndFinish},
		{"RetriedThenFailed", testReviewRetries},
		{"LeaseRunsOut", testReviewLease},
		{"AbandonedAfterLastAttempt", testReviewAbandoned},
		{"Release", testReviewRelease},
		{"ConcurrentClaims", testReviewConcurrentClaims},
	}
	for _, tc := range tests {
		runOnFreshStore(t, tc.name, open, func(t *testing.T, s store.Store) {
			rs, ok := s.(store.Reviews)
			if !ok {
				t.Fatalf("%T does not implement store.Reviews", s)
			}
			tc.fn(t, s, rs)
		})
	}
}

const (
	reviewLease = time.Minute
	maxAttempts = 3
)

// queued creates tables ids and queues their reviews at base().
func queued(t *testing.T, s store.Store, rs store.Reviews, ids ...string) {
	t.Helper()
	for _, id := range ids {
		mustCreate(t, s, sample(id, base()))
		if ok, err := rs.QueueReview(context.Background(), id, base()); err != nil || !ok {
			t.Fatalf("QueueReview(%s): got %v, %v; want true, nil", id, ok, err)
		}
	}
}

func mustClaim(t *testing.T, rs store.Reviews, claim string, now time.Time) store.Review {
	t.Helper()
	r, ok, err := rs.ClaimReview(context.Background(), claim, now, reviewLease, maxAttempts)
	if err != nil || !ok {
		t.Fatalf("ClaimReview(%s) at %v: got ok %v, err %v; want a review", claim, now.Sub(base()), ok, err)
	}
	return r
}

func noClaim(t *testing.T, rs store.Reviews, claim string, now time.Time) {
	t.Helper()
	r, ok, err := rs.ClaimReview(context.Background(), claim, now, reviewLease, maxAttempts)
	if err != nil || ok {
		t.Fatalf("ClaimReview(%s) at %v: got %+v, ok %v, err %v; want nothing due", claim, now.Sub(base()), r, ok, err)
	}
}

func mustReview(t *testing.T, rs store.Reviews, id string) store.Review {
	t.Helper()
	r, err := rs.Review(context.Background(), id)
	if err != nil {
		t.Fatalf("Review(%s): %v", id, err)
	}
	return r
}

func testReviewQueueOnce(t *testing.T, s store.Store, rs store.Reviews) {
	ctx := context.Background()
	queued(t, s, rs, "t1")
	got := mustReview(t, rs, "t1")
	if got.Table != "t1" || got.Status != store.ReviewQueued || got.Attempts != 0 || got.Body != "" || !got.Due.Equal(base()) {
		t.Errorf("Review(t1) after QueueReview: got %+v; want queued, due at once, no attempts", got)
	}
	if ok, err := rs.QueueReview(ctx, "t1", base().Add(time.Hour)); err != nil || ok {
		t.Errorf("QueueReview(t1) again: got %v, %v; want false, nil", ok, err)
	}
	if got := mustReview(t, rs, "t1"); !got.Updated.Equal(base()) {
		t.Errorf("QueueReview again changed the review: updated %v; want %v", got.Updated, base())
	}
	if n, err := rs.UnfinishedReviews(ctx); err != nil || n != 1 {
		t.Errorf("UnfinishedReviews: got %d, %v; want 1", n, err)
	}
}

func testReviewNotFound(t *testing.T, s store.Store, rs store.Reviews) {
	ctx := context.Background()
	_, err := rs.QueueReview(ctx, "nope", base())
	checkCode(t, "QueueReview(unknown table)", err, game.CodeNotFound)
	mustCreate(t, s, sample("t1", base()))
	_, err = rs.Review(ctx, "t1")
	checkCode(t, "Review(table without a review)", err, game.CodeNotFound)
	noClaim(t, rs, "w1", base())
}

func testReviewClaimAndFinish(t *testing.T, s store.Store, rs store.Reviews) {
	ctx := context.Background()
	queued(t, s, rs, "t1")
	now := base().Add(time.Second)
	r := mustClaim(t, rs, "w1", now)
	if r.Table != "t1" || r.Status != store.ReviewRunning || r.Claim != "w1" || r.Attempts != 1 || !r.Due.Equal(now.Add(reviewLease)) {
		t.Errorf("claimed: got %+v; want t1 running, claim w1, attempt 1, due at the lease's end", r)
	}
	noClaim(t, rs, "w2", now)
	later := now.Add(reviewLease / 2)
	if err := rs.RenewReview(ctx, "t1", "w1", later, reviewLease); err != nil {
		t.Fatalf("RenewReview: %v", err)
	}
	noClaim(t, rs, "w2", now.Add(reviewLease)) // renewed: the lease lasts
	checkCode(t, "RenewReview by another claim", rs.RenewReview(ctx, "t1", "w2", later, reviewLease), game.CodeConflict)
	checkCode(t, "FinishReview by another claim", rs.FinishReview(ctx, "t1", "w2", `{"x":1}`, later), game.CodeConflict)
	if got := mustReview(t, rs, "t1"); got.Status != store.ReviewRunning || got.Body != "" {
		t.Errorf("after a refused FinishReview: got %+v; want running, no body", got)
	}
	body := `{"table":"t1","status":"done"}`
	if err := rs.FinishReview(ctx, "t1", "w1", body, later); err != nil {
		t.Fatalf("FinishReview: %v", err)
	}
	got := mustReview(t, rs, "t1")
	if got.Status != store.ReviewDone || got.Body != body || got.Claim != "" || !got.Updated.Equal(later) {
		t.Errorf("after FinishReview: got %+v; want done with the body", got)
	}
	checkCode(t, "FinishReview twice", rs.FinishReview(ctx, "t1", "w1", body, later), game.CodeConflict)
	noClaim(t, rs, "w2", later.Add(time.Hour))
	if n, err := rs.UnfinishedReviews(ctx); err != nil || n != 0 {
		t.Errorf("UnfinishedReviews: got %d, %v; want 0", n, err)
	}
}

func testReviewRetries(t *testing.T, s store.Store, rs store.Reviews) {
	ctx := context.Background()
	queued(t, s, rs, "t1")
	now := base()
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		r := mustClaim(t, rs, "w1", now)
		if r.Attempts != attempt {
			t.Fatalf("attempt %d: claimed with attempts %d", attempt, r.Attempts)
		}
		retry := now.Add(10 * time.Second)
		st, err := rs.FailReview(ctx, "t1", "w1", fmt.Sprintf("boom %d", attempt), now, retry, maxAttempts)
		if err != nil {
			t.Fatalf("FailReview %d: %v", attempt, err)
		}
		if attempt < maxAttempts {
			if st != store.ReviewQueued {
				t.Fatalf("FailReview %d: got status %s; want queued", attempt, st)
			}
			noClaim(t, rs, "w1", retry.Add(-time.Millisecond))
			now = retry
			continue
		}
		if st != store.ReviewFailed {
			t.Fatalf("FailReview %d: got status %s; want failed", attempt, st)
		}
	}
	got := mustReview(t, rs, "t1")
	if got.Status != store.ReviewFailed || got.Body != "boom 3" || got.Attempts != maxAttempts {
		t.Errorf("after %d failures: got %+v; want failed with the last reason", maxAttempts, got)
	}
	noClaim(t, rs, "w1", now.Add(time.Hour))
}

func testReviewLease(t *testing.T, s store.Store, rs store.Reviews) {
	ctx := context.Background()
	queued(t, s, rs, "t1")
	mustClaim(t, rs, "w1", base())
	noClaim(t, rs, "w2", base().Add(reviewLease-time.Millisecond))
	r := mustClaim(t, rs, "w2", base().Add(reviewLease))
	if r.Claim != "w2" || r.Attempts != 2 {
		t.Errorf("claimed after the lease ran out: got %+v; want claim w2, attempt 2", r)
	}
	later := base().Add(reviewLease + time.Second)
	checkCode(t, "FinishReview by the claim whose lease ran out", rs.FinishReview(ctx, "t1", "w1", `{}`, later), game.CodeConflict)
	_, err := rs.FailReview(ctx, "t1", "w1", "late", later, later, maxAttempts)
	checkCode(t, "FailReview by the claim whose lease ran out", err, game.CodeConflict)
	if err := rs.FinishReview(ctx, "t1", "w2", `{"by":"w2"}`, later); err != nil {
		t.Fatalf("FinishReview by the new claim: %v", err)
	}
	if got := mustReview(t, rs, "t1"); got.Body != `{"by":"w2"}` {
		t.Errorf("body: got %q; want the new claim's", got.Body)
	}
}

func testReviewAbandoned(t *testing.T, s store.Store, rs store.Reviews) {
	queued(t, s, rs, "t1")
	now := base()
	for range maxAttempts {
		mustClaim(t, rs, "w", now)
		now = now.Add(reviewLease) // each worker dies holding the claim
	}
	noClaim(t, rs, "w", now)
	got := mustReview(t, rs, "t1")
	if got.Status != store.ReviewFailed || got.Body == "" || got.Claim != "" {
		t.Errorf("after %d claims that ran out: got %+v; want failed with a reason", maxAttempts, got)
	}
}

func testReviewRelease(t *testing.T, s store.Store, rs store.Reviews) {
	ctx := context.Background()
	queued(t, s, rs, "t1")
	mustClaim(t, rs, "w1", base())
	if err := rs.ReleaseReview(ctx, "t1", "w2", base()); err != nil {
		t.Fatalf("ReleaseReview by another claim: %v; want nil", err)
	}
	if got := mustReview(t, rs, "t1"); got.Status != store.ReviewRunning || got.Claim != "w1" {
		t.Fatalf("ReleaseReview by another claim changed the review: %+v", got)
	}
	if err := rs.ReleaseReview(ctx, "t1", "w1", base()); err != nil {
		t.Fatalf("ReleaseReview: %v", err)
	}
	got := mustReview(t, rs, "t1")
	if got.Status != store.ReviewQueued || got.Attempts != 0 || got.Claim != "" {
		t.Errorf("after ReleaseReview: got %+v; want queued, no attempt counted", got)
	}
	if r := mustClaim(t, rs, "w2", base()); r.Table != "t1" || r.Attempts != 1 {
		t.Errorf("claim after release: got %+v; want t1 at attempt 1", r)
	}
}

// testReviewConcurrentClaims: workers claiming at once claim each review
// exactly once.
func testReviewConcurrentClaims(t *testing.T, s store.Store, rs store.Reviews) {
	ids := []string{"t1", "t2", "t3", "t4"}
	queued(t, s, rs, ids...)
	const workers = 8
	var mu sync.Mutex
	claims := map[string][]string{}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			claim := fmt.Sprintf("w%d", w)
			for {
				r, ok, err := rs.ClaimReview(context.Background(), claim, base(), reviewLease, maxAttempts)
				if err != nil {
					t.Errorf("ClaimReview(%s): %v", claim, err)
					return
				}
				if !ok {
					return
				}
				mu.Lock()
				claims[r.Table] = append(claims[r.Table], claim)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	// A worker that lost every race it ran gives up while reviews are due;
	// whatever is left is claimed here, once.
	for {
		r, ok, err := rs.ClaimReview(context.Background(), "last", base(), reviewLease, maxAttempts)
		if err != nil || !ok {
			break
		}
		claims[r.Table] = append(claims[r.Table], "last")
	}
	for _, id := range ids {
		if len(claims[id]) != 1 {
			t.Errorf("review %s claimed by %v; want exactly one worker", id, claims[id])
		}
	}
}
