package table

import (
	"context"
	"slices"

	"minehall/game"
	"minehall/store"
)

// ChatSettings changes who may chat at a table; a field left out (nil)
// stays as it is.
type ChatSettings struct {
	// Spectators lets spectators chat, or mutes them.
	Spectators *bool `json:"spectators,omitempty"`
	// Muted are the seats whose people may not chat, replacing those
	// muted before (empty: nobody).
	Muted *[]game.Player `json:"muted,omitempty"`
}

// SetChat changes who may chat at the table, for its owner, at any moment
// of its life. Everyone at the table hears of it in a table update.
func (t *Table) SetChat(ctx context.Context, ownerToken string, cs ChatSettings) error {
	if t.isMirror() {
		return t.manageRemote(ctx, "chat/settings", ownerToken, cs, func() error { return t.SetChat(ctx, ownerToken, cs) })
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.ownsTable(); err != nil {
		return err
	}
	if !tokenMatches(ownerToken, t.rec.OwnerHash) {
		return game.Errorf(game.CodeUnauthorized, "only the table's owner may say who chats")
	}
	old := t.rec.Settings.Clone()
	if cs.Spectators != nil {
		t.rec.Settings.SpectatorChat = *cs.Spectators
	}
	if cs.Muted != nil {
		muted := slices.Clone(*cs.Muted)
		for _, p := range muted {
			if !p.Seated() || int(p) >= len(t.rec.Seats) {
				t.rec.Settings = old
				return game.Errorf(game.CodeInvalid, "there is no seat %d to mute (seats are 0 to %d)", p, len(t.rec.Seats)-1)
			}
		}
		slices.Sort(muted)
		t.rec.Settings.Muted = slices.Compact(muted)
		if len(t.rec.Settings.Muted) == 0 {
			t.rec.Settings.Muted = nil
		}
	}
	if err := t.hall.cfg.Store.UpdateTable(ctx, t.rec); err != nil {
		t.rec.Settings = old
		if t.rec.Status != store.StatusFinished {
			t.lostOwnership(ctx, err)
		}
		return err
	}
	t.broadcastTable()
	return nil
}
