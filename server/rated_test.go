package server_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/rating"
	"minehall/server"
	"minehall/store"
)

// ratedFour makes a rated Connect Four table of Ann's (seat 1) with a
// random stand-in and the time control tc, and seats Ann and Bo; it returns
// the table and their seat tokens.
func ratedFour(t *testing.T, ts *accountServer, ann, bo *browser, tc map[string]int) (string, [2]string) {
	t.Helper()
	body := map[string]any{"game": "connectfour", "players": 2, "autostart": true, "rated": true, "time_control": tc, "stand_in": "random",
		"seats": []map[string]any{{"kind": "person"}, {"kind": "person"}}}
	var c struct {
		Table struct {
			ID    string `json:"id"`
			Rated bool   `json:"rated"`
		} `json:"table"`
	}
	if st, code := ann.call("POST", "/api/tables", body, &c); st != http.StatusCreated || !c.Table.Rated {
		t.Fatalf("create a rated table: %d %s %+v", st, code, c)
	}
	var tokens [2]string
	for i, b := range []*browser{ann, bo} {
		var j struct {
			Seat  int    `json:"seat"`
			Token string `json:"token"`
		}
		if st, code := b.call("POST", "/api/tables/"+c.Table.ID+"/join", map[string]any{"name": "x"}, &j); st != http.StatusOK || j.Seat != i {
			t.Fatalf("join %d: %d %s seat %d", i, st, code, j.Seat)
		}
		tokens[i] = j.Token
	}
	return c.Table.ID, tokens
}

// ratingsJSON is the answer of GET /api/tables/{id}/ratings.
type ratingsJSON struct {
	Recorded bool   `json:"recorded"`
	Rated    bool   `json:"rated"`
	Reason   string `json:"reason"`
	Seats    []struct {
		Seat       int    `json:"seat"`
		Name       string `json:"name"`
		Rank       int    `json:"rank"`
		OwnActions int    `json:"own_actions"`
		StandIn    int    `json:"standin_actions"`
		Before     *struct {
			Rating      int  `json:"rating"`
			Provisional bool `json:"provisional"`
		} `json:"before"`
		After *struct {
			Mu          float64 `json:"mu"`
			Sigma       float64 `json:"sigma"`
			Rating      int     `json:"rating"`
			Deviation   int     `json:"deviation"`
			Provisional bool    `json:"provisional"`
		} `json:"after"`
		Change *int `json:"change"`
	} `json:"seats"`
}

// noRatingMoved checks that neither account has a rating and that the
// table is recorded as aborted for rating, for nobody on either side.
func noRatingMoved(t *testing.T, ts *accountServer, id string, players ...*browser) {
	t.Helper()
	for _, b := range players {
		var a accountJSON
		b.call("GET", "/api/account", nil, &a)
		if len(a.Ratings) != 0 || len(a.Games) != 1 || a.Games[0].Rated {
			t.Errorf("%s: ratings %+v, games %+v; want no rating, the game recorded unrated", a.Name, a.Ratings, a.Games)
		}
	}
	var r ratingsJSON
	if st, _ := players[0].call("GET", "/api/tables/"+id+"/ratings", nil, &r); st != http.StatusOK || !r.Recorded || r.Rated || r.Reason != store.ReasonAborted {
		t.Errorf("GET ratings of the table: %d %+v; want recorded, not rated, reason aborted", st, r)
	}
	for _, s := range r.Seats {
		if s.Change != nil || s.After != nil {
			t.Errorf("seat %d shows a rating change %+v", s.Seat+1, s)
		}
	}
}

