package server_test

import (
	"net/http"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/table"
)

// rematchOffer is the answer to an offer of a rematch.
type rematchOffer struct {
	Table      table.Info       `json:"table"`
	OwnerToken string           `json:"owner_token"`
	Seat       *table.SeatToken `json:"seat"`
	Link       string           `json:"link"`
}

// finishConnectFour plays the two-person Connect Four table id to its end
// over HTTP: seat 0 fills column a, seat 1 column b, and seat 0 wins.
func finishConnectFour(t *testing.T, base, id string, tokens []string) {
	t.Helper()
	for i, m := range []string{"a", "b", "a", "b", "a", "b", "a"} {
		seat := i % 2
		if st, eb := do(t, base, "POST", "/api/tables/"+id+"/act", tokens[seat], map[string]any{"move": m, "seq": i/2 + 1}, nil); st != http.StatusOK {
			t.Fatalf("seat %d plays %s: %d %+v", seat, m, st, eb)
		}
	}
}

// TestRematchOfferedByAnySeat: the person of either seat offers the
// rematch with their seat's token; the other accepts it with theirs; both
// end seated at the rematch, each in their old seat under their old name,
// and the table starts.
func TestRematchOfferedByAnySeat(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, owner, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	finishConnectFour(t, ts.URL, id, tokens)
	spectator := dial(t, ts.URL, id, "", 0, nil)
	spectator.next("state")

	// P1, who does not own the table, offers.
	var offer rematchOffer
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tokens[1], nil, &offer); st != http.StatusCreated {
		t.Fatalf("P1 offers a rematch: %d %+v; want 201", st, eb)
	}
	re := offer.Table
	if offer.Seat == nil || offer.Seat.Seat != 1 || offer.Seat.Name != "P1" || offer.OwnerToken == "" {
		t.Fatalf("P1's offer: seat %+v, owner token %q; want seat 1 as P1 and the rematch's owner token", offer.Seat, offer.OwnerToken)
	}
	if re.RematchOf != id || re.Status != store.StatusOpen || !re.Seats[1].Taken || re.Seats[1].Name != "P1" || re.Seats[0].Taken {
		t.Errorf("the rematch after P1's offer: %+v; want open, a rematch of %s, P1 in seat 1 and seat 0 free", re, id)
	}
	if f := spectator.next("table"); f.Table == nil || f.Table.Rematch != re.ID {
		t.Errorf("a subscriber of the old table: %s; want a table frame naming the rematch %s", f.raw, re.ID)
	}

	// P0 accepts with their seat's token: seated again, no name asked.
	var accept rematchOffer
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tokens[0], nil, &accept); st != http.StatusOK {
		t.Fatalf("P0 accepts: %d %+v; want 200", st, eb)
	}
	if accept.Table.ID != re.ID || accept.Seat == nil || accept.Seat.Seat != 0 || accept.Seat.Name != "P0" || accept.OwnerToken != "" {
		t.Errorf("P0's acceptance: table %s, seat %+v, owner token %q; want seat 0 as P0 at %s and no owner token", accept.Table.ID, accept.Seat, accept.OwnerToken, re.ID)
	}
	if accept.Table.Status != store.StatusPlaying {
		t.Errorf("the rematch with both seated: %s; want playing", accept.Table.Status)
	}
	// The new tokens play the rematch.
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+re.ID+"/act", accept.Seat.Token, map[string]any{"move": "c", "seq": 1}, nil); st != http.StatusOK {
		t.Errorf("P0 plays the rematch with the token of the acceptance: %d %+v", st, eb)
	}

	// Once seated, a seat cannot take a second one; the old owner token,
	// which has no seat, cannot make a second rematch.
	for _, tc := range []struct {
		name, token string
	}{{"P0 again", tokens[0]}, {"P1 again", tokens[1]}, {"owner", owner}} {
		if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tc.token, nil, nil); st != http.StatusConflict || eb.Code != game.CodeConflict {
			t.Errorf("%s offers once more: %d %+v; want 409 conflict", tc.name, st, eb)
		}
	}
}

// TestRematchAcceptTakesAFreeSeat: who accepts takes their old seat when
// it is free, else any free one; a table of one person and a bot starts
// its rematch with the offer, bots seated as bots.
func TestRematchAcceptTakesAFreeSeat(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	finishConnectFour(t, ts.URL, id, tokens)
	var offer rematchOffer
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tokens[0], nil, &offer); st != http.StatusCreated {
		t.Fatalf("P0 offers: %d %+v", st, eb)
	}
	// A stranger takes P1's old seat before P1 accepts.
	var j joined
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+offer.Table.ID+"/join", "", map[string]any{"name": "Zed", "seat": 1}, &j); st != http.StatusOK {
		t.Fatalf("Zed joins the rematch: %d %+v", st, eb)
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tokens[1], nil, nil); st != http.StatusConflict {
		t.Errorf("P1 accepts a full rematch: %d %+v; want 409", st, eb)
	}
}

// TestRematchOfAPrivateTableBySeat: a seat's offer of a private table's
// rematch makes a private rematch whose link carries the first table's
// invitation, as the owner's does.
func TestRematchOfAPrivateTableBySeat(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, invite, tokens := openTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, Private: true})
	finishConnectFour(t, ts.URL, id, tokens)
	var offer rematchOffer
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tokens[1], nil, &offer); st != http.StatusCreated {
		t.Fatalf("P1 offers: %d %+v", st, eb)
	}
	if want := "/tables/" + offer.Table.ID + invite; !offer.Table.Private || offer.Link != want {
		t.Errorf("the rematch: private %v, link %q; want private with link %q", offer.Table.Private, offer.Link, want)
	}
	var accept rematchOffer
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tokens[0], nil, &accept); st != http.StatusOK || accept.Link != offer.Link {
		t.Errorf("P0 accepts: %d %+v, link %q; want 200 and link %q", st, eb, accept.Link, offer.Link)
	}
}

// TestRematchRefusals: an offer without a token, with a token of another
// table, or for a table not finished is refused, and no rematch is made.
func TestRematchRefusals(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, owner, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	_, otherOwner, otherTokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	for _, tc := range []struct {
		name, token string
		status      int
		code        game.Code
	}{
		{"unfinished, seat token", tokens[0], http.StatusConflict, game.CodeConflict},
		{"unfinished, owner token", owner, http.StatusConflict, game.CodeConflict},
	} {
		if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tc.token, nil, nil); st != tc.status || eb.Code != tc.code || eb.Message == "" {
			t.Errorf("%s: %d %+v; want %d %s with a message", tc.name, st, eb, tc.status, tc.code)
		}
	}
	finishConnectFour(t, ts.URL, id, tokens)
	for _, tc := range []struct {
		name, token string
	}{{"no token", ""}, {"a seat token of another table", otherTokens[0]}, {"the owner token of another table", otherOwner}, {"a made-up token", "0123456789abcdef0123456789abcdef"}} {
		if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/rematch", tc.token, nil, nil); st != http.StatusUnauthorized || eb.Code != game.CodeUnauthorized || eb.Message == "" {
			t.Errorf("%s: %d %+v; want 401 unauthorized with a message", tc.name, st, eb)
		}
	}
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info)
	if info.Rematch != "" {
		t.Errorf("after the refusals the table has the rematch %q; want none", info.Rematch)
	}
	if st, eb := do(t, ts.URL, "POST", "/api/tables/nosuchtable/rematch", tokens[0], nil, nil); st != http.StatusNotFound {
		t.Errorf("a rematch of no table: %d %+v; want 404", st, eb)
	}
}
