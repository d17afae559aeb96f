package game

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// SnapshotFormat names the document [Snapshot] writes, and SnapshotVersion
// its version; [Restore] refuses any other.
const (
	SnapshotFormat  = "minehall-state"
	SnapshotVersion = 1
)

// Saver is implemented by states that [Snapshot] can save. Save returns the
// game's id and the whole state as JSON: everything [State.Snapshot]
// encodes (hidden parts and the random generator included) and, besides,
// what Snapshot leaves out because it follows from the moves but views show
// (the last hit's frames, the results of finished rounds, tallies), so that
// the game's [Restorer] rebuilds a state with the same View for every seat.
// Save is a pure read, like View.
type Saver interface {
	Save() (game string, state []byte, err error)
}

// Restorer is implemented by games whose states [Restore] can rebuild.
// RestoreState decodes what the state's Save wrote, refusing unknown fields
// and values out of range with an error of code [CodeInvalid]; it does not
// compare hashes (Restore does).
type Restorer interface {
	RestoreState(state []byte) (State, error)
}

// snapshotDoc is the document [Snapshot] writes.
type snapshotDoc struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Game    string          `json:"game"`
	Hash    string          `json:"hash"` // [Hash] of the state
	State   json.RawMessage `json:"state"`
}

// Snapshot saves s, hidden information and the random generator included,
// as a JSON document that [Restore] turns back into an equal state: the same
// View for every seat, the same actors and legal actions, the same [Hash],
// and the same future under the same actions, chance included. The document
// holds the game's id, the state's hash and the game's own encoding of the
// state (see [Saver]); it is for saving positions (analysis, environments,
// tests), never for sending to a player, since it holds what players may
// not see. A state whose type does not implement Saver (a test game) gives
// an error of code [CodeInvalid].
func Snapshot(s State) ([]byte, error) {
	sv, ok := s.(Saver)
	if !ok {
		return nil, Errorf(CodeInvalid, "a %T cannot be saved: it does not implement game.Saver", s)
	}
	id, state, err := sv.Save()
	if err != nil {
		return nil, err
	}
	h, err := Hash(s)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(snapshotDoc{Format: SnapshotFormat, Version: SnapshotVersion, Game: id, Hash: h, State: state})
	if err != nil {
		return nil, Errorf(CodeInternal, "snapshot does not encode: %v", err)
	}
	return b, nil
}

// Restore rebuilds the state that [Snapshot] saved, for game g. It refuses,
// with an error of code [CodeInvalid] that says what is wrong and without
// returning a state: a document that is not JSON or not a snapshot, another
// version, a snapshot of another game, a state the game cannot decode, and
// a state that does not hash to the hash the snapshot holds (a snapshot
// changed after it was written), that does not save back to the same
// document, or, before the game's end, that breaks the game's invariants
// ([Checker]).
func Restore(g Game, b []byte) (s State, err error) {
	id := g.Spec().ID
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var doc snapshotDoc
	if err := dec.Decode(&doc); err != nil {
		return nil, Errorf(CodeInvalid, "snapshot is not valid JSON: %s", describeJSONError(err))
	}
	if dec.More() {
		return nil, Errorf(CodeInvalid, "snapshot has data after its closing brace")
	}
	switch {
	case doc.Format != SnapshotFormat:
		return nil, Errorf(CodeInvalid, "not a state snapshot: format is %q; want %q", doc.Format, SnapshotFormat)
	case doc.Version != SnapshotVersion:
		return nil, Errorf(CodeInvalid, "snapshot version %d is not supported (this program reads version %d)", doc.Version, SnapshotVersion)
	case doc.Game != id:
		return nil, Errorf(CodeInvalid, "snapshot is of game %q, not %q", doc.Game, id)
	case len(doc.State) == 0 || string(doc.State) == "null":
		return nil, Errorf(CodeInvalid, "snapshot has no state")
	}
	r, ok := g.(Restorer)
	if !ok {
		return nil, Errorf(CodeInvalid, "game %q cannot restore snapshots", id)
	}
	// A state decoded from a changed document may hold values the game's
	// decoder did not foresee; a panic while checking it is a corrupt
	// snapshot, not a fault of the caller.
	defer func() {
		if v := recover(); v != nil {
			s, err = nil, Errorf(CodeInvalid, "snapshot of %s is corrupt: %v", id, v)
		}
	}()
	s, err = r.RestoreState(doc.State)
	if err != nil {
		return nil, Errorf(CodeInvalid, "snapshot of %s: %v", id, err)
	}
	h, err := Hash(s)
	if err != nil {
		return nil, err
	}
	if h != doc.Hash {
		return nil, Errorf(CodeInvalid, "snapshot of %s is corrupt: its state hashes to %s, the snapshot says %s", id, h, doc.Hash)
	}
	if c, ok := s.(Checker); ok && !s.Terminal() {
		if err := c.CheckInvariants(); err != nil {
			return nil, Errorf(CodeInvalid, "snapshot of %s is corrupt: %v", id, err)
		}
	}
	_, again, err := s.(Saver).Save()
	if err != nil {
		return nil, err
	}
	if !sameJSON(again, doc.State) {
		return nil, Errorf(CodeInvalid, "snapshot of %s is corrupt: its state does not save back to the same document", id)
	}
	return s, nil
}

// sameJSON reports whether a and b encode the same value, whatever the
// order of their objects' keys and their spacing; numbers compare as
// written, so large integers keep every digit.
func sameJSON(a, b []byte) bool {
	decode := func(b []byte) (any, error) {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		var v any
		err := dec.Decode(&v)
		return v, err
	}
	va, err := decode(a)
	if err != nil {
		return false
	}
	vb, err := decode(b)
	return err == nil && reflect.DeepEqual(va, vb)
}
