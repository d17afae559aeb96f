package store

import (
	"encoding/json"
	"fmt"
	"time"

	"minehall/game"
)

// Rows is the part of a query result that both SQL adapters' drivers offer
// (*sql.Rows and pgx.Rows), so that the stores decode rows in one place.
// The caller closes the rows.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// TableColumns are the columns of the tables table that [ScanTables] reads,
// in its order. Both migration sets define them alike.
const TableColumns = `id, game, players, options, seed, owner_hash, autostart, status, created_ms, started_ms, finished_ms, result, rematch_of, rematch, keeping, settings, private, invite, epoch`

// ScanTables decodes rows of TableColumns into tables without their seats.
func ScanTables(rows Rows) ([]*Table, error) {
	var ts []*Table
	for rows.Next() {
		var (
			t                          Table
			opts, status               string
			seed, created, started, fi int64
			result                     *string
			keeping, settings          string
		)
		if err := rows.Scan(&t.ID, &t.Game, &t.Players, &opts, &seed, &t.OwnerHash, &t.AutoStart, &status,
			&created, &started, &fi, &result, &t.RematchOf, &t.Rematch, &keeping, &settings, &t.Private, &t.Invite, &t.Epoch); err != nil {
			return nil, err
		}
		if err := DecodeKeeping(&t, keeping); err != nil {
			return nil, err
		}
		if err := DecodeSettings(&t, settings); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
			return nil, fmt.Errorf("decode options of table %s: %w", t.ID, err)
		}
		if result != nil {
			t.Result = new(game.Result)
			if err := json.Unmarshal([]byte(*result), t.Result); err != nil {
				return nil, fmt.Errorf("decode result of table %s: %w", t.ID, err)
			}
		}
		t.Seed = uint64(seed)
		t.Status = Status(status)
		t.Created, t.Started, t.Finished = FromMillis(created), FromMillis(started), FromMillis(fi)
		ts = append(ts, &t)
	}
	return ts, rows.Err()
}

// keeping is how the tables table's keeping column holds a table's seat
// keeping: its time control, stand-in level, ending and seat events.
type keeping struct {
	TimeControl *TimeControl     `json:"time_control,omitempty"`
	StandInBot  string           `json:"stand_in_bot,omitempty"`
	Ending      string           `json:"ending,omitempty"`
	SeatEvents  []game.SeatEvent `json:"seat_events,omitempty"`
	Rated       bool             `json:"rated,omitempty"`
}

// EncodedTable is a table's columns that a write encodes: its options,
// result (nil when it has none), seat keeping and settings, as JSON.
type EncodedTable struct {
	Options  string
	Result   *string
	Keeping  string
	Settings string
}

// EncodeTable checks t's status (CodeInvalid when it is not one) and
// encodes the columns of t that both stores write as JSON. An error of
// encoding is not game-coded: the adapter reports it as its own fault.
func EncodeTable(t *Table) (EncodedTable, error) {
	if !t.Status.Valid() {
		return EncodedTable{}, game.Errorf(game.CodeInvalid, "table %s: status %q is not open, playing or finished", t.ID, t.Status)
	}
	var e EncodedTable
	for _, c := range []struct {
		what string
		v    any
		to   *string
	}{
		{"options", t.Options, &e.Options},
		{"seat keeping", keeping{TimeControl: t.TimeControl, StandInBot: t.StandInBot, Ending: t.Ending, SeatEvents: t.SeatEvents, Rated: t.Rated}, &e.Keeping},
		{"settings", t.Settings, &e.Settings},
	} {
		b, err := json.Marshal(c.v)
		if err != nil {
			return EncodedTable{}, fmt.Errorf("encode %s of table %s: %w", c.what, t.ID, err)
		}
		*c.to = string(b)
	}
	if t.Result != nil {
		b, err := json.Marshal(t.Result)
		if err != nil {
			return EncodedTable{}, fmt.Errorf("encode result of table %s: %w", t.ID, err)
		}
		r := string(b)
		e.Result = &r
	}
	return e, nil
}

