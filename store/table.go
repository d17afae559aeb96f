package store

import (
	"time"

	"minehall/game"
)

// Status is where a table is in its life.
type Status string

const (
	// StatusOpen: seats are being filled; the game has not started.
	StatusOpen Status = "open"
	// StatusPlaying: the game is under way.
	StatusPlaying Status = "playing"
	// StatusFinished: the game is over; its record can be downloaded.
	StatusFinished Status = "finished"
)

// Valid reports whether s is one of the three statuses.
func (s Status) Valid() bool {
	return s == StatusOpen || s == StatusPlaying || s == StatusFinished
}

// SeatKind says who sits in a seat.
type SeatKind string

const (
	// SeatPerson is a seat for a person who joins by link.
	SeatPerson SeatKind = "person"
	// SeatBot is a seat played by a bot of the table.
	SeatBot SeatKind = "bot"
)

// Seat is one seat of a table.
type Seat struct {
	Kind SeatKind
	// Bot is the bot's name (a level such as "easy") for bot seats.
	Bot string
	// Name is the name shown for the seat; empty while a person seat is free.
	Name string
	// TokenHash is the SHA-256 of the seat's token; nil while a person
	// seat is free and always nil for bots. The token itself is never
	// stored.
	TokenHash []byte
	// Account is the ID of the account that holds a person seat; empty for
	// a guest, a free seat and a bot.
	Account string
	// ReservedFor is the ID of the account a person seat is kept for, and
	// ReservedName that account's name: only that account may take the
	// seat. Empty for a seat anyone may take.
	ReservedFor  string
	ReservedName string
}

// Taken reports whether the seat is occupied: a bot, or a person who joined.
func (s Seat) Taken() bool { return s.Kind == SeatBot || len(s.TokenHash) > 0 }

// Table is everything stored about a table besides its action log.
type Table struct {
	ID      string
	Game    string
	Players int
	// Options are the resolved options of the game.
	Options game.Options
	// Seed defines the game's randomness; it never leaves the server while
	// the game is unfinished.
	Seed  uint64
	Seats []Seat
	// OwnerHash is the SHA-256 of the owner's token (who may start the
	// table and ask for a rematch).
	OwnerHash []byte
	// AutoStart starts the game as soon as every seat is taken.
	AutoStart bool
	Status    Status
	Created   time.Time
	Started   time.Time // zero until the game starts
	Finished  time.Time // zero until the game ends
	// Result is nil until the game ends.
	Result *game.Result
	// RematchOf is the id of the table this one is a rematch of, if any.
	RematchOf string
	// Rematch is the id of this table's rematch, once asked for.
	Rematch string

	// TimeControl is the clock of a turn-based game; nil when untimed.
	TimeControl *TimeControl
	// StandInBot is the bot level that plays for an absent person.
	StandInBot string
	// Ending says how a finished table stopped short of the game's end
	// (EndingAbandoned, EndingAborted, EndingExpired); empty for a game
	// played out.
	Ending string
	// SeatEvents lists, in order, when a stand-in took a person's seat over
	// and when the person came back. A seat is stood in for exactly when
	// its last event is a stand-in (see [Table.Absence]).
	SeatEvents []game.SeatEvent

	// Rated says the table counts for its players' ratings: it was made
	// rated, and every person seat is taken by an account.
	Rated bool

	// Private keeps the table out of the lobby's list: only who holds
	// Invite (the secret of its invitation link) may join or watch it. A
	// private table is never rated. Neither changes after creation.
	Private bool
	Invite  string

	// Epoch is the table's ownership epoch as read: one more each time
	// an instance claims the table from another (PostgreSQL). A store
	// shared by instances refuses UpdateTable and TakeBack of an
	// unfinished table whose Epoch is not the stored one, so that an owner
	// that was paused past its lease cannot write with a stale copy.
	Epoch int64

	// Settings are the owner's choices: who may chat, the seats made on
	// the owner's device.
	Settings Settings
}

// TimeControl is the clock of a turn-based table: each turn a seat has
// MoveS seconds, and time used beyond them comes out of a bank that starts
// at BankS seconds.
type TimeControl struct {
	MoveS int64 `json:"move_s"`
	BankS int64 `json:"bank_s"`
}

// How a finished table stopped short of the game's end.
const (
	// EndingAbandoned: every person left during play.
	EndingAbandoned = "abandoned"
	// EndingAborted: the owner called the table off before the start.
	EndingAborted = "aborted"
	// EndingExpired: nobody joined the open table in time.
	EndingExpired = "expired"
)

// Absence returns why a stand-in plays for seat now ("left", "timeout",
// "offline", or "idle" in older records), or "" when nobody stands in for
// it.
func (t *Table) Absence(seat game.Player) string {
	for i := len(t.SeatEvents) - 1; i >= 0; i-- {
		if ev := t.SeatEvents[i]; ev.Seat == seat && handsSeat(ev) {
			if ev.Event == game.SeatStandIn {
				return ev.Reason
			}
			return ""
		}
	}
	return ""
}

// handsSeat reports whether ev gives a seat to a stand-in or back to its
// person; other events (a device's hand-over) leave that as it was.
func handsSeat(ev game.SeatEvent) bool {
	return ev.Event == game.SeatStandIn || ev.Event == game.SeatReturned
}

// StoodInAt reports whether a stand-in played the action numbered n for
// seat: whether seat's last event before that action was a stand-in.
func (t *Table) StoodInAt(seat game.Player, n int64) bool {
	for i := len(t.SeatEvents) - 1; i >= 0; i-- {
		if ev := t.SeatEvents[i]; ev.Seat == seat && ev.N < n && handsSeat(ev) {
			return ev.Event == game.SeatStandIn
		}
	}
	return false
}

// Clone returns a deep copy of t.
func (t *Table) Clone() *Table {
	c := *t
	c.Options = t.Options.Clone()
	c.Seats = make([]Seat, len(t.Seats))
	for i, s := range t.Seats {
		s.TokenHash = append([]byte(nil), s.TokenHash...)
		if len(s.TokenHash) == 0 {
			s.TokenHash = nil
		}
		c.Seats[i] = s
	}
	c.OwnerHash = append([]byte(nil), t.OwnerHash...)
	if t.TimeControl != nil {
		tc := *t.TimeControl
		c.TimeControl = &tc
	}
	c.SeatEvents = append([]game.SeatEvent(nil), t.SeatEvents...)
	c.Settings = t.Settings.Clone()
	if t.Result != nil {
		r := *t.Result
		r.Scores = append([]float64(nil), r.Scores...)
		r.Returns = append([]float64(nil), r.Returns...)
		r.Winners = append([]game.Player(nil), r.Winners...)
		c.Result = &r
	}
	return &c
}

// Action is one applied action of a table's game, in the order applied.
type Action struct {
	// N numbers the table's actions from 1 without gaps.
	N      int64
	Player game.Player
	// Move is the action in the game's notation.
	Move string
	// Ms is the time of the action in milliseconds since the game started.
	Ms int64
	// ClientSeq is the sequence number the client sent with the action (0
	// for bots, chance and system actions): it lets a reconnecting client
	// learn that an action it sent was applied.
	ClientSeq int64
}
