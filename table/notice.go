package table

import (
	"context"

	"minehall/game"
	"minehall/store"
)

// What a [Notice] tells of.
const (
	// NoticeTurn: the seats are among the actors after action N.
	NoticeTurn = "turn"
	// NoticeTakeBack: a take-back was asked in event N; the seats are the
	// others at the table, who are to answer it.
	NoticeTakeBack = "takeback"
)

// Notice tells the hall's Notice hook of something that people may want
// to hear of outside the table's page: the accounts holding Seats of
// Table. It is told after what it tells of is stored, again for the
// current turn and any pending take-back when an instance loads the
// table (after a restart or a takeover), so that a hook that keeps each
// (kind, table, N) once misses none and repeats none.
type Notice struct {
	Kind  string
	Table *store.Table
	N     int64
	Seats []game.Player
}

// tellNotice tells the hall's Notice hook of a notice of kind about
// seats, whose people's accounts hold them; t.mu is held.
func (t *Table) tellNotice(ctx context.Context, kind string, n int64, seats []game.Player) {
	f := t.hall.cfg.Notice
	if f == nil || t.mirror || t.rec.Status != store.StatusPlaying {
		return
	}
	var to []game.Player
	for _, p := range seats {
		if p.Seated() && int(p) < len(t.rec.Seats) && t.rec.Seats[p].Kind == store.SeatPerson && t.rec.Seats[p].Account != "" {
			to = append(to, p)
		}
	}
	if len(to) > 0 {
		f(context.WithoutCancel(ctx), Notice{Kind: kind, Table: t.rec.Clone(), N: n, Seats: to})
	}
}

// tellTurn tells each seat among the actors of its turn, keyed by the
// action after which it became one: with fresh, only the seats that
// became actors with the last action (a seat that acts twice in its turn
// is told once); t.mu is held.
func (t *Table) tellTurn(ctx context.Context, fresh bool) {
	if t.hall.cfg.Notice == nil || t.state == nil || t.state.Terminal() {
		return
	}
	for i, acting := range t.acting {
		if acting && (!fresh || t.turnFrom[i] == t.n) {
			t.tellNotice(ctx, NoticeTurn, t.turnFrom[i], []game.Player{game.Player(i)})
		}
	}
}

// tellTakeBack tells the people who must answer the pending take-back
// request of it; t.mu is held.
func (t *Table) tellTakeBack(ctx context.Context) {
	r := t.request
	if t.hall.cfg.Notice == nil || r == nil {
		return
	}
	var seats []game.Player
	for i := range t.rec.Seats {
		if game.Player(i) != r.seat && (i >= len(r.agreed) || !r.agreed[i]) {
			seats = append(seats, game.Player(i))
		}
	}
	t.tellNotice(ctx, NoticeTakeBack, r.id, seats)
}

// AccountPresent reports whether a connection holds a seat of the
// account at the unfinished table id (its page open, in view or hidden),
// on any instance: as this instance knows it from its own connections and,
// in a cluster, the other instances' reports of theirs; a table that
// another instance runs and this one does not follow is asked of its
// owner. False when nobody runs the table, or its owner cannot be asked.
func (h *Hall) AccountPresent(ctx context.Context, id, account string) bool {
	if account == "" {
		return false
	}
	h.mu.Lock()
	t, ok := h.tables[id]
	h.mu.Unlock()
	if ok {
		t.mu.Lock()
		defer t.mu.Unlock()
		return seatHeld(t.rec.Seats, t.presences(), account)
	}
	c, remote := h.cfg.Cluster, h.cfg.Remote
	if c == nil || remote == nil {
		return false
	}
	owner, err := c.Owner(ctx, id)
	if err != nil || owner == "" {
		return false
	}
	rec, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return false
	}
	// This instance holds no connection to the table: it reports every
	// seat offline, and the owner answers with the others' presence.
	none := make([]string, len(rec.Seats))
	for i := range none {
		none[i] = PresenceOffline
	}
	pres, _, err := remote.Presence(ctx, owner, id, c.Instance(), none, nil)
	if err != nil || len(pres) != len(rec.Seats) {
		return false
	}
	return seatHeld(rec.Seats, pres, account)
}

// seatHeld reports whether a seat of account is present (online or away)
// in pres, the seats' presences.
func seatHeld(seats []store.Seat, pres []string, account string) bool {
	for i, s := range seats {
		if s.Account == account && pres[i] != PresenceOffline {
			return true
		}
	}
	return false
}
