package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"minehall/store"
)

// The live channel, GET /ws/live?table=ID (see docs/protocol.md): a
// stream of server-sent events for the signed-in account, open while any
// of its pages is. It sends a "challenge" event with a challengeInfo for
// each challenge of the account that is new or whose status changed (an
// incoming one that is open when the channel opens, too), and records the
// account's presence (its pages' heartbeat and the table the page shows)
// every PresenceEvery. Cluster-safe: each channel reads the store every
// LivePoll, and a change made on the same instance wakes it at once.

// liveHub wakes the live channels of accounts on this instance.
type liveHub struct {
	mu     sync.Mutex
	subs   map[string]map[chan struct{}]struct{}
	done   chan struct{}
	closed bool
}

func newLiveHub() *liveHub {
	return &liveHub{subs: map[string]map[chan struct{}]struct{}{}, done: make(chan struct{})}
}

// subscribe returns the wake channel of a live channel of account, and
// the function that ends it.
func (h *liveHub) subscribe(account string) (chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[account] == nil {
		h.subs[account] = map[chan struct{}]struct{}{}
	}
	h.subs[account][ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[account], ch)
		if len(h.subs[account]) == 0 {
			delete(h.subs, account)
		}
	}
}

// poke wakes the live channels of accounts on this instance.
func (h *liveHub) poke(accounts ...string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, a := range accounts {
		for ch := range h.subs[a] {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}
}

// close ends every live channel (the server shuts down).
func (h *liveHub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
}

// EndLiveChannels ends every live channel of the server, as Shutdown
// does: an http.Server's Shutdown waits for its requests to end, and a
// live channel never ends by itself, so register this with its
// RegisterOnShutdown.
func (s *Server) EndLiveChannels() { s.live.close() }

func (s *Server) livePoll() time.Duration {
	if s.cfg.LivePoll > 0 {
		return s.cfg.LivePoll
	}
	return 2 * time.Second
}

// liveChallenges is how many of the newest challenges each way a live
// channel follows.
const liveChallenges = 20

func (s *Server) serveLive(w http.ResponseWriter, r *http.Request) {
	fs, who := s.friendsOr(w, r)
	if fs == nil {
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, s.log, fmt.Errorf("live channel: the response cannot be flushed"))
		return
	}
	release, err := s.quotas.connect(s.clientOf(r))
	if err != nil {
		s.refuse(w, err)
		return
	}
	defer release()
	me := who.Account.ID
	// The table the page shows is recorded only when it is public.
	tableID := r.URL.Query().Get("table")
	if tableID != "" {
		if info, err := s.cfg.Hall.Info(r.Context(), tableID); err != nil || info.Private {
			tableID = ""
		}
	}
	wake, stop := s.live.subscribe(me)
	defer stop()
	ctx := r.Context()
	// What is there when the channel opens is read before it answers, so
	// that every change after the answer is told.
	sent := map[string]store.ChallengeStatus{}
	pending := s.liveChanges(ctx, fs, me, sent, true)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 3000\n\n")
	var seen time.Time
	poll := time.NewTicker(s.livePoll())
	defer poll.Stop()
	for {
		now := time.Now()
		if now.Sub(seen) >= s.presenceEvery() {
			if err := fs.SetPresence(ctx, me, tableID, now); err != nil {
				s.log.Debug("presence not recorded", "err", err)
			} else {
				seen = now
			}
			// A comment keeps proxies from closing a quiet stream.
			fmt.Fprintf(w, ": %d\n\n", now.Unix())
		}
		changed := pending
		if changed == nil {
			changed = s.liveChanges(ctx, fs, me, sent, false)
		}
		pending = nil
		for _, c := range changed {
			b, _ := json.Marshal(c)
			fmt.Fprintf(w, "event: challenge\ndata: %s\n\n", b)
		}
		flusher.Flush()
		select {
		case <-ctx.Done():
			return
		case <-s.live.done:
			return
		case <-wake:
		case <-poll.C:
		}
	}
}

// liveChanges reads the account's newest challenges each way and returns
// those new or changed since sent, which it updates. When the channel
// opens (first), only the incoming open ones are returned.
func (s *Server) liveChanges(ctx context.Context, fs store.Friends, me string, sent map[string]store.ChallengeStatus, first bool) []challengeInfo {
	now := time.Now()
	changed := []challengeInfo{}
	for _, out := range []bool{false, true} {
		cs, _, err := fs.Challenges(ctx, me, out, false, now, store.Page{Limit: liveChallenges})
		if err != nil {
			s.log.Debug("live channel: challenges not read", "err", err)
			continue
		}
		for _, c := range cs {
			st := c.StatusAt(now)
			if prev, ok := sent[c.ID]; ok && prev == st {
				continue
			}
			sent[c.ID] = st
			if first && !(st == store.ChallengeOpen && !out) {
				continue
			}
			changed = append(changed, challengeInfoOf(c, now))
		}
	}
	return changed
}
