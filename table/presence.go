package table

import (
	"slices"
	"time"

	"minehall/game"
	"minehall/store"
)

// A seat's presence, as everyone at the table sees it.
const (
	// PresenceOnline: a connection holds the seat's token and its page is
	// in view (bots are always online).
	PresenceOnline = "online"
	// PresenceAway: connected, but every page of the seat is hidden.
	PresenceAway = "away"
	// PresenceOffline: no connection holds the seat's token.
	PresenceOffline = "offline"
)

// presences returns every seat's presence, from this instance's
// subscriptions and, in a cluster, what the other instances report of
// theirs; t.mu is held.
func (t *Table) presences() []string {
	out := make([]string, len(t.rec.Seats))
	for i, s := range t.rec.Seats {
		out[i] = PresenceOffline
		if s.Kind == store.SeatBot {
			out[i] = PresenceOnline
		}
	}
	for sub := range t.subs {
		if !sub.seat.Seated() || int(sub.seat) >= len(out) {
			continue
		}
		switch {
		case !sub.away:
			out[sub.seat] = PresenceOnline
		case out[sub.seat] == PresenceOffline:
			out[sub.seat] = PresenceAway
		}
	}
	t.mergeRemote(out)
	return out
}

// census is who is at the table: every seat's presence, and the names of
// the spectators ("" for each anonymous one), sorted; from this instance's
// subscriptions and, in a cluster, the other instances' reports.
type census struct {
	seats      []string
	spectators []string
}

func (c census) equal(o census) bool {
	return slices.Equal(c.seats, o.seats) && slices.Equal(c.spectators, o.spectators)
}

// census counts who is at the table; t.mu is held.
func (t *Table) census() census {
	return census{seats: t.presences(), spectators: t.spectators()}
}

// spectators returns the names of the spectators, here and on other
// instances, sorted, "" for each anonymous one; t.mu is held.
func (t *Table) spectators() []string {
	out := []string{}
	for sub := range t.subs {
		if !sub.seat.Seated() {
			out = append(out, sub.name)
		}
	}
	now := t.hall.cfg.Clock.Now()
	for _, r := range t.remote {
		if now.Sub(r.at) <= remotePresenceTTL {
			out = append(out, r.spectators...)
		}
	}
	slices.Sort(out)
	return out
}

// SpectatorsInfo is who watches a live table: how many connections watch
// it, and the names the spectators gave (at most MaxSpectatorNames),
// sorted; anonymous spectators count but have no name.
type SpectatorsInfo struct {
	Count int      `json:"count"`
	Names []string `json:"names,omitempty"`
}

// MaxSpectatorNames bounds the names a table's description lists.
const MaxSpectatorNames = 50

func spectatorsInfo(names []string) *SpectatorsInfo {
	info := &SpectatorsInfo{Count: len(names)}
	for _, n := range names {
		if n != "" && len(info.Names) < MaxSpectatorNames {
			info.Names = append(info.Names, n)
		}
	}
	return info
}

// SetAway says whether the page behind sub is hidden (away) or in view;
// everyone at the table is told when the seat's presence changes.
// Spectators' pages do not count.
func (sub *Subscription) SetAway(away bool) {
	t := sub.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if sub.closed || !sub.seat.Seated() || sub.away == away {
		return
	}
	before := t.census()
	sub.away = away
	t.presenceChanged(before, nil)
}

// presenceChanged tells the subscribers (but except, who knows) when a
// seat's presence or the spectators differ from before, and acts on it:
// people coming and going keep a table alive, and a table whose stood-in
// people have all gone is abandoned; t.mu is held.
func (t *Table) presenceChanged(before census, except *Subscription) {
	if t.closed {
		return
	}
	if t.mirror {
		// The table's owner decides on presence: tell it what changed here.
		t.schedulePresenceReport()
	}
	now := t.census()
	if before.equal(now) {
		return
	}
	t.notePresent()
	t.noteOffline(before.seats, now.seats)
	if !t.mirror && t.everyoneGone() {
		if err := t.abandon(t.ctx); err != nil {
			t.hall.cfg.Logger.Error("abandoned table not stored", "table", t.id, "err", err)
		}
		return
	}
	t.broadcastTableBut(except)
}

