package table

import (
	"context"
	"slices"

	"minehall/game"
	"minehall/store"
)

// A table's event log (chat and take-backs) sits beside its action log;
// both are replayed when a table is rebuilt. The table keeps, from its
// events, the last ChatKept chat messages, the take-back waiting for
// answers, and each seat's client sequence number as the last take-back
// left it, which actions taken back do not lower (so that an action sent
// again after a take-back is still "received already").

// applyEvent applies a stored event of the table: a chat message joins
// the last ones, a take-back asked waits for answers, a take-back done
// moves the chat said since its point back to it and keeps every seat's
// sequence number. With live, subscribers are told (a take-back done is
// told by the caller, who rebuilt the game first); t.mu is held or t is
// not shared yet.
func (t *Table) applyEvent(ctx context.Context, ev store.TableEvent, live bool) {
	t.eventN = ev.N
	switch ev.Kind {
	case store.EventChat:
		m := messageOf(ev)
		t.chat = append(t.chat, m)
		if len(t.chat) > 2*ChatKept {
			t.chat = append(t.chat[:0], t.chat[len(t.chat)-ChatKept:]...)
		}
		if live {
			t.broadcastAll(&Update{Type: UpdateChat, N: t.n, Status: t.rec.Status, Message: &m})
		}
	case store.EventTakeBackAsked:
		t.request = &takeBackRequest{id: ev.N, seat: ev.Seat, to: ev.To, from: ev.After, agreed: make([]bool, len(t.rec.Seats))}
		if live {
			t.broadcastTakeBack(t.request.info(t, TakeBackAsked))
		}
	case store.EventTakeBackAgreed:
		if r := t.request; r != nil && ev.Seat.Seated() && int(ev.Seat) < len(r.agreed) {
			r.agreed[ev.Seat] = true
			if live {
				t.broadcastTakeBack(r.info(t, TakeBackAsked))
			}
		}
	case store.EventTakeBackRefused:
		if r := t.request; r != nil {
			t.request = nil
			if live {
				info := r.info(t, TakeBackRefused)
				if ev.Seat == r.seat {
					info.Status = TakeBackWithdrawn
				} else {
					by := ev.Seat
					info.By = &by
				}
				t.broadcastTakeBack(info)
				t.advance(ctx) // the bots that held still go on
			}
		}
	case store.EventTakeBack:
		t.request = nil
		for i := range t.chat {
			t.chat[i].After = min(t.chat[i].After, ev.To)
		}
		for i, s := range ev.Seqs {
			if i < len(t.clientSeq) {
				t.clientSeq[i] = max(t.clientSeq[i], s)
			}
		}
	}
}

// loadEvents applies the events of a table being built, after its
// actions; a take-back asked before the last action has lapsed; t is not
// shared yet.
func (t *Table) loadEvents(evs []store.TableEvent) {
	for _, ev := range evs {
		t.applyEvent(t.ctx, ev, false)
	}
	if t.request != nil && t.request.from != t.n {
		t.request = nil
	}
	if len(t.chat) > ChatKept {
		t.chat = append(t.chat[:0], t.chat[len(t.chat)-ChatKept:]...)
	}
}

// catchUpEvents applies, and tells the subscribers of, the events that
// other instances stored since the last one applied here; a take-back
// among them rebuilds the game from the store; t.mu is held.
func (t *Table) catchUpEvents(ctx context.Context) error {
	evs, err := t.hall.cfg.Store.Events(ctx, t.id, t.eventN)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		if err := t.followEvent(ctx, ev); err != nil {
			return err
		}
	}
	return nil
}

// followEvent applies an event that another instance stored, the next
// one after those applied here, and tells the subscribers; t.mu is held.
func (t *Table) followEvent(ctx context.Context, ev store.TableEvent) error {
	if ev.N <= t.eventN {
		return nil
	}
	if ev.Kind != store.EventTakeBack {
		t.applyEvent(ctx, ev, true)
		return nil
	}
	info := doneInfo(ev)
	if err := t.rebuild(ctx); err != nil {
		return err
	}
	t.applyEvent(ctx, ev, false)
	t.tellTakenBack(info)
	return nil
}

// doneInfo describes the take-back done by ev.
func doneInfo(ev store.TableEvent) TakeBackInfo {
	return TakeBackInfo{ID: ev.N, Status: TakeBackDone, Seat: ev.Seat, To: ev.To, From: ev.After}
}

