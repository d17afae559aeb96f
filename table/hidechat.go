package table

import (
	"slices"

	"minehall/game"
)

// SeatAccounts returns the account of each seat, "" for a seat that has
// none (a guest, a bot, a free seat).
func (t *Table) SeatAccounts() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, len(t.rec.Seats))
	for i, s := range t.rec.Seats {
		out[i] = s.Account
	}
	return out
}

// HideChat returns msgs without the messages of the seats hidden says to
// hide; msgs itself when it has none of them.
func HideChat(msgs []ChatMessage, hidden func(game.Player) bool) []ChatMessage {
	if !slices.ContainsFunc(msgs, func(m ChatMessage) bool { return hidden(m.Seat) }) {
		return msgs
	}
	return slices.DeleteFunc(slices.Clone(msgs), func(m ChatMessage) bool { return hidden(m.Seat) })
}

// WithoutChatOf returns u for a subscriber who does not see the chat of
// the seats hidden says to hide: nil for a chat update of one of them, a
// copy without their messages for a state update that lists some, else u
// itself.
func (u *Update) WithoutChatOf(hidden func(game.Player) bool) *Update {
	if u.Message != nil && hidden(u.Message.Seat) {
		return nil
	}
	chat := HideChat(u.Chat, hidden)
	if len(chat) == len(u.Chat) {
		return u
	}
	c := *u
	c.Chat, c.frame = chat, nil
	return &c
}
