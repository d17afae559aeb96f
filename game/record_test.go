package game_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

func registry() *game.Registry {
	var r game.Registry
	r.Register(gametest.ConnectFour())
	r.Register(gametest.HighCard())
	r.Register(gametest.Goofspiel())
	return &r
}

func recordJSON(t *testing.T, id string, players int) []byte {
	t.Helper()
	g, err := registry().Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	rec, _, err := gametest.RandomGame(g, players, nil, 99, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRecordRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		id      string
		players int
	}{{"connectfour", 2}, {"highcard", 2}, {"goofspiel", 4}} {
		b := recordJSON(t, tc.id, tc.players)
		rec, err := game.ReadRecord(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		s, err := game.Verify(registry(), rec)
		if err != nil {
			t.Fatalf("%s: %v", tc.id, err)
		}
		if !s.Terminal() || rec.Result == nil {
			t.Fatalf("%s: replayed game not over", tc.id)
		}
	}
}

// tamper decodes a record into a generic map, lets f change it, and encodes
// it again.
func tamper(t *testing.T, b []byte, f func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRecordRefusesTampering(t *testing.T) {
	good := recordJSON(t, "connectfour", 2)
	action := func(m map[string]any, i int) map[string]any { return m["actions"].([]any)[i].(map[string]any) }
	tests := []struct {
		name string
		data []byte
		code game.Code
		want string
	}{
		{"ErrEmpty", nil, game.CodeInvalid, "empty"},
		{"ErrSyntax", []byte(`{"version":1,`), game.CodeInvalid, "not valid JSON"},
		{"ErrTrailing", append(append([]byte{}, good...), []byte(` {}`)...), game.CodeInvalid, "after its closing brace"},
		{"ErrUnknownField", tamper(t, good, func(m map[string]any) { m["colour"] = "red" }), game.CodeInvalid, "colour"},
		{"ErrWrongType", tamper(t, good, func(m map[string]any) { m["players"] = "two" }), game.CodeInvalid, `field "players"`},
		{"ErrVersion", tamper(t, good, func(m map[string]any) { m["version"] = 7 }), game.CodeInvalid, "version 7"},
		{"ErrUnknownGame", tamper(t, good, func(m map[string]any) { m["game"] = "chess" }), game.CodeNotFound, `unknown game "chess"`},
		{"ErrPlayers", tamper(t, good, func(m map[string]any) { m["players"] = 5 }), game.CodeInvalid, "not 5"},
		{"ErrOption", tamper(t, good, func(m map[string]any) { m["options"] = map[string]any{"speed": "fast"} }), game.CodeInvalid, "option speed"},
		{"ErrNotation", tamper(t, good, func(m map[string]any) { action(m, 3)["move"] = "z" }), game.CodeInvalid, "action 3"},
		{"ErrWrongPlayer", tamper(t, good, func(m map[string]any) { action(m, 4)["player"] = 1 }), game.CodeNotYourTurn, "action 4"},
		{"ErrTimeBackwards", tamper(t, good, func(m map[string]any) { action(m, 2)["ms"] = -5 }), game.CodeInvalid, "action 2"},
		{"ErrHash", tamper(t, good, func(m map[string]any) { m["hash"] = strings.Repeat("0", 64) }), game.CodeInvalid, "hash"},
		{"ErrTruncated", tamper(t, good, func(m map[string]any) {
			acts := m["actions"].([]any)
			m["actions"] = acts[:len(acts)-1]
		}), game.CodeInvalid, ""},
		{"ErrResult", tamper(t, good, func(m map[string]any) {
			m["result"].(map[string]any)["scores"] = []any{7, 7}
		}), game.CodeInvalid, "result"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := game.ReadRecord(bytes.NewReader(tt.data))
			if err == nil {
				_, err = game.Verify(registry(), rec)
			}
			if err == nil {
				t.Fatal("tampered record accepted")
			}
			if game.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %q (code %s); want code %s and %q", err, game.ErrorCode(err), tt.code, tt.want)
			}
		})
	}
}

func TestPlayRefusesWithReason(t *testing.T) {
	g := gametest.ConnectFour()
	s, _, err := game.Start(g, 2, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 6; i++ {
		if err := game.Play(s, game.Player(i%2), 0); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := game.Hash(s)
	tests := []struct {
		name string
		p    game.Player
		a    game.Action
		code game.Code
		want string
	}{
		{"ErrNotYourTurn", 1, 1, game.CodeNotYourTurn, "player 0's turn"},
		{"ErrColumnFull", 0, 0, game.CodeIllegal, "column a is full"},
		{"ErrOutOfRange", 0, 9, game.CodeInvalid, "outside 0 to 6"},
		{"ErrChance", game.Chance, 1, game.CodeNotYourTurn, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := game.Play(s, tt.p, tt.a)
			if game.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v (code %s); want code %s with %q", err, game.ErrorCode(err), tt.code, tt.want)
			}
			if after, _ := game.Hash(s); after != before {
				t.Fatal("a refused action changed the state")
			}
		})
	}
	if a, err := game.PlayNotation(s, 0, "b"); err != nil || a != 1 {
		t.Fatalf("PlayNotation(b) = %d, %v", a, err)
	}
}