// tellTakenBack tells every subscriber that a take-back was done, then
// gives each the whole state; t.mu is held.
func (t *Table) tellTakenBack(info TakeBackInfo) {
	t.broadcastTakeBack(info)
	for sub := range t.subs {
		t.send(sub, t.stateUpdate(sub))
	}
}

// broadcastAll sends u, the same for everyone, to every subscriber; t.mu
// is held.
func (t *Table) broadcastAll(u *Update) {
	u.seal()
	for sub := range t.subs {
		t.send(sub, u)
	}
}

// broadcastTakeBack tells every subscriber what became of a take-back;
// t.mu is held.
func (t *Table) broadcastTakeBack(info TakeBackInfo) {
	t.broadcastAll(&Update{Type: UpdateTakeBack, N: t.n, Status: t.rec.Status, TakeBack: &info})
}

// rebuild reads the table and its whole log again and replays it, in
// place: subscribers stay; t.mu is held.
func (t *Table) rebuild(ctx context.Context) error {
	rec, err := t.hall.cfg.Store.Table(ctx, t.id)
	if err != nil {
		return err
	}
	acts, err := t.hall.cfg.Store.Actions(ctx, t.id)
	if err != nil {
		return err
	}
	fresh, err := t.hall.build(t.g, rec, acts)
	if err != nil {
		return err
	}
	t.adopt(fresh)
	return nil
}

// adopt takes over the game of fresh, a table built from the same table's
// store at another point of its log: its record, state and everything
// derived from its actions and seat events, and its bots (the old ones'
// pending moves are dropped). Subscribers, presence and the events
// applied stay; the caller advances the table; t.mu is held.
func (t *Table) adopt(fresh *Table) {
	fresh.cancel()
	t.stopTimer()
	t.stopClockTimer()
	t.stopGraceTimer()
	for _, b := range t.bots {
		if b != nil && b.timer != nil {
			b.timer.Stop()
			b.timer = nil
		}
	}
	t.rec, t.state, t.n, t.lastMs = fresh.rec, fresh.state, fresh.n, fresh.lastMs
	seqs := t.clientSeq
	t.clientSeq = fresh.clientSeq
	for i := range t.clientSeq {
		if i < len(seqs) {
			// Sequence numbers never go back (see applyEvent).
			t.clientSeq[i] = max(t.clientSeq[i], seqs[i])
		}
	}
	t.bots = fresh.bots
	t.phaseOn, t.phase, t.phaseStart, t.phaseLen = fresh.phaseOn, fresh.phase, fresh.phaseStart, fresh.phaseLen
	t.absent, t.eventsApplied, t.clocks, t.handOver = fresh.absent, fresh.eventsApplied, fresh.clocks, fresh.handOver
	t.lastActed, t.acting, t.graceFrom = fresh.lastActed, fresh.acting, fresh.graceFrom
	t.countGracesFromOffline()
	t.recent, t.recentFrom = fresh.recent, fresh.recentFrom
	if t.request != nil && t.request.from != t.n {
		t.request = nil
	}
}

// lapseRequest ends the take-back waiting for answers once an action is
// applied: the game went on. Subscribers are told; t.mu is held.
func (t *Table) lapseRequest() {
	if r := t.request; r != nil && r.from != t.n {
		t.request = nil
		t.broadcastTakeBack(r.info(t, TakeBackLapsed))
	}
}

// takeBackRequest is a take-back across turns waiting for the others'
// answers: seat asked, at action from, that the table go back to after
// action to; agreed marks who agreed.
type takeBackRequest struct {
	id       int64
	seat     game.Player
	to, from int64
	agreed   []bool
}

// info describes r with status; agreed and waiting list the people who
// agreed and those whose answer is awaited (bots agree); t.mu is held.
func (r *takeBackRequest) info(t *Table, status string) TakeBackInfo {
	info := TakeBackInfo{ID: r.id, Status: status, Seat: r.seat, To: r.to, From: r.from}
	for i, s := range t.rec.Seats {
		p := game.Player(i)
		switch {
		case p == r.seat || s.Kind != store.SeatPerson:
		case i < len(r.agreed) && r.agreed[i]:
			info.Agreed = append(info.Agreed, p)
		default:
			info.Waiting = append(info.Waiting, p)
		}
	}
	return info
}

// waiting reports whether r still waits for someone's answer; t.mu is
// held.
func (r *takeBackRequest) waiting(t *Table) bool {
	return len(r.info(t, TakeBackAsked).Waiting) > 0
}

// lastChat returns the last ChatKept chat messages; t.mu is held.
func (t *Table) lastChat() []ChatMessage {
	return slices.Clone(t.chat[max(0, len(t.chat)-ChatKept):])
}
