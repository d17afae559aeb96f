package table

import (
	"context"
	"time"

	"minehall/game"
	"minehall/store"
)

// Why a stand-in plays for a person: the reasons of a stand-in's
// [game.SeatEvent].
const (
	// AbsentLeft: the person pressed "Leave table".
	AbsentLeft = "left"
	// AbsentTimeout: the seat's time ran out.
	AbsentTimeout = "timeout"
	// AbsentIdle: at a real-time table, the person was offline for a whole
	// round without acting. No longer given (an offline person is handed
	// over after a grace, AbsentOffline); records made before keep it.
	AbsentIdle = "idle"
	// AbsentOffline: the person was offline on their turn for the whole
	// grace (see [OfflineGrace]), or the owner of a private table handed
	// the seat over while they were. The running turn is charged, and what
	// is left of the bank is kept for when the person comes back.
	AbsentOffline = "offline"
)

// nowMs is the time now in ms since the start, never before the last
// action; t.mu is held.
func (t *Table) nowMs() int64 {
	return max(t.hall.cfg.Clock.Now().Sub(t.rec.Started).Milliseconds(), t.lastMs)
}

// applySeatEventsThrough applies the stored seat events that happened when
// n actions had been applied, and those before, that are not applied yet:
// the same changes they made while the table ran; t.mu is held.
func (t *Table) applySeatEventsThrough(n int64) {
	for t.eventsApplied < len(t.rec.SeatEvents) && t.rec.SeatEvents[t.eventsApplied].N <= n {
		t.applySeatEvent(t.rec.SeatEvents[t.eventsApplied])
		t.eventsApplied++
	}
}

// applySeatEvent hands a seat to a stand-in bot, stopping its clock, or
// gives it back to its person; t.mu is held.
func (t *Table) applySeatEvent(ev game.SeatEvent) {
	i := int(ev.Seat)
	if i < 0 || i >= len(t.absent) {
		t.hall.cfg.Logger.Error("seat event for no seat", "table", t.id, "seat", ev.Seat)
		return
	}
	switch ev.Event {
	case game.SeatStandIn:
		if t.clocks != nil && t.clocks[i].since >= 0 {
			t.chargeTurn(i, ev.Ms)
		}
		if t.clocks != nil && ev.Reason == AbsentTimeout {
			t.clocks[i].bankMs = 0
		}
		t.absent[i] = ev.Reason
		if t.bots[i] == nil {
			b, err := t.hall.newBot(t.g, t.rec, t.rec.StandInBot, randomSeed())
			if err != nil {
				t.hall.cfg.Logger.Error("stand-in bot not made", "table", t.id, "seat", i, "err", err)
				return
			}
			t.bots[i] = &botSeat{bot: b}
		}
	case game.SeatReturned:
		t.absent[i] = ""
		t.dropBot(i)
		t.graceFrom[i] = max(t.graceFrom[i], ev.Ms)
		t.noteClocks(ev.Ms)
	case SeatHandedOver:
		t.applyHandOver(i, ev.Ms)
	}
}

// dropBot stops seat's bot: a move it has scheduled is not played, and
// what it is thinking is thrown away; t.mu is held.
func (t *Table) dropBot(seat int) {
	if b := t.bots[seat]; b != nil && b.timer != nil {
		b.timer.Stop()
	}
	t.bots[seat] = nil
}

// addSeatEvent stores a seat event of this moment, applies it and tells
// the subscribers; t.mu is held.
func (t *Table) addSeatEvent(ctx context.Context, seat game.Player, event, reason string) error {
	ev := game.SeatEvent{Seat: seat, Event: event, Reason: reason, N: t.n, Ms: t.nowMs()}
	t.rec.SeatEvents = append(t.rec.SeatEvents, ev)
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		t.rec.SeatEvents = t.rec.SeatEvents[:len(t.rec.SeatEvents)-1]
		t.lostOwnership(ctx, err)
		return err
	}
	t.applySeatEventsThrough(t.n)
	t.hall.cfg.Logger.Info("seat changed hands", "table", t.id, "seat", seat, "event", event, "reason", reason)
	return nil
}

// standIn hands seat to a stand-in bot of the table's level at once, or
// abandons the table when no person is left at it; the caller then
// advances the table; t.mu is held.
func (t *Table) standIn(ctx context.Context, seat game.Player, reason string) error {
	if err := t.addSeatEvent(ctx, seat, game.SeatStandIn, reason); err != nil {
		return err
	}
	if t.everyoneGone() {
		return t.abandon(ctx)
	}
	t.broadcastTable()
	return nil
}

