package table

import (
	"context"
	"crypto/subtle"
	"slices"

	"minehall/game"
	"minehall/store"
)

// roundClockOption is the option of a game played in real time that sets
// its round clock in seconds, 0 for off (Out of Mine's "clock").
const roundClockOption = "clock"

// checkPrivateOnly refuses what only a private table may have: a real-time
// game's round clock turned off ("a round clock (table option, default 3
// minutes, "off" allowed only at private tables)") and untimed turn-based
// play by people, so that nobody waits for ever at a table found in the
// lobby (bots never keep a table waiting, so a table of bots alone may be
// untimed). opts are resolved options; tc is the table's time control, nil
// for untimed.
func checkPrivateOnly(spec game.Spec, opts game.Options, tc *store.TimeControl, seats []SeatRequest, private bool) error {
	people := slices.ContainsFunc(seats, func(s SeatRequest) bool { return s.Kind == store.SeatPerson })
	switch {
	case private:
		return nil
	case spec.Turns == game.RealTime && opts[roundClockOption] == "0":
		return game.Errorf(game.CodeInvalid, "%s's round clock may be off only at a private table; tick private or set a clock", spec.Title)
	case spec.Turns != game.RealTime && tc == nil && people:
		return game.Errorf(game.CodeInvalid, "untimed play is only for private tables: give %s a time_control or tick private", spec.Title)
	}
	return nil
}

// errPrivate is the refusal of a private table to whoever lacks its
// invitation.
func errPrivate(id string) error {
	return game.Errorf(game.CodeUnauthorized, "table %s is private: only its invitation link lets you join or watch it", id)
}

// Access reports whether rec may be seen and joined with invite (the
// secret of its invitation link), token (an owner's or a seat's token) or
// account (the ID of the signed-in account, empty for a guest): a public
// table by anyone, a private one with its invitation, by its owner, by
// whoever holds one of its seats, and by an account that sits at it or has
// a seat reserved there. It returns errPrivate otherwise.
func Access(rec *store.Table, invite, token, account string) error {
	if !rec.Private {
		return nil
	}
	if invite != "" && subtle.ConstantTimeCompare([]byte(invite), []byte(rec.Invite)) == 1 {
		return nil
	}
	if token != "" && tokenMatches(token, rec.OwnerHash) {
		return nil
	}
	for _, s := range rec.Seats {
		if token != "" && tokenMatches(token, s.TokenHash) {
			return nil
		}
		if account != "" && (s.Account == account || s.ReservedFor == account) {
			return nil
		}
	}
	return errPrivate(rec.ID)
}

// Access is [Access] for the table as it is now.
func (t *Table) Access(invite, token, account string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return Access(t.rec, invite, token, account)
}

// Access is [Access] for the table with the given id, live or stored.
func (h *Hall) Access(ctx context.Context, id, invite, token, account string) error {
	h.mu.Lock()
	t, ok := h.tables[id]
	h.mu.Unlock()
	if ok {
		return t.Access(invite, token, account)
	}
	rec, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return err
	}
	return Access(rec, invite, token, account)
}

// Invite returns the secret of the invitation of a private table to its
// owner or a person seated at it (token is theirs); a public table has
// none ("" and no error).
func (t *Table) Invite(token string) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.rec.Private {
		return "", nil
	}
	if token == "" {
		return "", game.Errorf(game.CodeUnauthorized, "only the table's owner and its seated people may see its invitation")
	}
	ok := tokenMatches(token, t.rec.OwnerHash) || slices.ContainsFunc(t.rec.Seats, func(s store.Seat) bool { return tokenMatches(token, s.TokenHash) })
	if !ok {
		return "", game.Errorf(game.CodeUnauthorized, "only the table's owner and its seated people may see its invitation")
	}
	return t.rec.Invite, nil
}

// checkReservedJoin refuses account (empty for a guest) seat of the table
// when the seat is reserved for another account; t.mu is held.
func (t *Table) checkReservedJoin(seat int, account string) error {
	s := t.rec.Seats[seat]
	if s.ReservedFor == "" || s.ReservedFor == account {
		return nil
	}
	if account == "" {
		return game.Errorf(game.CodeUnauthorized, "seat %d is reserved for %s: sign in as %s to take it", seat, s.ReservedName, s.ReservedName)
	}
	return game.Errorf(game.CodeUnauthorized, "seat %d is reserved for %s; take another seat", seat, s.ReservedName)
}

// freeSeatFor returns the seat account (empty for a guest) takes when it
// names none: the first free seat reserved for it, else the first free
// seat reserved for nobody, else -1; t.mu is held.
func (t *Table) freeSeatFor(account string) int {
	if account != "" {
		if i := slices.IndexFunc(t.rec.Seats, func(s store.Seat) bool { return !s.Taken() && s.ReservedFor == account }); i >= 0 {
			return i
		}
	}
	return slices.IndexFunc(t.rec.Seats, func(s store.Seat) bool { return !s.Taken() && s.ReservedFor == "" })
}

// Actors returns the seats that may act now at a live table that is
// playing (who the game waits for), and nil for an open, finished or
// unknown table, or one another server runs. Who may act is public: every
// view shows whose turn it is.
func (h *Hall) Actors(id string) []game.Player {
	h.mu.Lock()
	t, ok := h.tables[id]
	h.mu.Unlock()
	if !ok {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mirror || t.rec.Status != store.StatusPlaying {
		return nil
	}
	var out []game.Player
	for _, p := range t.state.Actors(nil) {
		if p.Seated() {
			out = append(out, p)
		}
	}
	return out
}

// AccountTable is a table of an account: its description, the account's
// seat (or the seat reserved for it while free) and the seats that may act
// now (see [Hall.Actors]).
type AccountTable struct {
	Info   Info
	Seat   game.Player
	ToMove []game.Player
}

// AccountTables returns the tables where the account with ID account sits
// or has a seat reserved, newest first, at most limit (0: no limit).
func (h *Hall) AccountTables(ctx context.Context, account string, limit int) ([]AccountTable, error) {
	recs, err := h.cfg.Store.Tables(ctx, store.Filter{Account: account, Limit: limit})
	if err != nil {
		return nil, err
	}
	out := make([]AccountTable, 0, len(recs))
	for _, rec := range recs {
		seat := slices.IndexFunc(rec.Seats, func(s store.Seat) bool { return s.Account == account })
		if seat < 0 {
			seat = slices.IndexFunc(rec.Seats, func(s store.Seat) bool { return s.ReservedFor == account })
		}
		out = append(out, AccountTable{Info: InfoOf(rec), Seat: game.Player(max(seat, 0)), ToMove: h.Actors(rec.ID)})
	}
	return out, nil
}
