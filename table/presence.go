package table

import (
	"slices"

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
		markPresent(out, sub.seat, sub.away)
		for _, p := range sub.held {
			markPresent(out, p, sub.away)
		}
	}
	t.mergeRemote(out)
	return out
}

// markPresent raises seat's presence in out to online, or to away when
// its page is hidden.
func markPresent(out []string, seat game.Player, away bool) {
	if !seat.Seated() || int(seat) >= len(out) {
		return
	}
	switch {
	case !away:
		out[seat] = PresenceOnline
	case out[seat] == PresenceOffline:
		out[seat] = PresenceAway
	}
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
// Spectators' pages count only for the seats they hold (see Hold).
func (sub *Subscription) SetAway(away bool) {
	t := sub.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if sub.closed || sub.away == away {
		return
	}
	before := t.census()
	sub.away = away
	t.presenceChanged(before, nil)
}

// Hold says that the device behind sub also holds the tokens of seats,
// which the caller has checked (pass and play: one device passed round,
// whose connection follows one seat at a time or watches): while sub
// lasts, they count as present as its own seat does, so that nobody is
// handed to a stand-in for being offline while the device is passed to
// them. Their clocks run as ever (but under a hand-over, see
// [SeatHandedOver]). Bots' seats and sub's own are ignored.
func (sub *Subscription) Hold(seats []game.Player) {
	t := sub.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if sub.closed {
		return
	}
	before := t.census()
	sub.held = sub.held[:0]
	for _, p := range seats {
		if p.Seated() && int(p) < len(t.rec.Seats) && p != sub.seat && t.rec.Seats[p].Kind == store.SeatPerson && !slices.Contains(sub.held, p) {
			sub.held = append(sub.held, p)
		}
	}
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
	t.scheduleGrace()
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

// seatInfos adds every seat's presence, stand-in, offline grace and
// clock, and the spectators, to info; t.mu is held.
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
		if due, ok := t.graceDue(i, pres); ok {
			s.OfflineDeadline = t.msTime(due).UnixMilli()
		}
		if clocks != nil {
			s.Clock = clocks[i]
		}
	}
}
