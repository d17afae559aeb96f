package server_test

import (
	"net/http"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/table"
)

// TestActOverHTTP plays through POST /api/tables/{id}/act: the answer
// names the action as stored, a WebSocket client sees its update, and bad
// requests are refused without changing anything.
func TestActOverHTTP(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	watcher := dial(t, ts.URL, id, "", 0, nil)
	watcher.next("state")

	type actedBody struct {
		N      int64        `json:"n"`
		Player *game.Player `json:"player"`
		Move   string       `json:"move"`
	}
	var got actedBody
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/act", tokens[0], map[string]any{"move": " d ", "seq": 1}, &got); st != http.StatusOK {
		t.Fatalf("act: status %d %+v; want 200", st, eb)
	}
	if got.N != 1 || got.Player == nil || *got.Player != 0 || got.Move != "d" {
		t.Errorf("act answer: got %+v; want n 1, player 0, move d", got)
	}
	if f := watcher.next("update"); f.N != 1 || f.Move != "d" {
		t.Errorf("spectator's update: got %s; want n 1 move d", f.raw)
	}
	tests := []struct {
		name   string
		token  string
		body   any
		status int
		code   game.Code
	}{
		{"resent seq", tokens[0], map[string]any{"move": "c", "seq": 1}, http.StatusConflict, game.CodeConflict},
		{"not your turn", tokens[0], map[string]any{"move": "c", "seq": 2}, http.StatusConflict, game.CodeNotYourTurn},
		{"wrong token", "0123456789abcdef0123456789abcdef", map[string]any{"move": "c", "seq": 1}, http.StatusUnauthorized, game.CodeUnauthorized},
		{"no token", "", map[string]any{"move": "c", "seq": 1}, http.StatusUnauthorized, game.CodeUnauthorized},
		{"bad notation", tokens[1], map[string]any{"move": "z", "seq": 1}, http.StatusBadRequest, game.CodeInvalid},
		{"unknown field", tokens[1], `{"move": "c", "seq": 1, "n": 2}`, http.StatusBadRequest, game.CodeInvalid},
	}
	for _, tc := range tests {
		st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/act", tc.token, tc.body, nil)
		if st != tc.status || eb.Code != tc.code {
			t.Errorf("%s: got %d %+v; want %d %s", tc.name, st, eb, tc.status, tc.code)
		}
	}
	if st, _ := do(t, ts.URL, "POST", "/api/tables/"+id+"/act", tokens[1], map[string]any{"move": "c", "seq": 1}, &got); st != http.StatusOK || got.N != 2 {
		t.Errorf("seat 1 after the refusals: got %d, n %d; want 200 and n 2 (nothing was applied in between)", st, got.N)
	}
}