// notePresent remembers now as a moment a person was at the table when
// one is connected; t.mu is held.
func (t *Table) notePresent() {
	if t.anyPersonHere() {
		t.lastPresent = t.hall.cfg.Clock.Now()
	}
}

// seatInfos adds every seat's presence, stand-in and clock, and the
// spectators, to info; t.mu is held.
func (t *Table) seatInfos(info *Info) {
	info.Spectators = spectatorsInfo(t.spectators())
	pres := t.presences()
	clocks := t.clockInfos()
	for i := range info.Seats {
		s := &info.Seats[i]
		s.Presence = pres[i]
		if t.rec.Seats[i].Kind == store.SeatPerson {
			s.Absent = t.absent[i]
			s.StandIn = s.Absent != ""
		}
		if clocks != nil {
			s.Clock = clocks[i]
		}
	}
}

// idleAfter is how long a person at a real-time table may be offline
// without acting before a stand-in plays for them: a whole round, as long
// as the game's round clock (defaultRound when it is off).
func (t *Table) idleAfter() time.Duration {
	if t.roundLen > 0 {
		return t.roundLen
	}
	return defaultRound
}

// defaultRound stands for a round's length at a real-time table whose
// round clock is off.
const defaultRound = 3 * time.Minute

// noteOffline starts counting, at a real-time table, the offline time of
// every seat that went offline; t.mu is held.
func (t *Table) noteOffline(before, now []string) {
	if t.spec.Turns != game.RealTime {
		return
	}
	ms := t.nowMs()
	for i := range now {
		if now[i] == PresenceOffline && before[i] != PresenceOffline {
			t.offlineSince[i] = ms
		}
	}
	t.scheduleIdle()
}

// scheduleIdle arranges the check of the first person at a real-time
// table who may be idle for a whole round; t.mu is held.
func (t *Table) scheduleIdle() {
	t.stopIdleTimer()
	if t.spec.Turns != game.RealTime || t.closed || t.mirror || t.rec.Status != store.StatusPlaying {
		return
	}
	due, ok := t.firstIdle()
	if !ok {
		return
	}
	t.idleGen++
	gen := t.idleGen
	d := t.msTime(due).Sub(t.hall.cfg.Clock.Now())
	t.idleTimer = t.hall.cfg.Clock.AfterFunc(max(d, 0), func() { t.fireIdle(gen) })
}

// firstIdle returns when, in ms since the start, the first offline person
// without a stand-in will have been idle for a whole round; t.mu is held.
func (t *Table) firstIdle() (int64, bool) {
	pres := t.presences()
	first, ok := int64(0), false
	for i, s := range t.rec.Seats {
		if s.Kind != store.SeatPerson || t.absent[i] != "" || pres[i] != PresenceOffline {
			continue
		}
		due := max(t.offlineSince[i], t.lastActed[i]) + t.idleAfter().Milliseconds()
		if !ok || due < first {
			first, ok = due, true
		}
	}
	return first, ok
}

func (t *Table) stopIdleTimer() {
	if t.idleTimer != nil {
		t.idleTimer.Stop()
		t.idleTimer = nil
	}
}

// fireIdle hands every person idle for a whole round to a stand-in.
func (t *Table) fireIdle(gen int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if gen != t.idleGen || t.closed || t.mirror || t.rec.Status != store.StatusPlaying {
		return
	}
	t.idleTimer = nil
	now := t.nowMs()
	pres := t.presences()
	for i, s := range t.rec.Seats {
		if s.Kind != store.SeatPerson || t.absent[i] != "" || pres[i] != PresenceOffline {
			continue
		}
		if max(t.offlineSince[i], t.lastActed[i])+t.idleAfter().Milliseconds() > now {
			continue
		}
		if err := t.standIn(t.ctx, game.Player(i), AbsentIdle); err != nil {
			t.hall.cfg.Logger.Error("stand-in not stored", "table", t.id, "seat", i, "err", err)
			t.retryLater()
			return
		}
		if t.rec.Status != store.StatusPlaying {
			return
		}
	}
	t.advance(t.ctx)
}
