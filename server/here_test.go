package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/games/minerals"
	"minehall/games/outofmine"
	"minehall/server"
	"minehall/table"
)

// createdHere is the answer to creating a table with seats here.
type createdHere struct {
	Table      table.Info        `json:"table"`
	OwnerToken string            `json:"owner_token"`
	Here       []table.SeatToken `json:"here"`
}

// A family plays Minerals on one tablet: the table is created with its
// three seats here, the answer holds a token for each, and the game is
// played to its end through POST …/act with the three tokens. As a
// pass-and-play client does, the device connects with a seat's token
// only when that seat is to play (after the hand-over), reads its legal
// moves, and lets go of it before the next seat's turn; a spectator's
// connection, which shows nothing hidden, follows whose turn it is.
func TestPassAndPlayMinerals(t *testing.T) {
	// A whole game at a machine's pace is far beyond a person's: no
	// per-address limits here.
	ts := newTestServer(t, server.Config{Limits: &server.Limits{}})
	ts.reg.Register(minerals.New())
	seats := []map[string]any{
		{"kind": "person", "name": "Ann", "here": true},
		{"kind": "person", "name": "Bo", "here": true},
		{"kind": "person", "name": "Cy", "here": true},
	}
	var c createdHere
	if st, eb := do(t, ts.URL, "POST", "/api/tables", "", map[string]any{"game": "minerals", "players": 3, "seats": seats, "autostart": true, "time_control": patient}, &c); st != http.StatusCreated {
		t.Fatalf("create: %d %+v", st, eb)
	}
	if len(c.Here) != 3 || c.Here[2].Name != "Cy" || c.Table.Status != "playing" {
		t.Fatalf("created: %+v; want three seats here and the game started", c)
	}
	id := c.Table.ID
	tokens := map[game.Player]string{}
	for _, s := range c.Here {
		tokens[s.Seat] = s.Token
	}
	watcher := dial(t, ts.URL, id, "", 9, nil)
	st := watcher.next("state")
	actors, n, status := st.Actors, st.N, st.Status
	seq := map[game.Player]int64{}
	rng := game.NewRand(17)
	deadline := time.Now().Add(120 * time.Second)
	for status != "finished" {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not finish within 120 s (n=%d)", n)
		}
		if len(actors) != 1 || !actors[0].Seated() {
			// Chance draws come from the table itself.
			f := watcher.next("update", "table")
			actors, n, status = f.Actors, f.N, f.Status
			continue
		}
		p := actors[0]
		// The hand-over: only now does the device connect as p.
		cl := dial(t, ts.URL, id, tokens[p], int(p), nil)
		own := cl.next("state")
		if own.N != n || len(own.Legal) == 0 {
			t.Fatalf("seat %d's state at n=%d: n=%d, %d legal moves", p, n, own.N, len(own.Legal))
		}
		move := own.Legal[rng.IntN(len(own.Legal))]
		cl.c.CloseNow()
		seq[p]++
		var got struct {
			N int64 `json:"n"`
		}
		if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/act", tokens[p], map[string]any{"move": move, "seq": seq[p]}, &got); st != http.StatusOK {
			t.Fatalf("seat %d plays %q: %d %+v", p, move, st, eb)
		}
		for n < got.N {
			f := watcher.next("update")
			actors, n, status = f.Actors, f.N, f.Status
		}
	}
	var rec game.Record
	if st, eb := do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec); st != http.StatusOK {
		t.Fatalf("record: %d %+v", st, eb)
	}
	if _, err := game.Verify(ts.reg, &rec); err != nil {
		t.Errorf("the record does not verify: %v", err)
	}
	if len(rec.Names) != 3 || rec.Names[1] != "Bo" {
		t.Errorf("record names: %v; want Ann, Bo, Cy", rec.Names)
	}
}

// Out of Mine is a race in real time: one person a device. A table with
// two seats here is refused, saying why; one seat here is fine. Several
// seats on one device may also be taken by joining several times, each
// join returning its own token.
func TestSeatsHereOverHTTP(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	ts.reg.Register(outofmine.New())
	two := []map[string]any{{"kind": "person", "name": "Ann", "here": true}, {"kind": "person", "name": "Bo", "here": true}}
	st, eb := do(t, ts.URL, "POST", "/api/tables", "", map[string]any{"game": "outofmine", "players": 2, "seats": two}, nil)
	if st != http.StatusBadRequest || eb.Code != game.CodeInvalid || !strings.Contains(eb.Message, "real time") {
		t.Errorf("Out of Mine with two seats here: %d %+v; want 400 saying it is played in real time", st, eb)
	}
	one := []map[string]any{{"kind": "person", "name": "Ann", "here": true}, {"kind": "person"}}
	var c createdHere
	if st, eb := do(t, ts.URL, "POST", "/api/tables", "", map[string]any{"game": "outofmine", "players": 2, "seats": one}, &c); st != http.StatusCreated || len(c.Here) != 1 {
		t.Errorf("Out of Mine with one seat here: %d %+v %+v", st, eb, c.Here)
	}
	// Joining twice from one device: two tokens, two seats.
	id, _, toks := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	if toks[0] == toks[1] || toks[0] == "" {
		t.Fatalf("tokens of two joins: %v", toks)
	}
	for i, tok := range toks {
		cl := dial(t, ts.URL, id, tok, i, nil)
		if f := cl.next("state"); f.You == nil || *f.You != game.Player(i) {
			t.Errorf("join %d's token: %s; want seat %d", i, f.raw, i)
		}
	}
}
