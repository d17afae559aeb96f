package server_test

import (
	"encoding/json"
	"testing"

	"minehall/game"
	"minehall/games/minerals"
	"minehall/server"
	"minehall/table"
)

// explained is an explain frame as a client reads it.
type explained struct {
	Type     string    `json:"type"`
	Move     string    `json:"move"`
	OK       bool      `json:"ok"`
	Code     game.Code `json:"code"`
	Reason   string    `json:"reason"`
	Message  string    `json:"message"`
	Fallback bool      `json:"fallback"`
}

func (cl *client) explain(t *testing.T, move, lang string) explained {
	t.Helper()
	f := map[string]any{"type": "explain", "move": move}
	if lang != "" {
		f["lang"] = lang
	}
	cl.send(f)
	var e explained
	if err := json.Unmarshal([]byte(cl.next("explain").raw), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// An explain frame asks whether a move may be played, and plays nothing:
// a legal move is ok; a move against the rules comes with the engine's
// reason (game.Explainer) in the connection's language, German here; a
// move out of turn and a spectator's move get theirs; nothing is applied.
func TestExplainFrame(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	ts.reg.Register(minerals.New())
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "minerals", Players: 2, AutoStart: true})
	ann := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "token": toks[0], "legal": true, "lang": "de"}, 0)
	st := ann.next("state")
	if len(st.Legal) == 0 {
		t.Fatalf("Ann has no legal move: %s", st.raw)
	}
	bo := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "token": toks[1], "lang": "de"}, 1)
	bo.next("state")
	watcher := dial(t, ts.URL, id, "", 2, nil)
	watcher.next("state")

	t.Run("OK", func(t *testing.T) {
		if e := ann.explain(t, st.Legal[0], ""); !e.OK || e.Move != st.Legal[0] || e.Reason != "" {
			t.Errorf("explain %q: %+v; want ok", st.Legal[0], e)
		}
	})
	t.Run("ErrIllegalInGerman", func(t *testing.T) {
		// "Starting with the first player and continuing in clockwise
		// order, each player removes one Mineral of their choosing from
		// the board" (rulebook, Set-up): ending a turn is no set-up move.
		e := ann.explain(t, "end", "")
		want := "Beim Aufbau entfernt jeder Spieler ein Mineral vom Spielplan (remove FELD)."
		if e.OK || e.Code != game.CodeIllegal || e.Reason != want || e.Fallback {
			t.Errorf("explain end: %+v; want illegal, reason %q", e, want)
		}
		if e.Message != "at set-up each player removes one mineral from the board (remove HEX)" {
			t.Errorf("the engine's English message: %q", e.Message)
		}
	})
	t.Run("ErrIllegalInFrameLanguage", func(t *testing.T) {
		e := ann.explain(t, "end", "en")
		if e.Reason != "at set-up each player removes one mineral from the board (remove HEX)" {
			t.Errorf("in English: %+v", e)
		}
	})
	t.Run("ErrNotYourTurn", func(t *testing.T) {
		e := bo.explain(t, st.Legal[0], "")
		if e.OK || e.Code != game.CodeNotYourTurn || e.Reason != "Platz 1 ist am Zug, nicht Platz 2." {
			t.Errorf("Bo out of turn: %+v", e)
		}
	})
	t.Run("ErrInvalid", func(t *testing.T) {
		e := ann.explain(t, "dance", "fr")
		if e.OK || e.Code != game.CodeInvalid || !e.Fallback || e.Reason != "Ce n’est pas un coup dans la notation de ce jeu." || e.Message == "" {
			t.Errorf("explain dance: %+v", e)
		}
	})
	t.Run("ErrSpectator", func(t *testing.T) {
		e := watcher.explain(t, st.Legal[0], "nl")
		if e.OK || e.Code != game.CodeUnauthorized || e.Reason != "Toeschouwers kunnen niet zetten; neem een plaats in." {
			t.Errorf("a spectator: %+v", e)
		}
	})
	// Nothing was played: Ann's move is still hers to make.
	ann.act(st.Legal[0])
	if f := ann.next("ack", "error"); f.Type != "ack" || f.N != 1 {
		t.Fatalf("Ann's move after the explains: %s; want ack n=1", f.raw)
	}
}
