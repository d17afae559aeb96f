package table

import (
	"context"
	"slices"
	"strconv"
	"time"

	"minehall/game"
	"minehall/store"
)

// Offline graces: how long a person whose seat is offline on their turn
// is waited for before a stand-in plays for them (see [OfflineGrace]).
const (
	// FastGrace is the grace at a table whose move time is at most
	// fastMoveS (the Fast preset's 15 s).
	FastGrace = 20 * time.Second
	// LiveGrace is the grace at other timed tables played live, and at
	// real-time tables.
	LiveGrace = 30 * time.Second
)

const (
	// fastMoveS is the longest move time whose table has the FastGrace.
	fastMoveS = 15
	// correspondenceMoveS is the shortest move time of correspondence
	// play, where being offline between moves is normal: an hour.
	correspondenceMoveS = 60 * 60
)

// Correspondence reports whether a table with time control tc is played
// by correspondence: a move time of an hour or more, where players come
// and go between moves (and are told of their turn outside the tab).
func Correspondence(tc *store.TimeControl) bool {
	return tc != nil && tc.MoveS >= correspondenceMoveS
}

// OfflineGrace returns how long a person whose seat has no connection
// while it is among the actors is waited for before a stand-in plays for
// them, at a table of a game with spec and time control tc (nil when
// untimed), or 0 for no such wait:
//
//   - a real-time game (its round clock runs whatever the time control):
//     LiveGrace (30 s);
//   - a move time of at most 15 s (the Fast preset): FastGrace (20 s);
//   - a move time under an hour (Normal, Slow and other live play):
//     LiveGrace (30 s);
//   - a move time of an hour or more (correspondence): 0, being offline
//     between moves is normal there and the clock alone rules;
//   - an untimed turn-based table: 0, nobody is handed over for being
//     offline (the owner of a private table may hand a seat over).
//
// The seat's clock keeps running during the grace, so the stand-in takes
// over at the grace's end or when the move time and bank run out,
// whichever is first.
func OfflineGrace(spec game.Spec, tc *store.TimeControl) time.Duration {
	switch {
	case spec.Turns == game.RealTime:
		return LiveGrace
	case tc == nil || tc.MoveS >= correspondenceMoveS:
		return 0
	case tc.MoveS <= fastMoveS:
		return FastGrace
	}
	return LiveGrace
}

// noteActors remembers which seats are among actors, the actors of a
// settled state at ms since the start: a seat's grace counts from when it
// became one at the earliest; t.mu is held.
func (t *Table) noteActors(ms int64, actors []game.Player) {
	for i := range t.acting {
		now := slices.Contains(actors, game.Player(i))
		if now && !t.acting[i] {
			t.graceFrom[i] = max(t.graceFrom[i], ms)
			t.turnFrom[i] = t.n
		}
		t.acting[i] = now
	}
}

// noteOffline notes when each seat that went offline between the
// presences before and now did (offlineAt), and restarts its grace once
// the game has started (before, every grace counts from the start); t.mu
// is held.
func (t *Table) noteOffline(before, now []string) {
	at := t.hall.cfg.Clock.Now()
	for i := range now {
		if i < len(before) && i < len(t.offlineAt) && now[i] == PresenceOffline && before[i] != PresenceOffline {
			t.offlineAt[i] = at
			if !t.rec.Started.IsZero() {
				t.graceFrom[i] = t.nowMs()
			}
		}
	}
}

// countGracesFromOffline lets the grace of every seat count from when it
// last went offline here, if that was after the start and later than what
// the grace counts from: after a rebuild from the store, whose replay
// knows nothing of presence, and when a followed table learns that the
// game started after a seat had gone offline here, so that it shows the
// deadline its owner keeps; t.mu is held.
func (t *Table) countGracesFromOffline() {
	if t.rec.Started.IsZero() {
		return
	}
	for i, at := range t.offlineAt {
		if at.After(t.rec.Started) {
			t.graceFrom[i] = max(t.graceFrom[i], at.Sub(t.rec.Started).Milliseconds())
		}
	}
}

// restartGraces lets every grace count from now: time while no instance
// ran the table counts as offline, so a person offline then gets a whole
// grace from when an instance runs it again; t.mu is held.
func (t *Table) restartGraces() {
	if t.rec.Started.IsZero() {
		return
	}
	ms := max(t.hall.cfg.Clock.Now().Sub(t.rec.Started).Milliseconds(), t.lastMs)
	for i := range t.graceFrom {
		t.graceFrom[i] = max(t.graceFrom[i], ms)
	}
}

// graceDue returns when, in ms since the start, a stand-in takes over
// seat from its offline person, and whether a grace runs for it: the
// table plays, the seat is a person's without a stand-in, among the
// actors and offline (pres), and the table has a grace. It is the grace's
// end, counted from the latest of when the seat went offline, became an
// actor, acted or came back, or the seat's clock deadline if that is
// earlier; t.mu is held.
func (t *Table) graceDue(seat int, pres []string) (int64, bool) {
	grace := OfflineGrace(t.spec, t.rec.TimeControl)
	if grace <= 0 || t.rec.Status != store.StatusPlaying || t.state.Terminal() ||
		t.rec.Seats[seat].Kind != store.SeatPerson || t.absent[seat] != "" ||
		!t.acting[seat] || pres[seat] != PresenceOffline {
		return 0, false
	}
	due := max(t.graceFrom[seat], t.lastActed[seat]) + grace.Milliseconds()
	if t.clocks != nil && t.clocks[seat].since >= 0 {
		due = min(due, t.clockDeadline(seat))
	}
	return due, true
}

