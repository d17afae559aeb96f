package table

import (
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
}

// SeatInfo is the public description of a seat.
type SeatInfo struct {
	Kind  store.SeatKind `json:"kind"`
	Bot   string         `json:"bot,omitempty"`
	Name  string         `json:"name,omitempty"`
	Taken bool           `json:"taken"`
}

// InfoOf describes a stored table publicly.
func InfoOf(t *store.Table) Info {
	in := Info{
		ID: t.ID, Game: t.Game, Players: t.Players, Options: t.Options.Clone(), Status: t.Status,
		AutoStart: t.AutoStart, Created: t.Created, RematchOf: t.RematchOf, Rematch: t.Rematch,
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
	for _, s := range t.Seats {
		in.Seats = append(in.Seats, SeatInfo{Kind: s.Kind, Bot: s.Bot, Name: s.Name, Taken: s.Taken()})
	}
	return in
}
