package table

import (
	"slices"
	"time"

	"minehall/game"
	"minehall/store"
)

// seatClock is the clock of one person seat at a timed table. A seat's
// turn is a span during which it is among the actors; its clock runs for
// the whole span, however many actions the seat takes in it. Each turn
// allows the time control's move time, and what a turn uses beyond it
// comes out of the bank.
//
// Nothing of it is stored: it is worked out again from the stored action
// times and seat events whenever a table is rebuilt, by the same calls
// that kept it while the table ran, so a restart or a takeover carries on
// with the same deadlines.
type seatClock struct {
	bankMs int64
	since  int64 // ms since the start when the running turn began; -1 while stopped
}

// ClockInfo is a seat's clock as clients see it.
type ClockInfo struct {
	BankMs  int64 `json:"bank_ms"`
	Running bool  `json:"running"`
	// Deadline is when the running turn's time runs out (move time and
	// bank), in Unix milliseconds; 0 while stopped.
	Deadline int64 `json:"deadline,omitempty"`
}

// newClocks returns the clocks of rec's person seats, stopped with full
// banks; nil when rec is untimed.
func newClocks(rec *store.Table) []seatClock {
	if rec.TimeControl == nil {
		return nil
	}
	c := make([]seatClock, rec.Players)
	for i := range c {
		c[i] = seatClock{bankMs: rec.TimeControl.BankS * 1000, since: -1}
	}
	return c
}

// clockRuns reports whether seat's clock may run: a person plays it
// without a stand-in; t.mu is held.
func (t *Table) clockRuns(seat int) bool {
	return t.rec.Seats[seat].Kind == store.SeatPerson && t.rec.Absence(game.Player(seat)) == ""
}

// settled reports whether the table now waits for players or the clock,
// rather than for an event it applies itself at once (chance, an untimed
// system event); t.mu is held.
func (t *Table) settled(actors []game.Player) bool {
	if slices.Contains(actors, game.Chance) {
		return false
	}
	return !(len(actors) == 1 && actors[0] == game.System && !t.phaseOn)
}

// noteClocks notes which seats are actors (see noteActors), starts the
// clock of every seat that has become an actor and stops, charging its
// turn, the clock of every seat that no longer is, at ms since the start.
// It does nothing while the table is about to apply an event of its own;
// t.mu is held.
func (t *Table) noteClocks(ms int64) {
	if t.rec.Status != store.StatusPlaying {
		return
	}
	t.cbuf = t.state.Actors(t.cbuf[:0])
	if !t.settled(t.cbuf) {
		return
	}
	t.noteActors(ms, t.cbuf)
	if t.clocks == nil {
		return
	}
	for i := range t.clocks {
		run := slices.Contains(t.cbuf, game.Player(i)) && t.clockRuns(i)
		switch c := &t.clocks[i]; {
		case run && c.since < 0 && !t.handOver.waiting[i]:
			if t.awaitsHandOver(i) {
				t.handOver.waiting[i] = true
				continue
			}
			c.since = ms
			t.handOver.noteTurn(i, t.rec)
		case !run:
			t.handOver.waiting[i] = false
			if c.since >= 0 {
				t.chargeTurn(i, ms)
			}
		}
	}
}

// chargeTurn stops seat's running clock at ms, taking what the turn used
// beyond the move time out of the bank; t.mu is held.
func (t *Table) chargeTurn(seat int, ms int64) {
	c := &t.clocks[seat]
	over := ms - c.since - t.rec.TimeControl.MoveS*1000
	if over > 0 {
		c.bankMs = max(0, c.bankMs-over)
	}
	c.since = -1
}

// clockDeadline is when seat's running turn runs out, in ms since the
// start; t.mu is held and the clock runs.
func (t *Table) clockDeadline(seat int) int64 {
	c := t.clocks[seat]
	return c.since + t.rec.TimeControl.MoveS*1000 + c.bankMs
}

// clockInfos describes every seat's clock once the game has started; nil
// when the table is untimed or open, and for seats without one; t.mu is
// held.
func (t *Table) clockInfos() []*ClockInfo {
	if t.clocks == nil || t.rec.Status == store.StatusOpen {
		return nil
	}
	out := make([]*ClockInfo, len(t.clocks))
	for i, c := range t.clocks {
		if t.rec.Seats[i].Kind != store.SeatPerson {
			continue
		}
		ci := &ClockInfo{BankMs: c.bankMs}
		if c.since >= 0 {
			ci.Running = true
			ci.Deadline = t.rec.Started.Add(time.Duration(t.clockDeadline(i)) * time.Millisecond).UnixMilli()
		}
		out[i] = ci
	}
	return out
}

// scheduleClocks arranges the timeout of the earliest running turn; t.mu
// is held.
func (t *Table) scheduleClocks() {
	t.stopClockTimer()
	if t.clocks == nil || t.rec.Status != store.StatusPlaying {
		return
	}
	first := int64(-1)
	for i, c := range t.clocks {
		if c.since >= 0 && (first < 0 || t.clockDeadline(i) < first) {
			first = t.clockDeadline(i)
		}
	}
	if first < 0 {
		return
	}
	t.clockGen++
	gen := t.clockGen
	d := t.rec.Started.Add(time.Duration(first) * time.Millisecond).Sub(t.hall.cfg.Clock.Now())
	t.clockTimer = t.hall.cfg.Clock.AfterFunc(max(d, 0), func() { t.fireClocks(gen) })
}

func (t *Table) stopClockTimer() {
	if t.clockTimer != nil {
		t.clockTimer.Stop()
		t.clockTimer = nil
	}
}

// fireClocks hands every seat whose time has run out to a stand-in.
func (t *Table) fireClocks(gen int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if gen != t.clockGen || t.closed || t.mirror || t.rec.Status != store.StatusPlaying {
		return
	}
	t.clockTimer = nil
	now := t.nowMs()
	for i, c := range t.clocks {
		if c.since >= 0 && t.clockDeadline(i) <= now {
			if err := t.standIn(t.ctx, game.Player(i), AbsentTimeout); err != nil {
				t.hall.cfg.Logger.Error("stand-in not stored", "table", t.id, "seat", i, "err", err)
				t.retryLater()
				return
			}
			if t.rec.Status != store.StatusPlaying {
				return // abandoned: nobody is left
			}
		}
	}
	t.advance(t.ctx)
}
