package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"minehall/game"
	"minehall/games/tf22"
	"minehall/server"
	"minehall/store"
	"minehall/table"
)

// scriptedAnalyst values every legal move of the mover by its place in the
// legal order (the first best), and remembers what it was asked; with
// hold set it waits for hold to close before answering.
type scriptedAnalyst struct {
	hold    chan struct{}
	entered chan struct{} // gets a value when an evaluation starts

	mu     sync.Mutex
	movers []game.Player
}

func (a *scriptedAnalyst) Evaluate(ctx context.Context, g game.Game, s game.State, mover game.Player, seed uint64) (*server.Evaluation, error) {
	a.mu.Lock()
	a.movers = append(a.movers, mover)
	a.mu.Unlock()
	if a.entered != nil {
		a.entered <- struct{}{}
	}
	if a.hold != nil {
		select {
		case <-a.hold:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	legal := s.Legal(mover, nil)
	ev := &server.Evaluation{Scale: "win", Mover: mover}
	for i, m := range legal {
		mv := s.ActionString(mover, m)
		ev.Moves = append(ev.Moves, server.EvaluatedMove{Move: mv, Value: 1 - float64(i)/float64(len(legal)) + float64(seed%7)/1e6,
			Reason: map[string]string{"en": "because " + mv, "de": "weil " + mv, "fr": "car " + mv, "nl": "omdat " + mv}})
	}
	return ev, nil
}

// analysis is the answer of POST /api/tables/{id}/analysis as these tests
// read it.
type analysis struct {
	Ply        int             `json:"ply"`
	Moves      []string        `json:"moves"`
	Seat       int             `json:"seat"`
	View       json.RawMessage `json:"view"`
	Actors     []int           `json:"actors"`
	Legal      []string        `json:"legal"`
	ToMove     int             `json:"to_move"`
	Terminal   bool            `json:"terminal"`
	OnRecord   bool            `json:"on_record"`
	Recorded   string          `json:"recorded"`
	Hidden     bool            `json:"hidden"`
	Evaluation *struct {
		Scale string `json:"scale"`
		Mover int    `json:"mover"`
		Moves []struct {
			Move   string            `json:"move"`
			Value  float64           `json:"value"`
			Reason map[string]string `json:"reason"`
		} `json:"moves"`
	} `json:"evaluation"`
}

// finishedGoofspiel starts a server with the analyst and plays a
// Goofspiel of two bots (a game of secret bids) to its end, public or
// private; it returns the server, the table and the query of its link.
func finishedGoofspiel(t *testing.T, cfg server.Config, private bool) (*testServer, string, string) {
	t.Helper()
	ts := newTestServer(t, cfg)
	id, invite := botGame(t, ts.URL, private)
	waitFinished(t, ts.db, id)
	return ts, id, invite
}

func analyse(t *testing.T, base, id, query string, body map[string]any) (int, errorBody, analysis, []byte) {
	t.Helper()
	var raw json.RawMessage
	st, eb := do(t, base, "POST", "/api/tables/"+id+"/analysis"+query, "", body, &raw)
	var a analysis
	if st == http.StatusOK {
		if err := json.Unmarshal(raw, &a); err != nil {
			t.Fatalf("the analysis %s does not decode: %v", raw, err)
		}
	}
	return st, eb, a, raw
}

// "From any position of a record, make moves for any seat and see the
// engine's evaluation of each legal move, ranked, with reasons": at the
// record's start (the prize turned up as the record did) the second
// bidder of Goofspiel is to move after the first one's bid; its legal
// bids are listed and ranked with reasons, and the position follows the
// record while the board plays the recorded moves.
func TestAnalysisAnswersThePosition(t *testing.T) {
	an := &scriptedAnalyst{}
	ts, id, _ := finishedGoofspiel(t, server.Config{Analyst: an}, false)
	var rec game.Record
	do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec)
	p1, p2 := int(rec.Actions[1].Player), int(rec.Actions[2].Player)
	if rec.Actions[0].Player != game.Chance || p1 < 0 || p2 != 1-p1 {
		t.Fatalf("the record starts %+v; want the prize turned up, then both seats' bids", rec.Actions[:3])
	}
	st, eb, a, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": 0, "moves": []string{rec.Actions[1].Move}, "seat": p2})
	if st != http.StatusOK {
		t.Fatalf("POST analysis: %d %+v; want 200", st, eb)
	}
	if a.ToMove != p2 || a.Terminal || a.Hidden || len(a.Legal) != 5 || !a.OnRecord || a.Recorded != rec.Actions[2].Move {
		t.Errorf("got to_move %d, terminal %v, hidden %v, legal %v, on_record %v, recorded %q; want seat %d to move its 5 bids, on the record, next %q",
			a.ToMove, a.Terminal, a.Hidden, a.Legal, a.OnRecord, a.Recorded, p2, rec.Actions[2].Move)
	}
	var view struct {
		Prize int `json:"prize"`
	}
	json.Unmarshal(a.View, &view)
	if want := strings.TrimPrefix(rec.Actions[0].Move, "prize "); want != strconv.Itoa(view.Prize) {
		t.Errorf("the prize on the board: %d; want the record's %s", view.Prize, rec.Actions[0].Move)
	}
	ev := a.Evaluation
	if ev == nil || ev.Mover != p2 || ev.Scale != "win" || len(ev.Moves) != 5 {
		t.Fatalf("evaluation %+v; want seat %d's 5 bids on the win scale", ev, p2)
	}
	for i, m := range ev.Moves {
		if i > 0 && m.Value > ev.Moves[i-1].Value {
			t.Errorf("move %d %q is worth %v, more than the one before it: not best first", i, m.Move, m.Value)
		}
		if m.Reason["en"] != "because "+m.Move || m.Reason["nl"] == "" {
			t.Errorf("move %q: reason %v; want one in each language", m.Move, m.Reason)
		}
	}
	// A move off the record: the chance that follows comes from the seeded
	// generator, and the board says it left the record.
	other := "bid 1"
	if rec.Actions[2].Move == other {
		other = "bid 2"
	}
	st, eb, a, _ = analyse(t, ts.URL, id, "", map[string]any{"ply": 0, "moves": []string{rec.Actions[1].Move, other}, "seat": 0})
	if st != http.StatusOK || a.OnRecord || a.Recorded != "" || a.ToMove != 0 || len(a.Legal) != 4 {
		t.Errorf("off the record: %d %+v, on_record %v, recorded %q, to_move %d, legal %v; want 200 off the record, seat 0 to bid one of 4 cards",
			st, eb, a.OnRecord, a.Recorded, a.ToMove, a.Legal)
	}
	// At the record's end the game is over: no one to move, nothing to
	// evaluate.
	st, _, a, _ = analyse(t, ts.URL, id, "", map[string]any{"ply": len(rec.Actions), "seat": 0})
	if st != http.StatusOK || !a.Terminal || a.ToMove != -1 || len(a.Legal) != 0 || a.Evaluation != nil {
		t.Errorf("at the end: %d terminal %v to_move %d legal %v evaluation %v; want the game over, nothing to evaluate", st, a.Terminal, a.ToMove, a.Legal, a.Evaluation)
	}
}

// Bad requests are refused with what is wrong, and change nothing: a move
// the game refuses names its index and the game's message; a ply beyond
// the record, a seat of no one, an unfinished table (409) and a table that
// does not exist.
func TestAnalysisRefusals(t *testing.T) {
	ts, id, _ := finishedGoofspiel(t, server.Config{Analyst: &scriptedAnalyst{}}, false)
	running, _, _ := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	tests := []struct {
		name   string
		id     string
		body   map[string]any
		status int
		says   []string
	}{
		{"ErrUnparsedMove", id, map[string]any{"ply": 1, "moves": []string{"bid 2", "dance"}, "seat": 0}, 400, []string{"move 1", `"dance"`}},
		{"ErrIllegalMove", id, map[string]any{"ply": 1, "moves": []string{"bid 2", "bid 9"}, "seat": 0}, 400, []string{"move 1", "1 to 5"}},
		{"ErrPly", id, map[string]any{"ply": 999, "seat": 0}, 400, []string{"ply 999"}},
		{"ErrSeat", id, map[string]any{"ply": 0, "seat": 5}, 400, []string{"seat 5"}},
		{"ErrUnknownField", id, map[string]any{"ply": 0, "seat": 0, "depth": 9}, 400, []string{"depth"}},
		{"ErrRunning", running, map[string]any{"ply": 0, "seat": 0}, 409, []string{"not finished"}},
		{"ErrNoTable", "nope", map[string]any{"ply": 0, "seat": 0}, 404, []string{"nope"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, eb, _, _ := analyse(t, ts.URL, tc.id, "", tc.body)
			if st != tc.status {
				t.Fatalf("got %d %+v; want %d", st, eb, tc.status)
			}
			for _, w := range tc.says {
				if !strings.Contains(eb.Message, w) {
					t.Errorf("message %q; want it to say %q", eb.Message, w)
				}
			}
		})
	}
	// The refused moves left nothing behind: the same position without
	// the bad move is answered.
	if st, eb, a, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": 1, "moves": []string{"bid 2"}, "seat": 1}); st != http.StatusOK || a.ToMove < 0 {
		t.Errorf("after the refusals: %d %+v to_move %d; want 200, a seat to move", st, eb, a.ToMove)
	}
}

