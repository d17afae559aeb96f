package all_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/games/all"
)

// TestRestoreRefusesBadSnapshots feeds Restore malformed, changed and
// foreign snapshots: each is refused with an invalid-input error that says
// what is wrong.
func TestRestoreRefusesBadSnapshots(t *testing.T) {
	reg := all.Registry()
	tf22, _ := reg.Lookup("tf22")
	minerals, _ := reg.Lookup("minerals")
	_, s, err := gametest.RandomGame(tf22, 3, nil, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	good, err := game.Snapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	// edit decodes good, lets f change it, and encodes it again.
	edit := func(f func(doc map[string]any)) []byte {
		var doc map[string]any
		if err := json.Unmarshal(good, &doc); err != nil {
			t.Fatal(err)
		}
		f(doc)
		b, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	state := func(doc map[string]any) map[string]any { return doc["state"].(map[string]any) }
	tests := []struct {
		name string
		g    game.Game
		b    []byte
		want string
	}{
		{"empty", tf22, nil, "the file is empty"},
		{"not JSON", tf22, []byte("hello"), "not valid JSON"},
		{"cut short", tf22, good[:len(good)/2], "not valid JSON"},
		{"trailing data", tf22, append(append([]byte{}, good...), "{}"...), "data after its closing brace"},
		{"a record", tf22, []byte(`{"version":1,"game":"tf22","seed":3}`), `unknown field "seed"`},
		{"another format", tf22, edit(func(d map[string]any) { d["format"] = "chess-fen" }), `format is "chess-fen"`},
		{"another version", tf22, edit(func(d map[string]any) { d["version"] = 9 }), "version 9 is not supported"},
		{"another game", minerals, good, `snapshot is of game "tf22", not "minerals"`},
		{"another game's state", minerals, edit(func(d map[string]any) { d["game"] = "minerals" }), "unknown field"},
		{"no state", tf22, edit(func(d map[string]any) { delete(d, "state") }), "snapshot has no state"},
		{"hash changed", tf22, edit(func(d map[string]any) { d["hash"] = strings.Repeat("0", 64) }), "is corrupt: its state hashes to"},
		{"state changed", tf22, edit(func(d map[string]any) { state(d)["Turns"] = 999.0 }), "is corrupt: its state hashes to"},
		{"unknown state field", tf22, edit(func(d map[string]any) { state(d)["Cheat"] = 1.0 }), `unknown field "Cheat"`},
		{"players out of range", tf22, edit(func(d map[string]any) { state(d)["Players"] = 9.0 }), "9 players; TF22 Mine takes 2 to 4"},
		{"card twice", tf22, edit(func(d map[string]any) {
			cards := state(d)["Cards"].([]any)
			cards[1] = cards[0]
		}), "is missing or lies twice"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := game.Restore(tc.g, tc.b)
			if err == nil {
				t.Fatalf("Restore gave a state (%T); want an error that says %q", got, tc.want)
			}
			if got != nil {
				t.Errorf("Restore gave a state with its error %v", err)
			}
			if code := game.ErrorCode(err); code != game.CodeInvalid {
				t.Errorf("error code %q; want %q (%v)", code, game.CodeInvalid, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q; want it to say %q", err, tc.want)
			}
		})
	}
	if _, err := game.Restore(tf22, good); err != nil {
		t.Errorf("the unchanged snapshot: %v", err)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, good, "", "  "); err != nil {
		t.Fatal(err)
	}
	if _, err := game.Restore(tf22, pretty.Bytes()); err != nil {
		t.Errorf("the snapshot indented: %v", err)
	}
}

// TestSnapshotOfUnsavableState: a state that cannot be saved says so.
func TestSnapshotOfUnsavableState(t *testing.T) {
	s, _, err := game.Start(gametest.ConnectFour(), 2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, err = game.Snapshot(s)
	if code := game.ErrorCode(err); code != game.CodeInvalid || !strings.Contains(err.Error(), "cannot be saved") {
		t.Errorf("Snapshot of a Connect Four state: %v (code %q); want an invalid-input error that says it cannot be saved", err, code)
	}
	if _, err := game.Restore(gametest.ConnectFour(), []byte(`{"format":"minehall-state","version":1,"game":"connectfour","hash":"","state":{}}`)); err == nil || !strings.Contains(err.Error(), "cannot restore snapshots") {
		t.Errorf("Restore for Connect Four: %v; want an error that says it cannot restore snapshots", err)
	}
}

// TestRestoreRefusesChangedSnapshotsOfEveryGame changes each game's
// snapshot in the ways a hand edit or a bad copy would: each change is
// refused with an invalid-input error.
func TestRestoreRefusesChangedSnapshotsOfEveryGame(t *testing.T) {
	reg := all.Registry()
	for _, g := range reg.Games() {
		id := g.Spec().ID
		s, _, err := game.Start(g, 2, nil, 9)
		if err != nil {
			t.Fatal(err)
		}
		good, err := game.Snapshot(s)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal(good, &doc); err != nil {
			t.Fatal(err)
		}
		with := func(key, value string) []byte {
			d := map[string]json.RawMessage{}
			for k, v := range doc {
				d[k] = v
			}
			d[key] = json.RawMessage(value)
			b, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		state := string(doc["state"])
		tests := []struct {
			name, want string
			b          []byte
		}{
			{"empty state", "players", with("state", "{}")},
			{"state not an object", "state does not decode", with("state", "[1,2,3]")},
			{"unknown state field", "unknown field", with("state", state[:len(state)-1]+`,"extra":1}`)},
			{"hash of another state", "is corrupt: its state hashes to", with("hash", `"`+strings.Repeat("ab", 32)+`"`)},
		}
		for _, tc := range tests {
			t.Run(id+"/"+tc.name, func(t *testing.T) {
				got, err := game.Restore(g, tc.b)
				if err == nil || got != nil {
					t.Fatalf("Restore gave %v, %v; want no state and an error that says %q", got, err, tc.want)
				}
				if code := game.ErrorCode(err); code != game.CodeInvalid {
					t.Errorf("error code %q; want %q (%v)", code, game.CodeInvalid, err)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %q; want it to say %q", err, tc.want)
				}
			})
		}
	}
}