// gracesChanged reports whether a grace started, ended or moved since the
// subscribers were last told of the table (see broadcastTableBut): a
// grace that starts with a turn, not with a change of presence, is news
// to them; t.mu is held.
func (t *Table) gracesChanged() bool {
	pres := t.presences()
	for i := range t.rec.Seats {
		due, on := t.graceDue(i, pres)
		told := i < len(t.gracesTold) && t.gracesTold[i] != 0
		if on != told || on && t.msTime(due).UnixMilli() != t.gracesTold[i] {
			return true
		}
	}
	return false
}

// offlineDeadlines returns the seats' offline deadlines in info.
func offlineDeadlines(info Info) []int64 {
	out := make([]int64, len(info.Seats))
	for i, s := range info.Seats {
		out[i] = s.OfflineDeadline
	}
	return out
}

// scheduleGrace arranges the hand-over of the first offline seat whose
// grace runs out; t.mu is held.
func (t *Table) scheduleGrace() {
	t.stopGraceTimer()
	if t.closed || t.mirror || t.rec.Status != store.StatusPlaying {
		return
	}
	pres := t.presences()
	first, ok := int64(0), false
	for i := range t.rec.Seats {
		if due, on := t.graceDue(i, pres); on && (!ok || due < first) {
			first, ok = due, true
		}
	}
	if !ok {
		return
	}
	t.graceGen++
	gen := t.graceGen
	d := t.msTime(first).Sub(t.hall.cfg.Clock.Now())
	t.graceTimer = t.hall.cfg.Clock.AfterFunc(max(d, 0), func() { t.fireGrace(gen) })
}

func (t *Table) stopGraceTimer() {
	if t.graceTimer != nil {
		t.graceTimer.Stop()
		t.graceTimer = nil
	}
}

// fireGrace hands every offline seat whose grace has run out to a
// stand-in, for being offline (or for a timeout, when its clock ran out
// as well).
func (t *Table) fireGrace(gen int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if gen != t.graceGen || t.closed || t.mirror || t.rec.Status != store.StatusPlaying {
		return
	}
	t.graceTimer = nil
	now := t.nowMs()
	pres := t.presences()
	for i := range t.rec.Seats {
		due, on := t.graceDue(i, pres)
		if !on || due > now {
			continue
		}
		reason := AbsentOffline
		if t.clocks != nil && t.clocks[i].since >= 0 && t.clockDeadline(i) <= now {
			reason = AbsentTimeout
		}
		if err := t.standIn(t.ctx, game.Player(i), reason); err != nil {
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

// StandInNow hands seat to a stand-in at once, for the owner of a private
// table (ownerToken), instead of waiting out the grace of its person, who
// is offline on their turn: the seat must be a person's, without a
// stand-in, among the actors, and offline. It is recorded as a hand-over
// for being offline (AbsentOffline): the turn is charged and the bank
// kept, and the person takes the seat back as after any stand-in. Allowed
// at untimed private tables too, which wait for ever otherwise.
func (t *Table) StandInNow(ctx context.Context, ownerToken string, seat int) error {
	if t.isMirror() {
		return t.manageRemote(ctx, "seats/"+strconv.Itoa(seat)+"/standin", ownerToken, nil,
			func() error { return t.StandInNow(ctx, ownerToken, seat) })
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.ownsTable(); err != nil {
		return err
	}
	if !tokenMatches(ownerToken, t.rec.OwnerHash) {
		return game.Errorf(game.CodeUnauthorized, "only the table's owner may hand a seat to a stand-in")
	}
	if !t.rec.Private {
		return game.Errorf(game.CodeUnauthorized, "only the owner of a private table may hand a seat to a stand-in; here the grace runs out by itself")
	}
	switch {
	case t.rec.Status == store.StatusOpen:
		return game.Errorf(game.CodeConflict, "the game has not started")
	case t.rec.Status == store.StatusFinished || t.state.Terminal():
		return game.Errorf(game.CodeGameOver, "the game is over")
	case seat < 0 || seat >= len(t.rec.Seats):
		return game.Errorf(game.CodeInvalid, "there is no seat %d (seats are 1 to %d)", seat+1, len(t.rec.Seats))
	case t.rec.Seats[seat].Kind != store.SeatPerson:
		return game.Errorf(game.CodeInvalid, "seat %d is a bot's; only a person's seat is handed to a stand-in", seat+1)
	case t.absent[seat] != "":
		return game.Errorf(game.CodeConflict, "a stand-in plays seat %d already", seat+1)
	case t.presences()[seat] != PresenceOffline:
		return game.Errorf(game.CodeConflict, "%s (seat %d) is connected; a stand-in takes over only from a person who is offline", t.rec.Seats[seat].Name, seat+1)
	case !t.acting[seat]:
		return game.Errorf(game.CodeConflict, "it is not %s's turn (seat %d); the table is not waiting for them", t.rec.Seats[seat].Name, seat+1)
	}
	if err := t.standIn(ctx, game.Player(seat), AbsentOffline); err != nil {
		return err
	}
	t.advance(ctx)
	return nil
}