// A private table's analysis is refused to whoever the record is refused
// to, with the same status, and answered with the invitation.
func TestAnalysisPrivateTable(t *testing.T) {
	ts, id, invite := finishedGoofspiel(t, server.Config{Analyst: &scriptedAnalyst{}}, true)
	recSt, _ := do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, nil)
	if recSt < 400 {
		t.Fatalf("the record of a private table is answered to an outsider: %d", recSt)
	}
	body := map[string]any{"ply": 1, "seat": 0}
	if st, eb, _, _ := analyse(t, ts.URL, id, "", body); st != recSt {
		t.Errorf("an outsider's analysis: %d %+v; want %d as the record's", st, eb, recSt)
	}
	if st, eb, _, _ := analyse(t, ts.URL, id, invite, body); st != http.StatusOK {
		t.Errorf("with the invitation: %d %+v; want 200", st, eb)
	}
}

// "For hidden-information games the board shows only what the chosen seat
// knew": in Goofspiel, after one seat's secret bid, that seat (no longer
// to move) gets its own view and no evaluation ("hidden"), so it cannot
// learn what the other would bid; the other, to move, gets its evaluation
// and a view without the first seat's bid, exactly its own view of the
// position.
func TestAnalysisHiddenInformation(t *testing.T) {
	an := &scriptedAnalyst{}
	ts, id, _ := finishedGoofspiel(t, server.Config{Analyst: an}, false)
	var rec game.Record
	do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec)
	// b is the seat that bids first in the record, o the other.
	b, o := int(rec.Actions[1].Player), int(rec.Actions[2].Player)
	moves := []string{"bid 4"}

	_, _, first, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": 1, "seat": o})
	if first.ToMove != b || !first.Hidden || first.Evaluation != nil {
		t.Errorf("seat %d before seat %d's bid: to_move %d hidden %v evaluation %v; want seat %d to move, the evaluation hidden", o, b, first.ToMove, first.Hidden, first.Evaluation, b)
	}
	st, _, own, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": 1, "moves": moves, "seat": b})
	if st != http.StatusOK || own.ToMove != o || !own.Hidden || own.Evaluation != nil || len(own.Legal) != 0 || own.Recorded != "" {
		t.Errorf("seat %d after its bid: %d to_move %d hidden %v evaluation %v legal %v recorded %q; want seat %d to move, and no evaluation, legal moves or recorded move for seat %d",
			b, st, own.ToMove, own.Hidden, own.Evaluation, own.Legal, own.Recorded, o, b)
	}
	if !bytes.Contains(own.View, []byte(`"my_bid":4`)) {
		t.Errorf("seat %d's view %s; want its own bid 4 in it", b, own.View)
	}
	_, _, mover, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": 1, "moves": moves, "seat": o})
	if mover.Hidden || mover.Evaluation == nil || mover.Evaluation.Mover != o {
		t.Errorf("seat %d to move: hidden %v evaluation %+v; want its evaluation", o, mover.Hidden, mover.Evaluation)
	}
	if bytes.Contains(mover.View, []byte(`"my_bid":4`)) {
		t.Errorf("seat %d's view %s shows seat %d's secret bid", o, mover.View, b)
	}
	// The view is the seat's own, as a table's WebSocket shows it.
	s, err := game.Replay(registry(), &game.Record{Game: rec.Game, Players: rec.Players, Options: rec.Options, Seed: rec.Seed, Actions: rec.Actions[:1]})
	if err != nil {
		t.Fatal(err)
	}
	game.PlayNotation(s, game.Player(b), "bid 4")
	want, _ := json.Marshal(s.View(game.Player(o)))
	var got bytes.Buffer
	json.Compact(&got, mover.View)
	if got.String() != string(want) {
		t.Errorf("seat %d's view %s; want View(%d) %s", o, got.String(), o, want)
	}
	an.mu.Lock()
	defer an.mu.Unlock()
	for _, p := range an.movers {
		if int(p) != o {
			t.Errorf("the analyst was asked for seat %d's moves; want only seat %d's, the seat that asked and moves", p, o)
		}
	}
}

