package table

import (
	"slices"
	"time"

	"minehall/game"
	"minehall/store"
)

// Info is the public description of a table: what anyone with the link may
// read. It never holds the seed or a token hash.
type Info struct {
	ID        string       `json:"id"`
	Game      string       `json:"game"`
	Players   int          `json:"players"`
	Options   game.Options `json:"options"`
	Seats     []SeatInfo   `json:"seats"`
	Status    store.Status `json:"status"`
	AutoStart bool         `json:"autostart"`
	Created   time.Time    `json:"created"`
	Started   *time.Time   `json:"started,omitempty"`
	Finished  *time.Time   `json:"finished,omitempty"`
	Result    *game.Result `json:"result,omitempty"`
	RematchOf string       `json:"rematch_of,omitempty"`
	Rematch   string       `json:"rematch,omitempty"`
	// TimeControl is the table's clock; nil when untimed.
	TimeControl *store.TimeControl `json:"time_control,omitempty"`
	// StandInBot is the level of the bot that plays for an absent person.
	StandInBot string `json:"stand_in_bot,omitempty"`
	// Ending says how a finished table stopped short of the game's end:
	// "abandoned", "aborted" or "expired" (and then there is no result).
	Ending string `json:"ending,omitempty"`
	// Rated says the table counts for its players' ratings.
	Rated bool `json:"rated,omitempty"`
	// Private says the table is left out of the lobby and joined only with
	// its invitation link, whose secret Info never holds.
	Private bool `json:"private,omitempty"`
	// BotTimeMs is the time in milliseconds each bot at the table may
	// think about one decision; 0 when the table keeps the server's
	// default.
	BotTimeMs int64 `json:"bot_time_ms,omitempty"`
	// Chat is who may chat, as the owner set it.
	Chat ChatInfo `json:"chat"`
	// Spectators is who watches the table; only a live table knows it.
	Spectators *SpectatorsInfo `json:"spectators,omitempty"`
}

// ChatInfo says who may chat at a table: the people in its seats, but
// those the owner muted, and the spectators when the owner allows it.
type ChatInfo struct {
	Spectators bool          `json:"spectators"`
	Muted      []game.Player `json:"muted,omitempty"`
}

// SeatInfo is the public description of a seat.
type SeatInfo struct {
	Kind  store.SeatKind `json:"kind"`
	Bot   string         `json:"bot,omitempty"`
	Name  string         `json:"name,omitempty"`
	Taken bool           `json:"taken"`
	// Presence is "online", "away" or "offline"; bots are online. Only a
	// live table knows it.
	Presence string `json:"presence,omitempty"`
	// StandIn says a stand-in bot plays for the seat's absent person, and
	// Absent why: "left", "timeout", "offline" or (in older records) "idle".
	StandIn bool   `json:"stand_in"`
	Absent  string `json:"absent,omitempty"`
	// OfflineDeadline is, while the seat's person is offline on their turn
	// and a grace runs (see [OfflineGrace]), when a stand-in takes over
	// unless they come back, in Unix milliseconds; 0 otherwise. Only a
	// live table knows it.
	OfflineDeadline int64 `json:"offline_deadline,omitempty"`
	// Account says an account holds the seat: its name is the account's
	// (and its profile is /players/NAME).
	Account bool `json:"account,omitempty"`
	// Reserved is the name of the account the seat is kept for; only it
	// may take the seat.
	Reserved string `json:"reserved,omitempty"`
	// Clock is the seat's clock at a timed table.
	Clock *ClockInfo `json:"clock,omitempty"`
}

// InfoOf describes a stored table publicly.
func InfoOf(t *store.Table) Info {
	in := Info{
		ID: t.ID, Game: t.Game, Players: t.Players, Options: t.Options.Clone(), Status: t.Status,
		AutoStart: t.AutoStart, Created: t.Created, RematchOf: t.RematchOf, Rematch: t.Rematch,
		StandInBot: t.StandInBot, Ending: t.Ending, Rated: t.Rated, Private: t.Private, BotTimeMs: t.Settings.BotTimeMs,
		Chat: ChatInfo{Spectators: t.Settings.SpectatorChat, Muted: slices.Clone(t.Settings.Muted)},
	}
	if t.TimeControl != nil {
		tc := *t.TimeControl
		in.TimeControl = &tc
	}
	if !t.Started.IsZero() {
		st := t.Started
		in.Started = &st
	}
	if !t.Finished.IsZero() {
		fi := t.Finished
		in.Finished = &fi
	}
	if t.Result != nil {
		r := *t.Result
		in.Result = &r
	}
	for i, s := range t.Seats {
		si := SeatInfo{Kind: s.Kind, Bot: s.Bot, Name: s.Name, Taken: s.Taken(), Account: s.Account != "", Reserved: s.ReservedName}
		if s.Kind == store.SeatPerson && t.Status == store.StatusPlaying {
			si.Absent = t.Absence(game.Player(i))
			si.StandIn = si.Absent != ""
		}
		in.Seats = append(in.Seats, si)
	}
	return in
}