// "A player who holds a WebSocket open and never moves at a rated table
// with a stand-in, and reclaims the seat during the opponent's turns":
// the stand-in played every one of Ann's actions, so the table counts for
// nobody, whoever won on the board.
func TestRatedStandInFarmMovesNoRating(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann, bo := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	id, tokens := ratedFour(t, ts, ann, bo, map[string]int{"move_s": 1, "bank_s": 0})
	sink := make(chan frame, 1024)
	dial(t, ts.URL, id, tokens[0], 0, sink) // Ann: connected, never moves
	boWS := dial(t, ts.URL, id, tokens[1], 1, sink)
	standIns := 0
	deadline := time.After(60 * time.Second)
	for done := false; !done; {
		select {
		case f := <-sink:
			if f.Status == string(store.StatusFinished) {
				done = true
				break
			}
			if f.from == 0 && f.Type == "update" && f.Player != nil && *f.Player == 0 {
				// The stand-in moved for Ann; she takes the seat back in
				// Bo's turn (unless Bo's move ended the game meanwhile).
				standIns++
				if st := ts.call(t, "POST", "/api/tables/"+id+"/reclaim", tokens[0], map[string]any{}); st != http.StatusOK && st != http.StatusConflict {
					t.Fatalf("reclaim: %d", st)
				}
			}
			if f.from == 1 && slices.Contains(f.Actors, 1) && len(f.Legal) > 0 {
				boWS.act(f.Legal[len(f.Legal)/2])
			}
		case <-deadline:
			t.Fatalf("the table did not finish")
		}
	}
	if standIns == 0 {
		t.Fatalf("no stand-in moved for Ann")
	}
	noRatingMoved(t, ts, id, ann, bo)
	var r ratingsJSON
	ann.call("GET", "/api/tables/"+id+"/ratings", nil, &r)
	if len(r.Seats) != 2 || r.Seats[0].OwnActions != 0 || r.Seats[0].StandIn == 0 || r.Seats[1].OwnActions == 0 {
		t.Errorf("the record's seats %+v; want Ann's actions all the stand-in's, Bo's his own", r.Seats)
	}
}

// "A second account that sits down and leaves at once hands the first a
// win": Bo leaves before his first move; the stand-in loses the game for
// him, and the table counts for nobody.
func TestRatedSecondAccountFarmMovesNoRating(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann, bo := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	for range 2 {
		id, tokens := ratedFour(t, ts, ann, bo, map[string]int{"move_s": 600, "bank_s": 600})
		if st := ts.call(t, "POST", "/api/tables/"+id+"/leave", tokens[1], map[string]any{}); st != http.StatusOK {
			t.Fatalf("Bo leaves: %d", st)
		}
		playFour(t, ts, id, tokens, []bool{true, false})
		var a accountJSON
		ann.call("GET", "/api/account", nil, &a)
		if len(a.Ratings) != 0 {
			t.Fatalf("Ann's ratings after Bo left at once: %+v; want none", a.Ratings)
		}
		var r ratingsJSON
		ann.call("GET", "/api/tables/"+id+"/ratings", nil, &r)
		if r.Rated || r.Reason != store.ReasonAborted || len(r.Seats) != 2 || r.Seats[1].OwnActions != 0 || r.Seats[1].StandIn == 0 {
			t.Errorf("GET ratings: %+v; want aborted, Bo with no own action", r)
		}
	}
	if rs, _ := ts.db.Ratings(context.Background(), func() string { a, _ := ts.db.AccountByName(context.Background(), "ann"); return a.ID }()); len(rs) != 0 {
		t.Errorf("Ann's stored ratings: %+v; want none", rs)
	}
}

// playFour plays a Connect Four table to its end over HTTP: each seat whose
// plays is true drops into the first column that takes its disc, in the
// order d c e b f a g, whenever it may act.
func playFour(t *testing.T, ts *accountServer, id string, tokens [2]string, plays []bool) {
	t.Helper()
	seq := [2]int{}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		var info struct {
			Status store.Status `json:"status"`
		}
		ts.call(t, "GET", "/api/tables/"+id, "", &info)
		if info.Status == store.StatusFinished {
			return
		}
		for seat, p := range plays {
			if !p {
				continue
			}
			for _, m := range []string{"d", "c", "e", "b", "f", "a", "g"} {
				if ts.call(t, "POST", "/api/tables/"+id+"/act", tokens[seat], map[string]any{"move": m, "seq": seq[seat] + 1}) == http.StatusOK {
					seq[seat]++
					break
				}
			}
		}
	}
	t.Fatalf("table %s did not finish", id)
}

