package server_test

import (
	"net/http"
	"strings"
	"syscall"
	"testing"

	"minehall/game"
	"minehall/server"
	"minehall/store/sqlite/sqlitetest"
)

// privateCreated is the answer to creating a table, as these tests read it.
type privateCreated struct {
	Table struct {
		ID      string `json:"id"`
		Private bool   `json:"private"`
		Seats   []struct {
			Reserved string `json:"reserved"`
			Taken    bool   `json:"taken"`
		} `json:"seats"`
	} `json:"table"`
	OwnerToken string `json:"owner_token"`
	Link       string `json:"link"`
}

// "Private tables: not listed in the lobby ..., joinable only with the
// invitation link (a secret in the link ...; joining or watching a private
// table without it is refused with a clear error; the owner sees the link
// to copy)": a third browser neither lists, reads, watches nor joins the
// private table; with the link's invitation it does.
func TestPrivateTableNeedsItsInvitation(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	owner, third := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	var pub, priv privateCreated
	owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "time_control": patient}, &pub)
	if st, code := owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "private": true}, &priv); st != http.StatusCreated {
		t.Fatalf("create a private table: %d %s", st, code)
	}
	id := priv.Table.ID
	invite, ok := strings.CutPrefix(priv.Link, "/tables/"+id+"?invite=")
	if !priv.Table.Private || !ok || len(invite) < 16 {
		t.Fatalf("private table %+v: link %q; want private and a link /tables/%s?invite=SECRET", priv.Table, priv.Link, id)
	}
	var list []struct {
		ID string `json:"id"`
	}
	third.call("GET", "/api/tables", nil, &list)
	for _, in := range list {
		if in.ID == id {
			t.Errorf("GET /api/tables lists the private table %s", id)
		}
	}
	if len(list) != 1 || list[0].ID != pub.Table.ID {
		t.Errorf("GET /api/tables: got %v; want the public table %s only", list, pub.Table.ID)
	}
	for _, path := range []string{"/api/tables/" + id, "/api/tables/" + id + "/chat", "/api/tables/" + id + "/turn", "/api/tables/" + id + "?invite=wrong"} {
		if st, code := third.call("GET", path, nil, nil); st != http.StatusUnauthorized || code != game.CodeUnauthorized {
			t.Errorf("GET %s without the invitation: %d %s; want 401 unauthorized", path, st, code)
		}
	}
	if st, code := third.call("POST", "/api/tables/"+id+"/join", map[string]any{"name": "Cy"}, nil); st != http.StatusUnauthorized || code != game.CodeUnauthorized {
		t.Errorf("join without the invitation: %d %s; want 401 unauthorized", st, code)
	}
	// Watching over the WebSocket without the invitation is refused too.
	cl := dialHello(t, ts.URL, id, map[string]any{"type": "hello"}, 0)
	if f := cl.next("error"); f.Code != game.CodeUnauthorized || !strings.Contains(f.Message, "private") {
		t.Errorf("watch without the invitation: got %s; want an unauthorized error saying the table is private", f.raw)
	}
	// Nothing changed: both seats are still free.
	var info struct {
		Seats []struct {
			Taken bool `json:"taken"`
		} `json:"seats"`
	}
	owner.call("GET", "/api/tables/"+id+"?invite="+invite, nil, &info)
	if len(info.Seats) != 2 || info.Seats[0].Taken || info.Seats[1].Taken {
		t.Errorf("after the refusals: seats %+v; want both free", info.Seats)
	}
	// The owner sees the invitation again with its token.
	var inv struct {
		Invite, Link string
	}
	if st := ts.call(t, "GET", "/api/tables/"+id+"/invite", priv.OwnerToken, &inv); st != http.StatusOK || inv.Link != priv.Link {
		t.Errorf("GET invite as owner: %d %+v; want the link %s", st, inv, priv.Link)
	}
	if st := ts.call(t, "GET", "/api/tables/"+id+"/invite", "not-a-token", nil); st != http.StatusUnauthorized {
		t.Errorf("GET invite with a wrong token: %d; want 401", st)
	}
	// With the invitation the third browser joins.
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	if st, code := third.call("POST", "/api/tables/"+id+"/join?invite="+invite, map[string]any{"name": "Cy"}, &j); st != http.StatusOK || j.Token == "" {
		t.Fatalf("join with the invitation: %d %s", st, code)
	}
	// Its seat's token lets it watch without the invitation.
	seated := dialHello(t, ts.URL, id, map[string]any{"type": "hello", "token": j.Token}, 0)
	if f := seated.next("state", "error"); f.Type != "state" {
		t.Errorf("the seated person connects: got %s; want a state", f.raw)
	}
}

