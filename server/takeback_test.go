package server_test

import (
	"net/http"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/table"
)

// A take-back across turns over the WebSocket: Ann asks, Bo is asked in a
// takeback frame and agrees, everyone hears it was done and gets the whole
// state; asked again and refused, Ann hears who said no. A refusal of the
// rules comes as an error frame with its reason. The table is private:
// only there may play be untimed, and only untimed turns can be taken back.
func TestTakeBackFrames(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, invite, toks := openTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, Private: true})
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	bo := dial(t, ts.URL, id, toks[1], 1, nil)
	bo.next("state")
	watcher := dial(t, ts.URL, id+invite, "", 2, nil)
	watcher.next("state")

	ann.send(map[string]any{"type": "takeback"})
	if f := ann.next("error"); f.Frame != "takeback" || f.Code != game.CodeIllegal || f.Reason != table.ReasonNothing {
		t.Errorf("a take-back before any move: %s; want illegal, reason nothing", f.raw)
	}
	ann.act("d")
	ann.next("ack")
	bo.act("c")
	bo.next("ack")
	ann.send(map[string]any{"type": "takeback"})
	f := bo.next("takeback")
	if tb := f.TakeBack; tb == nil || tb.Status != table.TakeBackAsked || tb.Seat != 0 || tb.To != 0 || len(tb.Waiting) != 1 || tb.Waiting[0] != 1 {
		t.Fatalf("Bo is asked: %s", f.raw)
	}
	watcher.send(map[string]any{"type": "takeback", "answer": "agree"})
	if f := watcher.next("error"); f.Frame != "takeback" || f.Code != game.CodeUnauthorized {
		t.Errorf("a spectator answers: %s; want unauthorized", f.raw)
	}
	bo.send(map[string]any{"type": "takeback", "answer": "agree"})
	for _, cl := range []*client{ann, bo, watcher} {
		var agreed, done bool
		for !done {
			f := cl.next("takeback")
			agreed = agreed || f.TakeBack.Status == table.TakeBackAsked && len(f.TakeBack.Agreed) == 1
			done = f.TakeBack.Status == table.TakeBackDone
		}
		if !agreed {
			t.Errorf("client %d was not told that Bo agreed before it was done", cl.idx)
		}
		if st := cl.next("state"); st.N != 0 || len(st.Actors) != 1 || st.Actors[0] != 0 {
			t.Errorf("client %d's state after the take-back: n=%d actors %v; want n=0, Ann to move", cl.idx, st.N, st.Actors)
		}
	}
	// Ann moves again with her next seq; asked again, Bo says no.
	ann.act("e")
	if f := ann.next("ack", "error"); f.Type != "ack" || f.N != 1 {
		t.Fatalf("Ann's move after the take-back: %s; want ack n=1", f.raw)
	}
	var tb struct {
		TakeBack table.TakeBackInfo `json:"takeback"`
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/takeback", toks[0], nil, &tb); st != http.StatusOK || tb.TakeBack.Status != table.TakeBackAsked {
		t.Fatalf("Ann asks over HTTP: %d %+v %+v", st, eb, tb)
	}
	bo.send(map[string]any{"type": "takeback", "answer": "refuse"})
	for {
		f := ann.next("takeback")
		if f.TakeBack.Status == table.TakeBackRefused {
			if f.TakeBack.By == nil || *f.TakeBack.By != 1 {
				t.Errorf("Ann hears: %s; want refused by seat 1", f.raw)
			}
			break
		}
	}
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+id+invite, "", nil, &info)
	if info.Status != store.StatusPlaying {
		t.Fatalf("table: %+v", info)
	}
	// Over HTTP, the refusal carries its reason too.
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/takeback", toks[0], map[string]any{"to": 5}, nil); st != http.StatusUnprocessableEntity || eb.Reason != table.ReasonNothing {
		t.Errorf("take back to 5 of 1 actions: %d %+v; want 422, reason nothing", st, eb)
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/takeback", "", map[string]any{}, nil); st != http.StatusUnauthorized {
		t.Errorf("take-back without a token: %d %+v; want 401", st, eb)
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/takeback", toks[0], map[string]any{"answer": "maybe"}, nil); st != http.StatusBadRequest {
		t.Errorf("answer maybe: %d %+v; want 400", st, eb)
	}
}

// At a timed table the turn passes for good: a take-back after it is
// refused, saying so.
func TestTakeBackTimedTable(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: 60, BankS: 60}})
	ann := dial(t, ts.URL, id, toks[0], 0, nil)
	ann.next("state")
	ann.act("d")
	ann.next("ack")
	ann.send(map[string]any{"type": "takeback"})
	if f := ann.next("error"); f.Frame != "takeback" || f.Reason != table.ReasonTurnPassed {
		t.Errorf("a take-back after the turn passed at a timed table: %s; want reason turn_passed", f.raw)
	}
}
