package table

import (
	"context"
	"slices"
	"time"

	"minehall/game"
)

// remotePresence is what another instance of a cluster reported of a
// table's seats: the presence of the connections it serves (or, reported
// back to a follower, the owner's view of every seat).
type remotePresence struct {
	seats      []string
	spectators []string
	at         time.Time
}

// remotePresenceTTL is how long a report counts: instances report every
// change at once and every [Hall.Expire] round (a minute) besides, so an
// instance that died stops counting after a few minutes.
const remotePresenceTTL = 3 * time.Minute

// presenceRank orders presences: online beats away beats offline.
func presenceRank(p string) int {
	switch p {
	case PresenceOnline:
		return 2
	case PresenceAway:
		return 1
	}
	return 0
}

// mergeRemote raises out to what live reports from other instances say;
// t.mu is held.
func (t *Table) mergeRemote(out []string) {
	now := t.hall.cfg.Clock.Now()
	for from, r := range t.remote {
		if now.Sub(r.at) > remotePresenceTTL {
			delete(t.remote, from)
			continue
		}
		for i, p := range r.seats {
			if i < len(out) && presenceRank(p) > presenceRank(out[i]) {
				out[i] = p
			}
		}
	}
}

// ReportPresence takes what instance from says of the presence of the
// seats' connections it serves and of its spectators (their names, "" for
// anonymous ones), for the table this instance runs, and returns every
// seat's presence and the spectators as this instance sees them now,
// without from's own. A report can only make a seat more present than
// this instance knows it to be, never less, so a false one cannot cost a
// person their seat.
func (t *Table) ReportPresence(from string, seats, spectators []string) ([]string, []string, error) {
	if from == "" {
		return nil, nil, game.Errorf(game.CodeInvalid, "a presence report names the instance it comes from")
	}
	if len(spectators) > maxReportedSpectators {
		return nil, nil, game.Errorf(game.CodeInvalid, "a presence report has %d spectators; at most %d are counted", len(spectators), maxReportedSpectators)
	}
	if err := checkSpectatorNames(spectators); err != nil {
		return nil, nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := checkReportedSeats(seats, len(t.rec.Seats)); err != nil {
		return nil, nil, err
	}
	if err := t.ownsTable(); err != nil {
		return nil, nil, err
	}
	before := t.census()
	if t.remote == nil {
		t.remote = map[string]remotePresence{}
	}
	t.remote[from] = remotePresence{seats: slices.Clone(seats), spectators: slices.Clone(spectators), at: t.hall.cfg.Clock.Now()}
	t.presenceChanged(before, nil)
	c := t.censusBut(from)
	return c.seats, c.spectators, nil
}

// maxReportedSpectators bounds the spectators one instance reports.
const maxReportedSpectators = 10000

// checkReportedSeats refuses a report of seats' presence that does not
// have n seats, each online, away or offline.
func checkReportedSeats(seats []string, n int) error {
	if len(seats) != n {
		return game.Errorf(game.CodeInvalid, "a presence report has %d seats; the table has %d", len(seats), n)
	}
	for i, p := range seats {
		if p != PresenceOnline && p != PresenceAway && p != PresenceOffline {
			return game.Errorf(game.CodeInvalid, "seat %d's presence %q is not online, away or offline", i+1, p)
		}
	}
	return nil
}

// checkSpectatorNames refuses reported spectators' names that are not
// names as a spectator gives them (see [CheckSpectatorName]), already in
// the form that check leaves them in; "" is an anonymous spectator.
func checkSpectatorNames(names []string) error {
	for i, n := range names {
		got, err := CheckSpectatorName(n)
		if err == nil && got != n {
			err = game.Errorf(game.CodeInvalid, "it is not in its normal form %q", got)
		}
		if err != nil {
			return game.Errorf(game.CodeInvalid, "reported spectator %d's name %q: %v", i+1, n, err)
		}
	}
	return nil
}

// censusBut returns who is at the table without what instance from
// reported, which it knows better; t.mu is held.
func (t *Table) censusBut(from string) census {
	r, ok := t.remote[from]
	delete(t.remote, from)
	out := t.census()
	if ok {
		t.remote[from] = r
	}
	return out
}

// localCensus returns who is at the table through this instance's
// connections; t.mu is held.
func (t *Table) localCensus() census {
	remote := t.remote
	t.remote = nil
	out := t.census()
	t.remote = remote
	return out
}

// schedulePresenceReport has this instance tell the owner of a followed
// table who is at it here, after any report on its way: reports go one at
// a time, each taken when it is sent, so the owner never keeps an older
// one that overtook a newer; t.mu is held.
func (t *Table) schedulePresenceReport() {
	if t.reporting {
		t.reportAgain = true
		return
	}
	t.reporting = true
	go func() {
		for {
			ctx, cancel := context.WithTimeout(context.Background(), followTimeout)
			t.reportPresence(ctx)
			cancel()
			t.mu.Lock()
			again := t.reportAgain
			t.reportAgain, t.reporting = false, again
			t.mu.Unlock()
			if !again {
				return
			}
		}
	}()
}

// reportPresence tells the owner of a followed table what this instance's
// connections say of its seats and spectators, and keeps the owner's
// answer; t.mu is not held.
func (t *Table) reportPresence(ctx context.Context) {
	h := t.hall
	if h.cfg.Cluster == nil || h.cfg.Remote == nil {
		return
	}
	t.mu.Lock()
	local := t.localCensus()
	mirror := t.mirror && !t.closed
	t.mu.Unlock()
	if !mirror {
		return
	}
	owner, err := h.cfg.Cluster.Owner(ctx, t.id)
	if err != nil || owner == "" {
		return
	}
	seats, spectators, err := h.cfg.Remote.Presence(ctx, owner, t.id, h.cfg.Cluster.Instance(), local.seats, local.spectators)
	if err != nil {
		h.cfg.Logger.Warn("presence not reported to the table's owner", "table", t.id, "owner", owner, "err", err)
		return
	}
	err = checkSpectatorNames(spectators)
	if err == nil && len(spectators) > maxReportedSpectators {
		err = game.Errorf(game.CodeInvalid, "%d spectators; at most %d are counted", len(spectators), maxReportedSpectators)
	}
	if err != nil {
		h.cfg.Logger.Warn("the table's owner answered a bad presence report", "table", t.id, "owner", owner, "err", err)
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.mirror {
		return
	}
	if err := checkReportedSeats(seats, len(t.rec.Seats)); err != nil {
		h.cfg.Logger.Warn("the table's owner answered a bad presence report", "table", t.id, "owner", owner, "err", err)
		return
	}
	before := t.census()
	if t.remote == nil {
		t.remote = map[string]remotePresence{}
	}
	t.remote[owner] = remotePresence{seats: seats, spectators: spectators, at: h.cfg.Clock.Now()}
	if now := t.census(); !before.equal(now) {
		// The seats' graces show here as the owner counts them.
		t.noteOffline(before.seats, now.seats)
		t.broadcastTable()
	}
}