// "seats may be reserved for named accounts ... only the signed-in account
// Ann may take it; someone else gets a clear error", and a reserved seat
// at a public table, or for an unknown name, is refused.
func TestReservedSeats(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	owner, ann, bo, guest := newBrowser(t, ts.URL), newBrowser(t, ts.URL), newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	seats := []map[string]any{{"kind": "person", "reserved_for": "ann"}, {"kind": "person"}}
	if st, code := owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "seats": seats}, nil); st != http.StatusBadRequest || code != game.CodeInvalid {
		t.Errorf("a reserved seat at a public table: %d %s; want 400 invalid", st, code)
	}
	nobody := []map[string]any{{"kind": "person", "reserved_for": "Nobody"}, {"kind": "person"}}
	if st, code := owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "private": true, "seats": nobody}, nil); st != http.StatusNotFound {
		t.Errorf("a seat reserved for an unknown account: %d %s; want 404", st, code)
	}
	if st, code := owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "private": true, "rated": true}, nil); st != http.StatusBadRequest && st != http.StatusUnauthorized {
		t.Errorf("a private rated table: %d %s; want a refusal", st, code)
	}
	var c privateCreated
	if st, code := owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "private": true, "seats": seats}, &c); st != http.StatusCreated {
		t.Fatalf("create with a reserved seat: %d %s", st, code)
	}
	id := c.Table.ID
	if c.Table.Seats[0].Reserved != "Ann" {
		t.Errorf("seat 0 is reserved for %q; want Ann, as the account writes its name", c.Table.Seats[0].Reserved)
	}
	invite := strings.TrimPrefix(c.Link, "/tables/"+id+"?invite=")
	for _, b := range []*browser{guest, bo} {
		if st, code := b.call("POST", "/api/tables/"+id+"/join?invite="+invite, map[string]any{"name": "Someone", "seat": 0}, nil); st != http.StatusUnauthorized || code != game.CodeUnauthorized {
			t.Errorf("another takes Ann's seat: %d %s; want 401 unauthorized", st, code)
		}
	}
	// Bo, naming no seat, gets the free unreserved one.
	var j struct {
		Seat int `json:"seat"`
	}
	if st, code := bo.call("POST", "/api/tables/"+id+"/join?invite="+invite, map[string]any{"name": "Bo"}, &j); st != http.StatusOK || j.Seat != 1 {
		t.Errorf("Bo joins: %d %s seat %d; want seat 1", st, code, j.Seat)
	}
	// Ann needs no invitation: her reservation lets her in.
	if st, code := ann.call("POST", "/api/tables/"+id+"/join", map[string]any{"name": "Ann"}, &j); st != http.StatusOK || j.Seat != 0 {
		t.Errorf("Ann joins: %d %s seat %d; want seat 0", st, code, j.Seat)
	}
}