// DecodeKeeping sets t's seat keeping from the keeping column; an empty
// column (a table stored before seat keeping existed) keeps none.
func DecodeKeeping(t *Table, s string) error {
	if s == "" {
		return nil
	}
	var k keeping
	if err := json.Unmarshal([]byte(s), &k); err != nil {
		return fmt.Errorf("decode seat keeping of table %s: %w", t.ID, err)
	}
	t.TimeControl, t.StandInBot, t.Ending, t.SeatEvents, t.Rated = k.TimeControl, k.StandInBot, k.Ending, k.SeatEvents, k.Rated
	return nil
}

// DecodeSettings sets t's settings from the settings column; an empty
// column (a table stored before settings existed) has the defaults.
func DecodeSettings(t *Table, s string) error {
	t.Settings = Settings{}
	if s == "" {
		return nil
	}
	if err := json.Unmarshal([]byte(s), &t.Settings); err != nil {
		return fmt.Errorf("decode settings of table %s: %w", t.ID, err)
	}
	return nil
}

// SeatColumns are the columns of the seats table that [ScanSeats] reads,
// in its order; a query orders its rows by table_id, seat.
const SeatColumns = `table_id, kind, bot, name, token_hash, account, reserved_for, reserved_name`

// ScanSeats decodes rows of SeatColumns, in seat order, and appends each
// seat to its table among ts.
func ScanSeats(rows Rows, ts []*Table) error {
	byID := make(map[string]*Table, len(ts))
	for _, t := range ts {
		byID[t.ID] = t
	}
	for rows.Next() {
		var id, kind string
		var s Seat
		if err := rows.Scan(&id, &kind, &s.Bot, &s.Name, &s.TokenHash, &s.Account, &s.ReservedFor, &s.ReservedName); err != nil {
			return err
		}
		t, ok := byID[id]
		if !ok {
			return fmt.Errorf("a seat of table %s, which was not asked for", id)
		}
		s.Kind = SeatKind(kind)
		if len(s.TokenHash) == 0 {
			s.TokenHash = nil
		}
		t.Seats = append(t.Seats, s)
	}
	return rows.Err()
}

// ScanActions decodes rows of (n, player, move, ms, client_seq) into
// actions; it returns an empty, non-nil slice for no rows.
func ScanActions(rows Rows) ([]Action, error) {
	acts := []Action{}
	for rows.Next() {
		var a Action
		var p int
		if err := rows.Scan(&a.N, &p, &a.Move, &a.Ms, &a.ClientSeq); err != nil {
			return nil, err
		}
		a.Player = game.Player(p)
		acts = append(acts, a)
	}
	return acts, rows.Err()
}

// Millis is t as Unix milliseconds, 0 for the zero time: how both stores
// keep times.
func Millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// FromMillis is the inverse of [Millis].
func FromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// EventColumns are the columns of the events table that [ScanEvents]
// reads, in its order.
const EventColumns = `n, kind, after_n, seat, at_ms, body`

// eventBody is how the events table's body column holds what an event
// carries besides its number, kind, place, seat and time.
type eventBody struct {
	Name   string  `json:"name,omitempty"`
	Text   string  `json:"text,omitempty"`
	Phrase string  `json:"phrase,omitempty"`
	To     int64   `json:"to,omitempty"`
	Seqs   []int64 `json:"seqs,omitempty"`
}

// EncodeEventBody encodes what ev carries for the body column.
func EncodeEventBody(ev TableEvent) (string, error) {
	b, err := json.Marshal(eventBody{Name: ev.Name, Text: ev.Text, Phrase: ev.Phrase, To: ev.To, Seqs: ev.Seqs})
	return string(b), err
}

// ScanEvents decodes rows of EventColumns into events; it returns an
// empty, non-nil slice for no rows.
func ScanEvents(rows Rows) ([]TableEvent, error) {
	evs := []TableEvent{}
	for rows.Next() {
		var ev TableEvent
		var seat int
		var at int64
		var body string
		if err := rows.Scan(&ev.N, &ev.Kind, &ev.After, &seat, &at, &body); err != nil {
			return nil, err
		}
		var b eventBody
		if err := json.Unmarshal([]byte(body), &b); err != nil {
			return nil, fmt.Errorf("decode event %d: %w", ev.N, err)
		}
		ev.Seat, ev.At = game.Player(seat), FromMillis(at)
		ev.Name, ev.Text, ev.Phrase, ev.To, ev.Seqs = b.Name, b.Text, b.Phrase, b.To, b.Seqs
		evs = append(evs, ev)
	}
	return evs, rows.Err()
}
