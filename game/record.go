package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// RecordVersion is the format version written into every record.
const RecordVersion = 1

// Record is a whole game as a JSON file: enough to replay it exactly and to
// prove the replay reached the same final state.
type Record struct {
	Version int           `json:"version"`
	Game    string        `json:"game"`
	Options Options       `json:"options"`
	Players int           `json:"players"`
	Names   []string      `json:"names,omitempty"` // seat names, for people
	Seed    uint64        `json:"seed"`
	Actions []RecordedAct `json:"actions"`
	Result  *Result       `json:"result,omitempty"` // nil while the game is unfinished
	Hash    string        `json:"hash"`             // Hash of the state after the last action
	// Ending says how a game that did not reach its end stopped:
	// "abandoned", "aborted" or "expired"; empty for a game played out or
	// still running.
	Ending string `json:"ending,omitempty"`
	// SeatEvents lists when a stand-in took a person's seat over and when
	// the person came back, in order. Replay ignores them: a stand-in's
	// actions are ordinary actions of its seat.
	SeatEvents []SeatEvent `json:"seat_events,omitempty"`
	// Chat lists what was said at the table, in order. Replay ignores it.
	Chat []ChatLine `json:"chat,omitempty"`
}

// ChatLine is one chat message of a record: said by Seat (-3 for a
// spectator) under Name, as Text or as the key of a quick Phrase, when N
// actions had been applied (a message said among actions later taken
// back is placed where the game went back to), Ms milliseconds after the
// game started (negative before the start).
type ChatLine struct {
	N      int64  `json:"n"`
	Ms     int64  `json:"ms"`
	Seat   Player `json:"seat"`
	Name   string `json:"name,omitempty"`
	Text   string `json:"text,omitempty"`
	Phrase string `json:"phrase,omitempty"`
}

// SeatEvent is a change of who plays a person's seat: a stand-in bot took
// it over (Event "stand_in", with the Reason "left", "timeout", "offline"
// or, in older records, "idle"),
// or the person came back (Event "returned").
type SeatEvent struct {
	Seat   Player `json:"seat"`
	Event  string `json:"event"`
	Reason string `json:"reason,omitempty"`
	// N is the number of actions applied when it happened, Ms its time in
	// milliseconds since the game started.
	N  int64 `json:"n"`
	Ms int64 `json:"ms"`
}

// The events of a [SeatEvent].
const (
	SeatStandIn  = "stand_in"
	SeatReturned = "returned"
)

// RecordedAct is one applied action.
type RecordedAct struct {
	Player Player `json:"player"`
	Move   string `json:"move"` // the game's notation
	Ms     int64  `json:"ms"`   // milliseconds since the game started
	// StandIn marks an action a stand-in bot played for the seat's absent
	// person.
	StandIn bool `json:"stand_in,omitempty"`
}

// Result is how a finished game ended.
type Result struct {
	Scores  []float64 `json:"scores"`
	Returns []float64 `json:"returns"`
	Winners []Player  `json:"winners"`
}

// ResultOf returns the result of a terminal state: scores, returns, and the
// players with the highest return.
func ResultOf(s State) *Result {
	r := &Result{Scores: s.Scores(nil), Returns: s.Returns(nil)}
	best := -1.0
	for _, v := range r.Returns {
		best = max(best, v)
	}
	for p, v := range r.Returns {
		if v == best && v > 0 {
			r.Winners = append(r.Winners, Player(p))
		}
	}
	return r
}

// Recorder plays a game and keeps its record. Use it wherever a game is
// played for real: tables, simulations, tests.
type Recorder struct {
	Rec   Record
	State State
}

// NewRecorder starts game g for a record.
func NewRecorder(g Game, players int, raw Options, seed uint64) (*Recorder, error) {
	s, opts, err := Start(g, players, raw, seed)
	if err != nil {
		return nil, err
	}
	r := &Recorder{
		Rec:   Record{Version: RecordVersion, Game: g.Spec().ID, Options: opts, Players: players, Seed: seed, Actions: []RecordedAct{}},
		State: s,
	}
	return r, nil
}

// Play plays a for p at ms milliseconds since the start, checked, and
// appends it to the record.
func (r *Recorder) Play(p Player, a Action, ms int64) error {
	move := r.State.ActionString(p, a)
	if err := Play(r.State, p, a); err != nil {
		return err
	}
	r.Rec.Actions = append(r.Rec.Actions, RecordedAct{Player: p, Move: move, Ms: ms})
	return nil
}