// The same request gets the same answer, byte for byte, and a request
// with other moves another chance after the record's end.
func TestAnalysisDeterministic(t *testing.T) {
	ts, id, _ := finishedGoofspiel(t, server.Config{Analyst: &scriptedAnalyst{}, AnalysisCache: 1}, false)
	body := map[string]any{"ply": 1, "moves": []string{"bid 1", "bid 1", "bid 2"}, "seat": 1}
	_, _, _, first := analyse(t, ts.URL, id, "", body)
	// Another request in between pushes the first out of the cache of one.
	analyse(t, ts.URL, id, "", map[string]any{"ply": 0, "seat": 0})
	_, _, _, again := analyse(t, ts.URL, id, "", body)
	if !bytes.Equal(first, again) {
		t.Errorf("the same request twice:\n%s\n%s\nwant the same answer", first, again)
	}
}

// A full pool refuses with 429 and Retry-After: one evaluation running,
// none may wait.
func TestAnalysisBusy(t *testing.T) {
	an := &scriptedAnalyst{hold: make(chan struct{}), entered: make(chan struct{}, 4)}
	ts, id, _ := finishedGoofspiel(t, server.Config{Analyst: an, AnalysisWorkers: 1, AnalysisWaiting: -1}, false)
	var rec game.Record
	do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec)
	// The seat that moves at ply 1 is evaluated (Goofspiel hides the rest).
	first := fmt.Sprintf(`{"ply":1,"seat":%d}`, rec.Actions[1].Player)
	done := make(chan int, 1)
	go func() {
		resp, err := http.Post(ts.URL+"/api/tables/"+id+"/analysis", "application/json", strings.NewReader(first))
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	select {
	case <-an.entered:
	case st := <-done:
		t.Fatalf("the first analysis was answered %d without evaluating", st)
	}
	second := fmt.Sprintf(`{"ply":1,"moves":["bid 5"],"seat":%d}`, rec.Actions[2].Player)
	req, _ := http.NewRequest("POST", ts.URL+"/api/tables/"+id+"/analysis", strings.NewReader(second))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a second analysis while one runs: %d, Retry-After %q; want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	close(an.hold)
	if st := <-done; st != http.StatusOK {
		t.Errorf("the first analysis: %d; want 200", st)
	}
}