// "a game both people played moves both", by the model from the game's
// ranks; the end screen's answer shows each person's change on the 1500
// scale; and every stored rating is recomputed from the records.
func TestRatedGameBothPlayedMovesBoth(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann, bo := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	var ids []string
	for range 2 {
		id, tokens := ratedFour(t, ts, ann, bo, map[string]int{"move_s": 600, "bank_s": 600})
		playFour(t, ts, id, tokens, []bool{true, true})
		ids = append(ids, id)
	}
	var r ratingsJSON
	if st, _ := bo.call("GET", "/api/tables/"+ids[0]+"/ratings", nil, &r); st != http.StatusOK || !r.Rated || r.Reason != "" || len(r.Seats) != 2 {
		t.Fatalf("GET ratings of the first table: %d %+v; want rated, two seats", st, r)
	}
	d := rating.Default()
	want, _ := rating.DefaultModel().Rate([]rating.Rating{d, d}, []int{r.Seats[0].Rank, r.Seats[1].Rank})
	for i, s := range r.Seats {
		if s.Before == nil || s.After == nil || s.Change == nil {
			t.Fatalf("seat %d: %+v; want a rating before and after", i+1, s)
		}
		sh := rating.Show(want[i])
		if s.Before.Rating != 1500 || !s.Before.Provisional || s.After.Mu != want[i].Mu || s.After.Sigma != want[i].Sigma ||
			s.After.Rating != sh.Rating || *s.Change != sh.Rating-1500 || *s.Change == 0 {
			t.Errorf("seat %d (%s): %d → %+v (%+d); want 1500? → %d (%+d)", i+1, s.Name, s.Before.Rating, *s.After, *s.Change, sh.Rating, sh.Rating-1500)
		}
	}
	for _, b := range []*browser{ann, bo} {
		var a accountJSON
		b.call("GET", "/api/account", nil, &a)
		if len(a.Ratings) != 1 || a.Ratings[0].Games != 2 || a.Ratings[0].Mu == d.Mu {
			t.Errorf("%s's ratings %+v; want connectfour moved by 2 games", a.Name, a.Ratings)
		}
	}
	// Both are provisional after two games: the people's leaderboard is
	// empty; nothing is on the bots' list.
	var board struct {
		Players []json0 `json:"players"`
		Bots    []json0 `json:"bots"`
	}
	if st, _ := ann.call("GET", "/api/leaderboard/connectfour", nil, &board); st != http.StatusOK || len(board.Players) != 0 || len(board.Bots) != 0 {
		t.Errorf("leaderboard: %d %+v; want both lists empty", st, board)
	}
	records, err := ts.db.RatedGames(context.Background(), "")
	if err != nil || len(records) != 4 {
		t.Fatalf("RatedGames = %d records, %v; want 4", len(records), err)
	}
	got, games, err := account.Recompute(records, rating.DefaultModel())
	if err != nil {
		t.Fatalf("recompute: %v", err)
	}
	for _, name := range []string{"ann", "bo"} {
		a, _ := ts.db.AccountByName(context.Background(), name)
		rs, _ := ts.db.Ratings(context.Background(), a.ID)
		k := account.RatingKey{Player: a.ID, Game: "connectfour"}
		if len(rs) != 1 || got[k] != rs[0].Rating || games[k] != rs[0].Games {
			t.Errorf("%s: stored %+v; recomputed %v in %d games", name, rs, got[k], games[k])
		}
	}
}

type json0 = map[string]any

// "Only rulebook settings are rated": a rated Hammer Time table with 1
// wagon instead of the rulebook's 4 is refused with a message that names
// the option, and makes nothing; the same table made casual is made.
func TestRatedTableRefusesOtherOptions(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann := newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	body := map[string]any{"game": "hammertime", "players": 2, "options": map[string]string{"wagons": "1"}, "rated": true,
		"time_control": map[string]int{"move_s": 600, "bank_s": 600},
		"seats":        []map[string]any{{"kind": "person"}, {"kind": "bot", "bot": "random"}}}
	var c struct {
		Table struct {
			Rated bool `json:"rated"`
		} `json:"table"`
	}
	st, code := ann.call("POST", "/api/tables", body, nil)
	if st != http.StatusBadRequest || code != game.CodeInvalid || !strings.Contains(ann.message, "option wagons") {
		t.Errorf("a rated Hammer Time table with 1 wagon: %d %s %q; want 400 invalid, naming option wagons", st, code, ann.message)
	}
	if infos, _ := ts.hall.List(context.Background(), 10); len(infos) != 0 {
		t.Errorf("the refused table was made: %+v", infos)
	}
	body["rated"] = false
	if st, code := ann.call("POST", "/api/tables", body, &c); st != http.StatusCreated || c.Table.Rated {
		t.Errorf("the same table casual: %d %s rated %v; want 201, casual", st, code, c.Table.Rated)
	}
}
