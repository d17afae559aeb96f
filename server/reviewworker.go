package server

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"minehall/game"
	"minehall/store"
)

// reviewsOn reports whether this server makes reviews and answers for
// them.
func (s *Server) reviewsOn() bool {
	return s.cfg.Reviewer != nil && s.cfg.Reviews != nil && s.cfg.ReviewWorkers > 0
}

// startReviews starts the review workers, when reviews are on.
func (s *Server) startReviews() {
	if !s.reviewsOn() {
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	s.stopReviewers = stop
	for range s.cfg.ReviewWorkers {
		s.reviewers.Go(func() { s.reviewWorker(ctx) })
	}
}

// stopReviews tells the review workers to stop (Shutdown waits for them):
// a review being made is given back to the queue, for the next worker.
func (s *Server) stopReviews() {
	if s.stopReviewers != nil {
		s.stopReviewers()
	}
}

// reviewWorker makes the reviews it claims from the queue, one at a time,
// until ctx ends. It claims none while bots at live tables wait for a
// thinker: the games being played come first.
func (s *Server) reviewWorker(ctx context.Context) {
	q := s.cfg.Reviews
	for ctx.Err() == nil {
		arrived := q.arrival()
		if _, waiting := s.cfg.Hall.BotsThinking(); waiting == 0 {
			r, ok, err := q.cfg.Store.ClaimReview(ctx, newClaim(), time.Now(), q.cfg.Lease, ReviewAttempts)
			switch {
			case err != nil && ctx.Err() == nil:
				s.log.Error("no review claimed", "err", err)
			case ok:
				s.makeReview(ctx, r)
				continue
			}
		}
		t := time.NewTimer(q.cfg.Poll)
		select {
		case <-ctx.Done():
		case <-arrived:
		case <-t.C:
		}
		t.Stop()
	}
}

// newClaim returns a claim token no other claim has.
func newClaim() string {
	return rand.Text()
}

// errClaimLost ends a review whose claim another worker took.
var errClaimLost = errors.New("the review's claim was lost")

// makeReview makes the review r claimed and stores it, or its failure.
// It renews the claim while the reviewer works, and stops the reviewer
// when the claim is lost.
func (s *Server) makeReview(ctx context.Context, r store.Review) {
	q := s.cfg.Reviews
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(q.cfg.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-rctx.Done():
				return
			case <-t.C:
			}
			err := q.cfg.Store.RenewReview(rctx, r.Table, r.Claim, time.Now(), q.cfg.Lease)
			if game.ErrorCode(err) == game.CodeConflict {
				cancel(errClaimLost)
				return
			}
			if err != nil && rctx.Err() == nil {
				s.log.Warn("review claim not renewed", "table", r.Table, "err", err)
			}
		}
	}()
	body, err := s.review(rctx, r.Table)
	cancel(nil)
	<-renewed
	bg := context.WithoutCancel(ctx)
	switch {
	case errors.Is(context.Cause(rctx), errClaimLost):
		s.log.Warn("review dropped: another worker claimed it", "table", r.Table)
	case err == nil:
		// Made, even if the server is stopping meanwhile: stored.
		if err := q.cfg.Store.FinishReview(bg, r.Table, r.Claim, string(body), time.Now()); err != nil {
			s.logStoreRefusal("review not stored", r.Table, err)
		}
	case ctx.Err() != nil:
		if err := q.cfg.Store.ReleaseReview(bg, r.Table, r.Claim, time.Now()); err != nil {
			s.log.Error("review not given back", "table", r.Table, "err", err)
		}
	default:
		now := time.Now()
		st, ferr := q.cfg.Store.FailReview(bg, r.Table, r.Claim, err.Error(), now, now.Add(q.cfg.Retry), ReviewAttempts)
		if ferr != nil {
			s.logStoreRefusal("review failure not stored", r.Table, ferr)
			return
		}
		s.log.Warn("review failed", "table", r.Table, "attempt", r.Attempts, "status", st, "err", err)
	}
}

// logStoreRefusal logs a review the store did not take: a claim lost to
// another worker (this one was paused past its lease) is a warning, any
// other failure an error.
func (s *Server) logStoreRefusal(msg, table string, err error) {
	if game.ErrorCode(err) == game.CodeConflict {
		s.log.Warn(msg+": another worker holds its claim now", "table", table, "err", err)
		return
	}
	s.log.Error(msg, "table", table, "err", err)
}

// review asks the reviewer for the review of table id's record and
// returns it as the API serves it; a reviewer that panics fails.
func (s *Server) review(ctx context.Context, id string) (body []byte, err error) {
	rec, err := s.cfg.Hall.Record(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("the game's record: %w", err)
	}
	raw, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("the game's record: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("the reviewer panicked", "table", id, "panic", p)
			err = fmt.Errorf("the reviewer stopped on an internal error")
		}
	}()
	out, err := s.cfg.Reviewer.Review(ctx, raw)
	if err != nil {
		return nil, err
	}
	return reviewBody(out, id, rec.Game)
}

// reviewBody returns the reviewer's answer with the fields the API
// promises set: the table, the game and the status done.
func reviewBody(out json.RawMessage, id, gameID string) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(out, &fields); err != nil || fields == nil {
		return nil, fmt.Errorf("the reviewer's answer is not a JSON object")
	}
	for k, v := range map[string]string{"table": id, "game": gameID, "status": "done"} {
		fields[k], _ = json.Marshal(v)
	}
	return json.Marshal(fields)
}
