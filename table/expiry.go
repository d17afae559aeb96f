package table

import (
	"context"
	"time"

	"minehall/game"
	"minehall/store"
)

// Defaults of [Config.OpenExpiry] and [Config.IdleExpiry].
const (
	DefaultOpenExpiry = 24 * time.Hour
	DefaultIdleExpiry = 7 * 24 * time.Hour
)

// Expire ends the tables that nobody uses any more: an open table nobody
// completed within the hall's OpenExpiry is finished as "expired", and a
// playing table without a clock at which no person has been for IdleExpiry
// is finished as "abandoned". (Timed tables and real-time tables need no
// expiry: their stand-ins take over, and a table whose people are all
// gone is abandoned at once.) Their records are kept. It returns how many
// tables it ended; a server calls it every minute or so.
func (h *Hall) Expire(ctx context.Context) int {
	h.mu.Lock()
	tables := make([]*Table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	h.mu.Unlock()
	n := 0
	for _, t := range tables {
		if t.isMirror() {
			// Keep the owner's count of this instance's people fresh.
			t.mu.Lock()
			t.schedulePresenceReport()
			t.mu.Unlock()
			continue
		}
		if t.expireIfDue(ctx) {
			n++
		}
	}
	return n
}

// expireIfDue ends t if it is due to expire, and reports whether it did.
func (t *Table) expireIfDue(ctx context.Context) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed || t.mirror {
		return false
	}
	now := t.hall.cfg.Clock.Now()
	cfg := t.hall.cfg
	var ending string
	switch {
	case t.rec.Status == store.StatusOpen && now.Sub(t.rec.Created) >= cfg.OpenExpiry:
		ending = store.EndingExpired
	case t.rec.Status == store.StatusPlaying && t.clocks == nil && t.spec.Turns != game.RealTime &&
		t.hasPeople() && !t.anyPersonHere() && now.Sub(t.lastPresent) >= cfg.IdleExpiry:
		ending = store.EndingAbandoned
	default:
		return false
	}
	if err := t.endEarly(ctx, ending); err != nil {
		cfg.Logger.Error("expired table not stored", "table", t.id, "err", err)
		return false
	}
	return true
}

// hasPeople reports whether any seat is a person's; t.mu is held.
func (t *Table) hasPeople() bool {
	for _, s := range t.rec.Seats {
		if s.Kind == store.SeatPerson {
			return true
		}
	}
	return false
}

// anyPersonHere reports whether a person's seat is connected; t.mu is held.
func (t *Table) anyPersonHere() bool {
	for i, p := range t.presences() {
		if p != PresenceOffline && t.rec.Seats[i].Kind == store.SeatPerson {
			return true
		}
	}
	return false
}
