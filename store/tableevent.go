package store

import (
	"time"

	"minehall/game"
)

// The kinds of [TableEvent].
const (
	// EventChat is a chat message: Text, or the key of a quick Phrase,
	// said by Seat (a seat, or game.Spectator) under Name.
	EventChat = "chat"
	// EventTakeBackAsked asks the others at the table to agree that the
	// table go back to how it stood after To actions; Seat asked.
	EventTakeBackAsked = "takeback_asked"
	// EventTakeBackAgreed says Seat agreed to the take-back asked last.
	EventTakeBackAgreed = "takeback_agreed"
	// EventTakeBackRefused says Seat refused the take-back asked last, or,
	// when Seat asked it, withdrew it.
	EventTakeBackRefused = "takeback_refused"
	// EventTakeBack is a take-back done: the actions after To were
	// deleted, for Seat. Seqs holds every seat's last client sequence
	// number at that moment, which a rebuilt table keeps (see
	// [Store.TakeBack]).
	EventTakeBack = "takeback"
)

// TableEvent is one entry of a table's event log, which sits beside its
// action log: a chat message or a step of a take-back. A table's events
// are numbered from 1 without gaps, apart from its actions; After places
// each among the actions.
type TableEvent struct {
	// N numbers the table's events from 1 without gaps.
	N    int64  `json:"n"`
	Kind string `json:"kind"`
	// After is the number of actions applied when it happened.
	After int64 `json:"after"`
	// Seat is who: a seat, or game.Spectator.
	Seat game.Player `json:"seat"`
	At   time.Time   `json:"at"`
	// Name, Text and Phrase are a chat message's: the sender's name when
	// it was said, and the text or the key of a quick phrase.
	Name   string `json:"name,omitempty"`
	Text   string `json:"text,omitempty"`
	Phrase string `json:"phrase,omitempty"`
	// To is, in the events of take-backs, the number of actions kept.
	To int64 `json:"to,omitempty"`
	// Seqs is, in an EventTakeBack, every seat's last client sequence
	// number before it.
	Seqs []int64 `json:"seqs,omitempty"`
}

// Settings are what a table's owner chooses besides the game.
type Settings struct {
	// SpectatorChat lets spectators chat; off, only the seats' people do.
	SpectatorChat bool `json:"spectator_chat,omitempty"`
	// Muted are the seats whose people the owner has muted.
	Muted []game.Player `json:"muted,omitempty"`
	// Here are the person seats made on the owner's device when the table
	// was created (pass and play); a rematch makes them there again.
	Here []game.Player `json:"here,omitempty"`
	// Rematched are the seats of a finished table whose people have taken
	// a seat at its rematch (each takes one only once).
	Rematched []game.Player `json:"rematched,omitempty"`
	// BotTimeMs is the time in milliseconds each bot at the table may
	// think about one decision; 0 for the server's default.
	BotTimeMs int64 `json:"bot_time_ms,omitempty"`
}

// Clone returns a deep copy of s.
func (s Settings) Clone() Settings {
	s.Muted = append([]game.Player(nil), s.Muted...)
	s.Here = append([]game.Player(nil), s.Here...)
	s.Rematched = append([]game.Player(nil), s.Rematched...)
	if len(s.Muted) == 0 {
		s.Muted = nil
	}
	if len(s.Here) == 0 {
		s.Here = nil
	}
	if len(s.Rematched) == 0 {
		s.Rematched = nil
	}
	return s
}