// Without an analyst the board is off: not found, saying so.
func TestAnalysisOff(t *testing.T) {
	ts, id, _ := finishedGoofspiel(t, server.Config{}, false)
	st, eb, _, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": 0, "seat": 0})
	if st != http.StatusNotFound || !strings.Contains(eb.Message, "analysis") {
		t.Errorf("got %d %+v; want 404 saying the analysis board is off", st, eb)
	}
}

// The same rule in TF22 Mine with hands of symbol cards (the strategy
// variant): at a decision where both seats hold cards, the seat not to
// move sees its own hand and not the mover's, and gets no evaluation, no
// legal moves (they name the mover's cards) and no recorded move; the
// mover gets its evaluation and a view without the other's hand.
func TestAnalysisHiddenTF22(t *testing.T) {
	ts := newTestServer(t, server.Config{Analyst: &scriptedAnalyst{}})
	ts.reg.Register(tf22.New())
	req := table.CreateRequest{Game: "tf22", Players: 2, AutoStart: true, TimeControl: patient,
		Options: game.Options{"symbol_cards": "strategy", "round_limit": "2"},
		Seats:   []table.SeatRequest{{Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatBot, Bot: "random"}}}
	var c created
	if st, eb := do(t, ts.URL, "POST", "/api/tables", "", req, &c); st != http.StatusCreated {
		t.Fatalf("create table: %d %+v", st, eb)
	}
	id := c.Table.ID
	waitFinished(t, ts.db, id)
	var rec game.Record
	do(t, ts.URL, "GET", "/api/tables/"+id+"/record", "", nil, &rec)
	type seatView struct {
		Seat int   `json:"seat"`
		Hand []int `json:"hand"`
	}
	hands := func(view json.RawMessage) map[int][]int {
		var v struct {
			Seats []seatView `json:"seats"`
		}
		json.Unmarshal(view, &v)
		out := map[int][]int{}
		for _, sv := range v.Seats {
			if len(sv.Hand) > 0 {
				out[sv.Seat] = sv.Hand
			}
		}
		return out
	}
	checked := 0
	for ply := len(rec.Actions) - 1; ply >= 0 && checked == 0; ply-- {
		mover := int(rec.Actions[ply].Player)
		if mover < 0 {
			continue
		}
		other := 1 - mover
		_, eb, asMover, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": ply, "seat": mover})
		_, eb2, asOther, _ := analyse(t, ts.URL, id, "", map[string]any{"ply": ply, "seat": other})
		if asMover.ToMove != mover || asOther.ToMove != mover {
			t.Fatalf("ply %d: to_move %d and %d (%+v %+v); want seat %d, the record's mover", ply, asMover.ToMove, asOther.ToMove, eb, eb2, mover)
		}
		hm, ho := hands(asMover.View), hands(asOther.View)
		if len(hm[mover]) == 0 || len(ho[other]) == 0 {
			continue // a decision where a hand is empty shows nothing to hide
		}
		checked++
		if len(hm[other]) != 0 || len(ho[mover]) != 0 {
			t.Errorf("ply %d: the mover's view shows hands %v, the other's %v; want each its own hand only", ply, hm, ho)
		}
		if asMover.Hidden || asMover.Evaluation == nil || len(asMover.Legal) == 0 {
			t.Errorf("ply %d, the mover: hidden %v, evaluation %v, %d legal moves; want its evaluation", ply, asMover.Hidden, asMover.Evaluation, len(asMover.Legal))
		}
		if !asOther.Hidden || asOther.Evaluation != nil || len(asOther.Legal) != 0 || asOther.Recorded != "" {
			t.Errorf("ply %d, the other seat: hidden %v, evaluation %v, legal %v, recorded %q; want all withheld", ply, asOther.Hidden, asOther.Evaluation, asOther.Legal, asOther.Recorded)
		}
	}
	if checked == 0 {
		t.Fatal("no decision of the game was taken while both seats held symbol cards")
	}
}
