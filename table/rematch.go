package table

import (
	"context"
	"slices"

	"minehall/game"
	"minehall/store"
)

// Rematched is what an offer of a rematch gives whoever made it.
type Rematched struct {
	Table *Table
	// Tokens are the rematch's owner token and the tokens of the seats made
	// on the owner's device, when this offer made the rematch; empty when
	// it joined a rematch offered before.
	Tokens Tokens
	// Seat is the offerer's seat at the rematch, with its token; nil for
	// an offer made with the owner's token, which seats nobody.
	Seat *SeatToken
}

// Rematch offers a rematch of the finished table id, on behalf of whoever
// holds token: the table's owner token or the token of one of its person
// seats.
//
// The first offer makes the rematch: a new table with the same game,
// options, time control, privacy, stand-in and bots, linked to table id
// (whose subscribers are told). Seats made here at the finished table are
// made here again under the same names; a seat's offerer is seated at
// once, in their old seat, under the same name and account, and gets the
// rematch's owner token.
//
// A later offer by a seat's person (accepting the first) seats them at the
// existing rematch: in their old seat if it is free, else in any free
// one. Each seat does so once; the owner's token cannot (it has no seat),
// and is refused once the rematch exists.
//
// A request without a token of the table, or for a table that is not
// finished, is refused and changes nothing.
func (h *Hall) Rematch(ctx context.Context, id, token string) (Rematched, error) {
	if token == "" {
		return Rematched{}, game.Errorf(game.CodeUnauthorized, "a rematch is offered with the owner's token or a seat's token of table %s; the request has none", id)
	}
	h.rematchMu.Lock()
	defer h.rematchMu.Unlock()
	old, err := h.cfg.Store.Table(ctx, id)
	if err != nil {
		return Rematched{}, err
	}
	seat := slices.IndexFunc(old.Seats, func(s store.Seat) bool {
		return s.Kind == store.SeatPerson && tokenMatches(token, s.TokenHash)
	})
	if seat < 0 && !tokenMatches(token, old.OwnerHash) {
		return Rematched{}, game.Errorf(game.CodeUnauthorized, "only the owner and the seated people of table %s may offer a rematch", id)
	}
	if old.Status != store.StatusFinished {
		return Rematched{}, game.Errorf(game.CodeConflict, "table %s is not finished; a rematch is offered at its end", id)
	}
	if old.Rematch != "" {
		if seat < 0 {
			return Rematched{}, game.Errorf(game.CodeConflict, "table %s has a rematch already: %s", id, old.Rematch)
		}
		return h.joinRematch(ctx, old, seat)
	}
	return h.makeRematch(ctx, old, seat)
}

// makeRematch makes the rematch of the finished table old, seating the
// person of seat (none when seat < 0), and links the two.
func (h *Hall) makeRematch(ctx context.Context, old *store.Table, seat int) (Rematched, error) {
	req := CreateRequest{Game: old.Game, Players: old.Players, Options: old.Options, AutoStart: old.AutoStart,
		TimeControl: old.TimeControl, StandIn: old.StandInBot, SpectatorChat: old.Settings.SpectatorChat, BotTimeMs: old.Settings.BotTimeMs, Private: old.Private, invite: old.Invite}
	for i, s := range old.Seats {
		sr := SeatRequest{Kind: s.Kind, Bot: s.Bot, ReservedFor: s.ReservedName, ReservedAccount: s.ReservedFor}
		if slices.Contains(old.Settings.Here, game.Player(i)) {
			sr.Here, sr.Name = true, s.Name
		}
		req.Seats = append(req.Seats, sr)
	}
	t, tok, err := h.Open(ctx, req)
	if err != nil {
		return Rematched{}, err
	}
	t.mu.Lock()
	t.rec.RematchOf = old.ID
	err = h.cfg.Store.UpdateTable(ctx, t.rec)
	t.mu.Unlock()
	if err != nil {
		return Rematched{}, err
	}
	re := Rematched{Table: t, Tokens: tok}
	if seat >= 0 {
		if i := slices.IndexFunc(tok.Here, func(s SeatToken) bool { return int(s.Seat) == seat }); i >= 0 {
			re.Seat = &tok.Here[i]
		} else if re.Seat, err = seatAtRematch(ctx, t, old.Seats[seat], seat); err != nil {
			return Rematched{}, err
		}
	}
	if err := h.noteRematch(ctx, old, t.ID(), seat); err != nil {
		return Rematched{}, err
	}
	return re, nil
}

// joinRematch seats the person of seat of the finished table old at its
// existing rematch.
func (h *Hall) joinRematch(ctx context.Context, old *store.Table, seat int) (Rematched, error) {
	if slices.Contains(old.Settings.Rematched, game.Player(seat)) {
		return Rematched{}, game.Errorf(game.CodeConflict, "seat %d of table %s has taken a seat at the rematch %s already", seat, old.ID, old.Rematch)
	}
	t, err := h.Table(ctx, old.Rematch)
	if err != nil {
		return Rematched{}, err
	}
	want := -1
	if in := t.Info(); seat < len(in.Seats) && in.Seats[seat].Kind == store.SeatPerson && !in.Seats[seat].Taken {
		want = seat
	}
	st, err := seatAtRematch(ctx, t, old.Seats[seat], want)
	if err != nil {
		return Rematched{}, err
	}
	if err := h.noteRematch(ctx, old, t.ID(), seat); err != nil {
		return Rematched{}, err
	}
	return Rematched{Table: t, Seat: st}, nil
}

// seatAtRematch seats the person of the finished table's seat was at the
// rematch t, in seat (any free one when seat < 0), under the same name and
// account.
func seatAtRematch(ctx context.Context, t *Table, was store.Seat, seat int) (*SeatToken, error) {
	p, token, err := t.JoinAccount(ctx, was.Name, seat, was.Account)
	if err != nil {
		return nil, err
	}
	return &SeatToken{Seat: p, Name: was.Name, Token: token}, nil
}

// noteRematch records on the finished table old that its rematch is
// rematch and that the person of seat (none when seat < 0) has a seat
// there, and tells its subscribers, if it still has any.
func (h *Hall) noteRematch(ctx context.Context, old *store.Table, rematch string, seat int) error {
	note := func(rec *store.Table) {
		rec.Rematch = rematch
		if seat >= 0 {
			rec.Settings.Rematched = append(rec.Settings.Rematched, game.Player(seat))
		}
	}
	h.mu.Lock()
	live := h.tables[old.ID]
	h.mu.Unlock()
	if live == nil {
		note(old)
		return h.cfg.Store.UpdateTable(ctx, old)
	}
	live.mu.Lock()
	defer live.mu.Unlock()
	was, settings := live.rec.Rematch, live.rec.Settings.Clone()
	note(live.rec)
	if err := h.cfg.Store.UpdateTable(ctx, live.rec); err != nil {
		live.rec.Rematch, live.rec.Settings = was, settings
		return err
	}
	live.broadcastTable()
	return nil
}
