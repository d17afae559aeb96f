package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"minehall/store"
)

// The daily digest: once a day, each account whose player asked for it
// (and whose address is confirmed) gets a mail listing the tables where
// it is their turn, if there are any. Every instance runs the loop; the
// store's claim on each account's digest (its last sending time, set by
// compare and swap) keeps two instances from both sending it.

// digestEvery is the least time between two digests of an account.
const digestEvery = 24 * time.Hour

// startDigests runs the digest loop until ctx ends, looking every poll.
func (s *Server) startDigests(ctx context.Context, poll time.Duration) {
	s.mailers.Go(func() {
		t := time.NewTicker(poll)
		defer t.Stop()
		for {
			s.sendDigests(ctx)
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	})
}

// sendDigests sends the digests due now.
func (s *Server) sendDigests(ctx context.Context) {
	m := s.cfg.Mailer
	now := m.cfg.Now()
	due, err := m.cfg.Store.DigestsDue(ctx, now.Add(-digestEvery), 100)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("digests not read", "err", err)
		}
		return
	}
	for _, e := range due {
		var links []string
		ts, err := s.cfg.Hall.AccountTables(ctx, e.AccountID, myTablesLimit)
		if err != nil {
			s.log.Error("digest not made", "account", e.AccountID, "err", err)
			continue
		}
		for _, at := range ts {
			if at.Info.Status == store.StatusPlaying && slices.Contains(at.ToMove, at.Seat) {
				links = append(links, fmt.Sprintf("- %s: %s/tables/%s", at.Info.Game, strings.TrimSuffix(s.cfg.PublicURL, "/"), at.Info.ID))
			}
		}
		if ok, err := m.cfg.Store.ClaimDigest(ctx, e, now); err != nil || !ok {
			continue
		}
		if len(links) == 0 {
			continue // nothing waits: no mail today
		}
		subject, body := mailFor(s.accountLang(ctx, e.AccountID, m.cfg.Lang), "digest", strings.Join(links, "\n"))
		if err := m.SendPatiently(ctx, e.Address, subject, body); err != nil {
			s.log.Error("digest not sent", "account", e.AccountID, "err", err)
		}
	}
}

// accountLang returns the language the account's player last chose (see
// [store.PrefLang]), or fallback when it is unknown.
func (s *Server) accountLang(ctx context.Context, accountID, fallback string) string {
	p, err := s.cfg.Accounts.Preferences(ctx, accountID)
	if err != nil || p[store.PrefLang] == "" {
		return fallback
	}
	return p[store.PrefLang]
}
