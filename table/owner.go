package table

import (
	"context"
	"slices"
	"strconv"

	"minehall/game"
	"minehall/store"
)

// SeatBot puts a bot of the given level ("" for the game's default) in a
// seat of the unstarted table, for its owner: a free seat, or a person's
// seat whose person is offline. The game starts at once when the table
// starts by itself and every seat is taken now.
func (t *Table) SeatBot(ctx context.Context, ownerToken string, seat int, bot string) error {
	if t.isMirror() {
		return t.manageRemote(ctx, "seats/"+strconv.Itoa(seat)+"/bot", ownerToken, map[string]string{"bot": bot},
			func() error { return t.SeatBot(ctx, ownerToken, seat, bot) })
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.ownsTable(); err != nil {
		return err
	}
	if !tokenMatches(ownerToken, t.rec.OwnerHash) {
		return game.Errorf(game.CodeUnauthorized, "only the table's owner may seat a bot")
	}
	if t.rec.Status != store.StatusOpen {
		return game.Errorf(game.CodeConflict, "the game has started; bots are seated before the start")
	}
	if seat < 0 || seat >= len(t.rec.Seats) {
		return game.Errorf(game.CodeInvalid, "there is no seat %d (seats are 1 to %d)", seat+1, len(t.rec.Seats))
	}
	names := BotNames(t.g)
	if bot == "" {
		bot = defaultStandIn(names)
	}
	if !slices.Contains(names, bot) {
		return noSuchBot(t.g, bot)
	}
	s := t.rec.Seats[seat]
	switch {
	case s.Kind == store.SeatBot:
		return game.Errorf(game.CodeConflict, "seat %d has a bot already", seat+1)
	case s.Taken() && t.presences()[seat] != PresenceOffline:
		return game.Errorf(game.CodeConflict, "seat %d is taken by %s, who is here", seat+1, s.Name)
	}
	b, err := t.hall.newBot(t.g, t.rec, bot, randomSeed())
	if err != nil {
		return err
	}
	t.rec.Seats[seat] = store.Seat{Kind: store.SeatBot, Bot: bot, Name: botNickname(t.rec.ID, t.rec.Seats)}
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		t.rec.Seats[seat] = s
		t.lostOwnership(ctx, err)
		return err
	}
	t.bots[seat] = &botSeat{bot: b}
	t.broadcastTable()
	if t.rec.AutoStart && t.allTaken() {
		if err := t.start(ctx); err != nil {
			t.hall.cfg.Logger.Error("table did not start", "table", t.rec.ID, "err", err)
		}
	}
	return nil
}

// Abort calls the unstarted table off, for its owner: it is finished with
// the ending "aborted" and leaves the lobby.
func (t *Table) Abort(ctx context.Context, ownerToken string) error {
	if t.isMirror() {
		return t.manageRemote(ctx, "abort", ownerToken, nil, func() error { return t.Abort(ctx, ownerToken) })
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.ownsTable(); err != nil {
		return err
	}
	if !tokenMatches(ownerToken, t.rec.OwnerHash) {
		return game.Errorf(game.CodeUnauthorized, "only the table's owner may abort it")
	}
	if t.rec.Status != store.StatusOpen {
		return game.Errorf(game.CodeConflict, "the game has started; only an unstarted table can be aborted")
	}
	return t.endEarly(ctx, store.EndingAborted)
}
