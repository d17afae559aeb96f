package table

import (
	"context"
	"slices"

	"minehall/game"
	"minehall/store"
)

// CheckName normalises and checks a name as a seat's name is checked (NFC,
// no format or control characters, 1 to 32 characters), for account names,
// which follow the same rules.
func CheckName(name string) (string, error) { return checkName(name) }

// checkRated refuses a rated table that cannot be rated: "Only rated tables
// count: public, timed, and between accounts and bots", with the rulebook's
// settings (opts, resolved, must be what [game.Spec.CheckRated] allows).
// Every table is public for now; a game played in real time runs on its
// own clock, any other needs a time control. A seat taken here needs an
// account, and each bot level and account sits once, so that every rated
// identity plays one seat.
func checkRated(spec game.Spec, opts game.Options, tc *store.TimeControl, seats []SeatRequest) error {
	if err := spec.CheckRated(opts); err != nil {
		return err
	}
	if tc == nil && spec.Turns != game.RealTime {
		return game.Errorf(game.CodeInvalid, "a rated table needs a time control")
	}
	bots := map[string]bool{}
	accounts := map[string]bool{}
	for i, s := range seats {
		switch {
		case s.Kind == store.SeatBot:
			level := s.Bot
			if bots[level] {
				return game.Errorf(game.CodeInvalid, "seat %d: a rated table seats each bot level once, and %q sits already", i, level)
			}
			bots[level] = true
		case s.Here && s.Account == "":
			return game.Errorf(game.CodeInvalid, "seat %d: a rated table is between accounts and bots; sign in to take a seat", i)
		case s.Here && accounts[s.Account]:
			return game.Errorf(game.CodeInvalid, "seat %d: an account takes one seat of a rated table", i)
		case s.Here:
			accounts[s.Account] = true
		}
	}
	return nil
}

// checkRatedJoin refuses account (empty for a guest) a seat of a rated
// table if it is a guest or sits already; t.mu is held.
func (t *Table) checkRatedJoin(account string) error {
	if !t.rec.Rated {
		return nil
	}
	if account == "" {
		return game.Errorf(game.CodeUnauthorized, "this table is rated: sign in to take a seat")
	}
	for _, s := range t.rec.Seats {
		if s.Account == account {
			return game.Errorf(game.CodeConflict, "your account has a seat at this table already")
		}
	}
	return nil
}

// AttachAccount gives the seat whose token is token to the account with ID
// account: a guest who signs up or signs in keeps the seats they hold. It
// returns the seat. A seat of another account, a finished table and a table
// another server runs are refused; attaching a seat to its own account
// again changes nothing.
func (t *Table) AttachAccount(ctx context.Context, token, account string) (game.Player, error) {
	if account == "" {
		return 0, game.Errorf(game.CodeInvalid, "no account to attach the seat to")
	}
	if t.isMirror() {
		return 0, game.Errorf(game.CodeConflict, "table %s is run by another server", t.id)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return 0, errShuttingDown()
	}
	seat := slices.IndexFunc(t.rec.Seats, func(s store.Seat) bool { return s.Kind == store.SeatPerson && tokenMatches(token, s.TokenHash) })
	switch {
	case seat < 0:
		return 0, game.Errorf(game.CodeUnauthorized, "the token is not a seat's token at table %s", t.id)
	case t.rec.Status == store.StatusFinished:
		return 0, game.Errorf(game.CodeConflict, "table %s has finished", t.id)
	case t.rec.Seats[seat].Account == account:
		return game.Player(seat), nil
	case t.rec.Seats[seat].Account != "":
		return 0, game.Errorf(game.CodeConflict, "seat %d is another account's", seat)
	}
	t.rec.Seats[seat].Account = account
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		t.rec.Seats[seat].Account = ""
		t.lostOwnership(ctx, err)
		return 0, err
	}
	t.broadcastTable()
	return game.Player(seat), nil
}

// tellFinished tells the hall's Finished hook of the finished table; t.mu
// is held.
func (t *Table) tellFinished(ctx context.Context) {
	if f := t.hall.cfg.Finished; f != nil {
		f(context.WithoutCancel(ctx), t.rec.Clone())
	}
}