// everyoneGone reports whether the table has people's seats and a
// stand-in plays every one of them, each person having left or none of
// them being connected; t.mu is held.
func (t *Table) everyoneGone() bool {
	if t.rec.Status != store.StatusPlaying {
		return false
	}
	pres := t.presences()
	people, allLeft, anyHere := 0, true, false
	for i, s := range t.rec.Seats {
		if s.Kind != store.SeatPerson {
			continue
		}
		people++
		if t.absent[i] == "" {
			return false
		}
		allLeft = allLeft && t.absent[i] == AbsentLeft
		anyHere = anyHere || pres[i] != PresenceOffline
	}
	return people > 0 && (allLeft || !anyHere)
}

// abandon finishes a playing table whose people are all gone: no winner,
// no more bots or clocks; t.mu is held.
func (t *Table) abandon(ctx context.Context) error {
	return t.endEarly(ctx, store.EndingAbandoned)
}

// endEarly finishes the table short of the game's end with ending; t.mu is
// held.
func (t *Table) endEarly(ctx context.Context, ending string) error {
	old := *t.rec
	t.rec.Status, t.rec.Ending, t.rec.Finished, t.rec.Result = store.StatusFinished, ending, t.hall.cfg.Clock.Now(), nil
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		*t.rec = old
		t.lostOwnership(ctx, err)
		return err
	}
	t.hall.cfg.Logger.Info("table ended early", "table", t.id, "ending", ending)
	t.stopTimer()
	t.stopClockTimer()
	t.stopGraceTimer()
	for i := range t.bots {
		if b := t.bots[i]; b != nil && b.timer != nil {
			b.timer.Stop()
			b.timer = nil
		}
	}
	t.cancel() // thinking bots give up
	t.broadcastTable()
	if len(t.subs) == 0 {
		t.hall.finished(t)
	}
	return nil
}

// Leave lets the person in seat leave the table. Before the start the seat
// becomes free again; during play a stand-in bot of the table's level
// plays for them at once, until they come back with their seat token
// ([Table.Reclaim]). When no person is left, the table is abandoned.
func (t *Table) Leave(ctx context.Context, seat game.Player, token string) error {
	if t.isMirror() {
		return t.manageRemote(ctx, "leave", token, nil, func() error { return t.Leave(ctx, seat, token) })
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.ownsTable(); err != nil {
		return err
	}
	if !seat.Seated() || int(seat) >= len(t.rec.Seats) || t.rec.Seats[seat].Kind != store.SeatPerson {
		return game.Errorf(game.CodeUnauthorized, "only a person in a seat may leave it")
	}
	switch {
	case t.rec.Status == store.StatusOpen:
		old := t.rec.Seats[seat]
		t.rec.Seats[seat] = store.Seat{Kind: store.SeatPerson, ReservedFor: old.ReservedFor, ReservedName: old.ReservedName}
		if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
			t.rec.Seats[seat] = old
			t.lostOwnership(ctx, err)
			return err
		}
		t.broadcastTable()
		return nil
	case t.rec.Status == store.StatusFinished || t.state.Terminal():
		return game.Errorf(game.CodeGameOver, "the game is over")
	case t.absent[seat] == AbsentLeft:
		return game.Errorf(game.CodeConflict, "you have left seat %d already; a bot plays for you", seat+1)
	}
	if err := t.standIn(ctx, seat, AbsentLeft); err != nil {
		return err
	}
	t.advance(ctx)
	return nil
}

// Reclaim gives seat back to its person, whose token the caller has
// checked: the stand-in stops before the next action. It does nothing
// when no stand-in plays for the seat.
func (t *Table) Reclaim(ctx context.Context, seat game.Player, token string) error {
	if t.isMirror() {
		t.mu.Lock()
		absent := seat.Seated() && int(seat) < len(t.absent) && t.absent[seat] != ""
		t.mu.Unlock()
		if !absent {
			return nil
		}
		return t.manageRemote(ctx, "reclaim", token, nil, func() error { return t.Reclaim(ctx, seat, token) })
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.ownsTable(); err != nil {
		return err
	}
	if !seat.Seated() || int(seat) >= len(t.absent) || t.absent[seat] == "" || t.rec.Status != store.StatusPlaying {
		return nil
	}
	if err := t.addSeatEvent(ctx, seat, game.SeatReturned, ""); err != nil {
		return err
	}
	t.notePresent()
	t.broadcastTable()
	t.advance(ctx)
	return nil
}

// ownsTable refuses when the table is closing or another instance runs
// it; t.mu is held.
func (t *Table) ownsTable() error {
	if t.closed {
		return errShuttingDown()
	}
	if t.mirror {
		return game.Errorf(game.CodeConflict, "table %s moved to another server; try again", t.rec.ID)
	}
	return nil
}

// defaultStandIn is the stand-in level of a table that names none:
// "medium" where the game has it, else "random".
func defaultStandIn(names []string) string {
	for _, n := range names {
		if n == "medium" {
			return n
		}
	}
	return "random"
}

// msTime is ms since the start as a time; t.mu is held.
func (t *Table) msTime(ms int64) time.Time {
	return t.rec.Started.Add(time.Duration(ms) * time.Millisecond)
}
