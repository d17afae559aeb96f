package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"minehall/game"
	"minehall/store"
)

// ReadyCheck is one thing /readyz checks: Check returns nil when the
// instance can serve as far as it goes, else why not.
type ReadyCheck struct {
	Name  string
	Check func(ctx context.Context) error
}

// prober is a store that can check it takes writes now (see
// sqlite.DB.Probe).
type prober interface {
	Probe(ctx context.Context) error
}

// probeTable is the id the write probe of a store without a Probe of its
// own updates: no table has it.
const probeTable = "readiness-probe"

// StoreCheck checks that s takes writes now: with its own Probe when it
// has one (SQLite commits a write through the same writer as the
// actions), else by updating a table that does not exist, which a store
// that takes writes refuses with CodeNotFound and a read-only one fails.
func StoreCheck(s store.Store) ReadyCheck {
	check := func(ctx context.Context) error {
		if p, ok := s.(prober); ok {
			return p.Probe(ctx)
		}
		err := s.UpdateTable(ctx, &store.Table{ID: probeTable, Status: store.StatusOpen})
		if game.ErrorCode(err) == game.CodeNotFound {
			return nil
		}
		if err == nil {
			return fmt.Errorf("the store updated a table %q that should not exist", probeTable)
		}
		return err
	}
	return ReadyCheck{Name: "store", Check: check}
}

// readyFresh is how long the result of the checks is reused: a load
// balancer polling often, or anyone else, costs one round of checks a
// second at most.
const readyFresh = time.Second

// readyTimeout bounds each check.
const readyTimeout = 5 * time.Second

// readiness runs the checks of /readyz and logs when their verdict
// changes, not on every probe.
type readiness struct {
	checks []ReadyCheck
	log    *slog.Logger

	mu  sync.Mutex // held while checking: one round at a time
	at  time.Time  // of the last round
	err error      // its verdict
}

// check returns nil when every check passes, else the first failure,
// named.
func (rd *readiness) check(ctx context.Context) error {
	rd.mu.Lock()
	defer rd.mu.Unlock()
	if !rd.at.IsZero() && time.Since(rd.at) < readyFresh {
		return rd.err
	}
	var err error
	for _, c := range rd.checks {
		cctx, cancel := context.WithTimeout(ctx, readyTimeout)
		e := c.Check(cctx)
		cancel()
		if e != nil {
			err = fmt.Errorf("%s: %w", c.Name, e)
			break
		}
	}
	switch {
	case err != nil && rd.err == nil:
		rd.log.Error("not ready", "reason", err)
	case err == nil && rd.err != nil:
		rd.log.Info("ready again")
	}
	rd.at, rd.err = time.Now(), err
	return err
}

// serveReady answers /readyz: 200 while the instance can serve, 503 with
// the reason while it is shutting down or a check fails.
func (s *Server) serveReady(w http.ResponseWriter, r *http.Request) {
	if s.shuttingDown() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "shutting down"})
		return
	}
	if err := s.ready.check(r.Context()); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "reason": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}