// Finish fills in the hash and, if the game is over, the result, and
// returns the record.
func (r *Recorder) Finish() (*Record, error) {
	h, err := Hash(r.State)
	if err != nil {
		return nil, err
	}
	r.Rec.Hash = h
	r.Rec.Result = nil
	if r.State.Terminal() {
		r.Rec.Result = ResultOf(r.State)
	}
	rec := r.Rec
	rec.Actions = append([]RecordedAct(nil), r.Rec.Actions...)
	return &rec, nil
}

// ReadRecord decodes a record, refusing unknown fields, trailing data and a
// version it does not know, with errors that say where the problem is.
func ReadRecord(rd io.Reader) (*Record, error) {
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return nil, Errorf(CodeInvalid, "record is not valid JSON: %s", describeJSONError(err))
	}
	if dec.More() {
		return nil, Errorf(CodeInvalid, "record has data after its closing brace")
	}
	if rec.Version != RecordVersion {
		return nil, Errorf(CodeInvalid, "record version %d is not supported (this program reads version %d)", rec.Version, RecordVersion)
	}
	if rec.Game == "" {
		return nil, Errorf(CodeInvalid, "record has no game id")
	}
	return &rec, nil
}

// ReadRecordFile reads a record from a file, naming the file in errors.
func ReadRecordFile(path string) (*Record, error) {
	f, err := os.Open(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, Errorf(CodeNotFound, "there is no record file %s (no such file)", path)
	case err != nil:
		return nil, Errorf(CodeInvalid, "%v", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, Errorf(CodeInvalid, "%s is a folder, not a record file", path)
	}
	rec, err := ReadRecord(f)
	if err != nil {
		return nil, Errorf(ErrorCode(err), "%s: %v", path, err)
	}
	return rec, nil
}

func describeJSONError(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%v at byte %d", se, se.Offset)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q holds a %s where a %s belongs (byte %d)", te.Field, te.Value, te.Type, te.Offset)
	case errors.Is(err, io.EOF):
		return "the file is empty"
	}
	return err.Error()
}

// Replay rebuilds the game of rec with the games of reg, applying each
// recorded action through the checked path. It starts the game with
// [StartStored]: a rules version the record's options lack is the one it
// was played under. An error names the action (by
// index, player and notation) that failed and why. It does not compare the
// hash; see [Verify].
func Replay(reg *Registry, rec *Record) (State, error) {
	g, err := reg.Lookup(rec.Game)
	if err != nil {
		return nil, err
	}
	s, _, err := StartStored(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	var last int64
	for i, act := range rec.Actions {
		if act.Ms < last {
			return nil, Errorf(CodeInvalid, "action %d (%q by player %s): time %d ms is before the previous action's %d ms", i, act.Move, act.Player, act.Ms, last)
		}
		last = act.Ms
		a, err := s.ParseAction(act.Player, act.Move)
		if err != nil {
			return nil, Errorf(CodeInvalid, "action %d (%q by player %s): %v", i, act.Move, act.Player, err)
		}
		if err := Play(s, act.Player, a); err != nil {
			return nil, Errorf(ErrorCode(err), "action %d (%q by player %s): %v", i, act.Move, act.Player, err)
		}
	}
	return s, nil
}

// Verify replays rec and checks the final hash and the result. It returns
// the final state.
func Verify(reg *Registry, rec *Record) (State, error) {
	s, err := Replay(reg, rec)
	if err != nil {
		return nil, err
	}
	h, err := Hash(s)
	if err != nil {
		return nil, err
	}
	if h != rec.Hash {
		return nil, Errorf(CodeInvalid, "final state hash is %s after %d actions; the record says %s", h, len(rec.Actions), rec.Hash)
	}
	if s.Terminal() != (rec.Result != nil) {
		if s.Terminal() {
			return nil, Errorf(CodeInvalid, "the game is over after %d actions but the record has no result", len(rec.Actions))
		}
		return nil, Errorf(CodeInvalid, "the record has a result but the game is not over after %d actions", len(rec.Actions))
	}
	if rec.Result != nil {
		want := ResultOf(s)
		gb, _ := json.Marshal(want)
		rb, _ := json.Marshal(rec.Result)
		if string(gb) != string(rb) {
			return nil, Errorf(CodeInvalid, "the record's result %s differs from the replayed result %s", rb, gb)
		}
	}
	return s, nil
}