// "My tables: ... every table the signed-in player sits at, those waiting
// for them first (their turn / their seat to fill) ... A player may sit at
// several correspondence tables at once".
func TestMyTables(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann, owner := newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	ann.signUp("Ann", "correct horse")
	corr := map[string]int{"move_s": 86400, "bank_s": 172800}
	// Table A: Ann sits, the game waits for the other seat.
	var a, b, c privateCreated
	ann.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "time_control": corr, "autostart": true}, &a)
	ann.call("POST", "/api/tables/"+a.Table.ID+"/join", map[string]any{"name": "Ann"}, nil)
	// Table B: a private table with a seat reserved for Ann.
	owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "private": true,
		"seats": []map[string]any{{"kind": "person"}, {"kind": "person", "reserved_for": "Ann"}}}, &b)
	// Table C: Ann plays a bot and it is her turn (she moves first).
	ann.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "time_control": corr, "autostart": true,
		"seats": []map[string]any{{"kind": "person"}, {"kind": "bot", "bot": "random"}}}, &c)
	if st, code := ann.call("POST", "/api/tables/"+c.Table.ID+"/join", map[string]any{"name": "Ann"}, nil); st != http.StatusOK {
		t.Fatalf("Ann joins a second correspondence table: %d %s", st, code)
	}
	var mine []struct {
		Table struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"table"`
		Seat    int    `json:"seat"`
		Waiting string `json:"waiting"`
	}
	if st, code := ann.call("GET", "/api/account/tables", nil, &mine); st != http.StatusOK {
		t.Fatalf("GET /api/account/tables: %d %s", st, code)
	}
	type row struct {
		id, waiting string
		seat        int
	}
	var got []row
	for _, m := range mine {
		got = append(got, row{m.Table.ID, m.Waiting, m.Seat})
	}
	want := []row{{c.Table.ID, "turn", 0}, {b.Table.ID, "seat", 1}, {a.Table.ID, "", 0}}
	if len(got) != len(want) {
		t.Fatalf("My tables: got %+v; want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("My tables row %d: got %+v; want %+v", i, got[i], want[i])
		}
	}
	if st, _ := owner.call("GET", "/api/account/tables", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("a guest asks for its account's tables: %d; want 401", st)
	}
}

// "Both stores: ... nothing lost on SIGKILL": a private table made and
// joined is killed with -9 right after the answers; after the restart it
// is still private, left out of the list, refused without its invitation,
// and its invitation still lets a friend in.
func TestKilledServerKeepsPrivateTable(t *testing.T) {
	db := sqlitetest.Path(t)
	base, proc := startServer(t, db)
	var c privateCreated
	if st, eb := do(t, base, "POST", "/api/tables", "", map[string]any{"game": "connectfour", "players": 2, "private": true}, &c); st != http.StatusCreated {
		t.Fatalf("create: %d %+v", st, eb)
	}
	id := c.Table.ID
	invite := strings.TrimPrefix(c.Link, "/tables/"+id+"?invite=")
	if st, eb := do(t, base, "POST", "/api/tables/"+id+"/join?invite="+invite, "", map[string]any{"name": "Ann"}, nil); st != http.StatusOK {
		t.Fatalf("join: %d %+v", st, eb)
	}
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	proc.Wait()

	base, proc = startServer(t, db)
	defer func() { proc.Process.Signal(syscall.SIGTERM); proc.Wait() }()
	var list []struct {
		ID string `json:"id"`
	}
	do(t, base, "GET", "/api/tables", "", nil, &list)
	if len(list) != 0 {
		t.Errorf("after the restart GET /api/tables lists %v; want no table", list)
	}
	if st, _ := do(t, base, "GET", "/api/tables/"+id, "", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("after the restart, GET without the invitation: %d; want 401", st)
	}
	var info struct {
		Private bool `json:"private"`
		Seats   []struct {
			Name string `json:"name"`
		} `json:"seats"`
	}
	if st, eb := do(t, base, "GET", "/api/tables/"+id+"?invite="+invite, "", nil, &info); st != http.StatusOK || !info.Private || info.Seats[0].Name != "Ann" {
		t.Errorf("after the restart, with the invitation: %d %+v %+v; want the private table with Ann seated", st, eb, info)
	}
	if st, eb := do(t, base, "POST", "/api/tables/"+id+"/join?invite="+invite, "", map[string]any{"name": "Bo"}, nil); st != http.StatusOK {
		t.Errorf("after the restart, a friend joins with the invitation: %d %+v", st, eb)
	}
}

// A private table's rematch keeps its invitation: a browser that holds
// the first table's invitation (its cookie) may open the rematch, one
// without it may not.
func TestPrivateRematchKeepsTheInvitation(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	owner, friend, third := newBrowser(t, ts.URL), newBrowser(t, ts.URL), newBrowser(t, ts.URL)
	var c privateCreated
	owner.call("POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2, "private": true, "autostart": true,
		"seats": []map[string]any{{"kind": "person"}, {"kind": "bot", "bot": "random"}}}, &c)
	id := c.Table.ID
	invite := strings.TrimPrefix(c.Link, "/tables/"+id+"?invite=")
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	owner.call("POST", "/api/tables/"+id+"/join?invite="+invite, map[string]any{"name": "Owen"}, &j)
	if st := ts.call(t, "POST", "/api/tables/"+id+"/leave", j.Token, nil); st != http.StatusOK {
		t.Fatalf("leave: %d", st)
	}
	var re privateCreated
	if st := ts.call(t, "POST", "/api/tables/"+id+"/rematch", c.OwnerToken, &re); st != http.StatusCreated {
		t.Fatalf("rematch: %d", st)
	}
	if want := "/tables/" + re.Table.ID + "?invite=" + invite; re.Link != want {
		t.Errorf("rematch link %q; want %q", re.Link, want)
	}
	u := mustURL(t, ts.URL)
	friend.c.Jar.SetCookies(u, []*http.Cookie{{Name: "minehall_invite_" + id, Value: invite, Path: "/"}})
	if st, code := friend.call("GET", "/api/tables/"+re.Table.ID, nil, nil); st != http.StatusOK {
		t.Errorf("the rematch with the first table's invitation cookie: %d %s; want 200", st, code)
	}
	if st, _ := third.call("GET", "/api/tables/"+re.Table.ID, nil, nil); st != http.StatusUnauthorized {
		t.Errorf("the rematch without any invitation: %d; want 401", st)
	}
}
