package server

import (
	"context"
	"time"

	"minehall/store"
)

// ChallengeKeep is how long a challenge is kept once settled or expired;
// the server then deletes it (see startChallengePrune).
const ChallengeKeep = 30 * 24 * time.Hour

// DefaultChallengePruneEvery is how often a server deletes the challenges
// settled or expired more than ChallengeKeep ago.
const DefaultChallengePruneEvery = time.Hour

// startChallengePrune deletes, at once and then every every until ctx
// ends, the challenges settled or expired more than ChallengeKeep before
// now says. Every instance runs it: the store's delete is idempotent, so
// instances that run it together delete each challenge once.
func (s *Server) startChallengePrune(ctx context.Context, fs store.Friends, every time.Duration, now func() time.Time) {
	s.pruners.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			n, err := fs.PruneChallenges(ctx, now().Add(-ChallengeKeep))
			switch {
			case err != nil && ctx.Err() == nil:
				s.log.Error("old challenges not deleted", "err", err)
			case n > 0:
				s.log.Info("old challenges deleted", "count", n)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	})
}
