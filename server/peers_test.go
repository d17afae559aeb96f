package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
	"minehall/table"
)

// send posts body to base+path with the given headers and answers the
// status and the error body, if any.
func send(t *testing.T, base, path string, headers map[string]string, body string) (int, errorBody) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return sendRequest(t, req)
}

func sendRequest(t *testing.T, req *http.Request) (int, errorBody) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var eb struct {
		Error errorBody `json:"error"`
	}
	json.Unmarshal(b, &eb)
	return resp.StatusCode, eb.Error
}

// signedBy returns a POST of body to base+path signed by auth, as a peer
// with that secret would send it.
func signedBy(t *testing.T, auth *server.PeerAuth, base, path, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	auth.Sign(req, []byte(body), netip.Addr{})
	return req
}

// openOn creates a public table with two free seats on base.
func openOn(t *testing.T, base string) string {
	t.Helper()
	var c created
	if st, eb := do(t, base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient}, &c); st != http.StatusCreated {
		t.Fatalf("create on %s: %d %+v", base, st, eb)
	}
	return c.Table.ID
}

// TestForgedPeerRequestsRefused: a client that sends the instances' own
// header, without the cluster's authenticator or with one made with
// another secret, is refused with 401 for presence, chat and creates
// (from loopback, a --peer network), and changes nothing: no seat shows
// online, no spectator or message appears, the create quota holds.
func TestForgedPeerRequestsRefused(t *testing.T) {
	url := pgtest.URL(t)
	a := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, func(c *server.Config) {
		c.Limits = &server.Limits{Creates: 10}
	})
	b := newInstance(t, url)
	id := openOn(t, a.base)
	other, err := server.NewPeerAuth([]byte("not the cluster's secret, 32+ bytes"))
	if err != nil {
		t.Fatal(err)
	}
	forged := map[string]func(path, body string) *http.Request{
		"header only": func(path, body string) *http.Request {
			req, _ := http.NewRequest(http.MethodPost, a.base+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set(server.ForwardedHeader, "1")
			return req
		},
		"made-up authenticator": func(path, body string) *http.Request {
			req, _ := http.NewRequest(http.MethodPost, a.base+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set(server.ForwardedHeader, "1")
			req.Header.Set(server.PeerAuthHeader, fmt.Sprintf("v1 ts=%d nonce=%032x mac=%064x", time.Now().UnixMilli(), 1, 2))
			return req
		},
		"wrong secret": func(path, body string) *http.Request { return signedBy(t, other, a.base, path, body) },
	}
	for name, make := range forged {
		t.Run("Presence/"+name, func(t *testing.T) {
			body := `{"from":"x","seats":["online","online"],"spectators":["<b>Mallory</b>"]}`
			if st, eb := sendRequest(t, make("/api/tables/"+id+"/presence", body)); st != http.StatusUnauthorized || eb.Code != game.CodeUnauthorized {
				t.Errorf("forged presence report: %d %+v; want 401 unauthorized", st, eb)
			}
		})
		t.Run("Chat/"+name, func(t *testing.T) {
			if st, eb := sendRequest(t, make("/api/tables/"+id+"/chat", `{"text":"hi","name":"Mallory"}`)); st != http.StatusUnauthorized {
				t.Errorf("forged chat: %d %+v; want 401", st, eb)
			}
		})
		t.Run("Creates/"+name, func(t *testing.T) {
			body := `{"game":"connectfour","players":2,"time_control":{"move_s":3600}}`
			for i := range 25 {
				if st, eb := sendRequest(t, make("/api/tables", body)); st != http.StatusUnauthorized {
					t.Fatalf("forged create %d: %d %+v; want 401", i+1, st, eb)
				}
			}
		})
	}
	var info table.Info
	do(t, a.base, "GET", "/api/tables/"+id, "", nil, &info)
	for i, s := range info.Seats {
		if s.Presence == table.PresenceOnline {
			t.Errorf("seat %d online after forged reports; want offline", i+1)
		}
	}
	if info.Spectators != nil && info.Spectators.Count > 0 {
		t.Errorf("spectators after forged reports: %+v; want none", info.Spectators)
	}
	var log struct {
		Messages []table.ChatMessage `json:"messages"`
	}
	do(t, a.base, "GET", "/api/tables/"+id+"/chat", "", nil, &log)
	if len(log.Messages) != 0 {
		t.Errorf("chat after forged messages: %+v; want none", log.Messages)
	}
	// The one create above and 9 more fit the quota of 10; the rest are
	// refused.
	accepted := 1
	for range 25 {
		st, _ := do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient}, nil)
		if st == http.StatusCreated {
			accepted++
		}
	}
	if accepted != 10 {
		t.Errorf("creates accepted from one address: %d; want the limit, 10", accepted)
	}
	// A genuine peer still reaches a: b forwards a join to it.
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Bo"}, nil); st != http.StatusOK {
		t.Errorf("a join forwarded by b: %d %+v; want 200", st, eb)
	}
}

// TestPeerRequestFromOutsidePeersRefused: an instance whose --peer
// networks leave out the peer's address refuses its requests, though
// their authenticator checks; the client is told, nothing changes.
func TestPeerRequestFromOutsidePeersRefused(t *testing.T) {
	url := pgtest.URL(t)
	a := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, func(c *server.Config) {
		c.Peers = []netip.Prefix{netip.MustParsePrefix("10.9.0.0/16")}
	})
	b := newInstance(t, url)
	id := openOn(t, a.base)
	st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Bo"}, nil)
	if st == http.StatusOK || !strings.Contains(eb.Message, "--peer networks") {
		t.Errorf("a join forwarded from outside a's --peer networks: %d %+v; want refused, naming --peer", st, eb)
	}
	var info table.Info
	do(t, a.base, "GET", "/api/tables/"+id, "", nil, &info)
	if info.Seats[0].Taken || info.Seats[1].Taken {
		t.Errorf("seats after the refused join: %+v; want both free", info.Seats)
	}
}

// TestQuotasCountTheVouchedAddress: a join that another instance
// forwards counts, on the table's owner, against the join quota of the
// client's address that instance vouches for (here the address its
// trusted proxy names), not the instance's own.
func TestQuotasCountTheVouchedAddress(t *testing.T) {
	url := pgtest.URL(t)
	a := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, func(c *server.Config) {
		c.Limits = &server.Limits{Joins: 2}
	})
	b := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, func(c *server.Config) {
		c.ClientIPHeader = "X-Forwarded-For"
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	})
	var ids []string
	for range 4 {
		var c created
		do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient}, &c)
		ids = append(ids, c.Table.ID)
	}
	join := func(id, from string) (int, errorBody) {
		return send(t, b.base, "/api/tables/"+id+"/join", map[string]string{"X-Forwarded-For": from}, `{"name":"Bo"}`)
	}
	for i, id := range ids[:2] {
		if st, eb := join(id, "198.51.100.7"); st != http.StatusOK {
			t.Fatalf("join %d from 198.51.100.7 through b: %d %+v; want 200", i+1, st, eb)
		}
	}
	st, eb := join(ids[2], "198.51.100.7")
	if st != http.StatusTooManyRequests || eb.Code != game.CodeLimit || !strings.Contains(eb.Message, "seats taken from your address") {
		t.Errorf("third join from 198.51.100.7 through b: %d %+v; want 429, the owner's join limit of that address", st, eb)
	}
	if st, eb := join(ids[3], "198.51.100.8"); st != http.StatusOK {
		t.Errorf("a join from another address through b: %d %+v; want 200", st, eb)
	}
}

// TestPrivateTableAcrossInstances plays a private table with its owner
// and each person on a different instance: Bo joins through the instance
// that does not run it with the invitation (and not without), the owner
// opens spectators' chat there, a spectator watches and chats there,
// Bo leaves and reclaims his seat there, asks for a take-back there, the
// game is played to its end, and the rematch, made there, is joined
// through the other with the same invitation.
func TestPrivateTableAcrossInstances(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	var c created
	if st, eb := do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true, StandIn: "random"}, &c); st != http.StatusCreated {
		t.Fatalf("create on a: %d %+v", st, eb)
	}
	id := c.Table.ID
	_, invite, _ := strings.Cut(c.Link, "?")
	invite = "?" + invite
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Bo"}, nil); st != http.StatusUnauthorized {
		t.Fatalf("join through b without the invitation: %d %+v; want 401", st, eb)
	}
	var ann, bo joined
	if st, eb := do(t, a.base, "POST", "/api/tables/"+id+"/join"+invite, "", map[string]any{"name": "Ann"}, &ann); st != http.StatusOK {
		t.Fatalf("Ann joins on a: %d %+v", st, eb)
	}
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join"+invite, "", map[string]any{"name": "Bo"}, &bo); st != http.StatusOK {
		t.Fatalf("Bo joins through b with the invitation: %d %+v; want 200", st, eb)
	}
	var info table.Info
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/chat/settings", c.OwnerToken, map[string]any{"spectators": true}, &info); st != http.StatusOK || !info.Chat.Spectators {
		t.Fatalf("the owner opens spectators' chat through b: %d %+v", st, eb)
	}
	annC := dial(t, a.base, id, ann.Token, 0, nil)
	annC.next("state")
	boC := dial(t, b.base, id, bo.Token, 1, nil)
	boC.next("state")
	cy := dialHello(t, b.base, id+invite, map[string]any{"type": "hello", "name": "Cy"}, 2)
	cy.next("state")
	cy.send(map[string]any{"type": "chat", "phrase": "good_luck"})
	if m := annC.nextChat(); m.Seat != game.Spectator || m.Name != "Cy" || m.Phrase != "good_luck" {
		t.Errorf("Ann sees Cy's message as %+v; want Cy's good_luck", m)
	}
	waitInfo := func(what string, ok func(table.Info) bool) {
		t.Helper()
		for end := time.Now().Add(10 * time.Second); ; {
			var in table.Info
			do(t, a.base, "GET", "/api/tables/"+id+invite, "", nil, &in)
			if ok(in) {
				return
			}
			if time.Now().After(end) {
				t.Fatalf("%s: not within 10 s; the owner shows %+v, spectators %+v", what, in.Seats, in.Spectators)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitInfo("Bo online and Cy watching on the owner", func(in table.Info) bool {
		return in.Seats[1].Presence == table.PresenceOnline && in.Spectators != nil && len(in.Spectators.Names) == 1 && in.Spectators.Names[0] == "Cy"
	})

	annC.act("d")
	annC.next("ack")
	boC.act("c")
	boC.next("ack")
	// Bo asks, through b, to take his move back; Ann agrees.
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/takeback", bo.Token, map[string]any{}, nil); st != http.StatusOK {
		t.Fatalf("Bo asks for a take-back through b: %d %+v", st, eb)
	}
	annC.next("takeback")
	annC.send(map[string]any{"type": "takeback", "answer": "agree"})
	for f := boC.next("takeback"); f.TakeBack.Status != table.TakeBackDone; f = boC.next("takeback") {
	}
	if st := boC.next("state"); st.N != 1 {
		t.Fatalf("after the take-back Bo's state is at n=%d; want 1", st.N)
	}
	// Bo leaves through b: a stand-in takes his seat; he reclaims it there.
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/leave", bo.Token, nil, nil); st != http.StatusOK {
		t.Fatalf("Bo leaves through b: %d %+v", st, eb)
	}
	waitInfo("Bo's stand-in", func(in table.Info) bool { return in.Seats[1].StandIn })
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/reclaim", bo.Token, nil, nil); st != http.StatusOK {
		t.Fatalf("Bo reclaims his seat through b: %d %+v", st, eb)
	}
	waitInfo("Bo back in his seat", func(in table.Info) bool { return !in.Seats[1].StandIn })

	sink := make(chan frame, 1024)
	clients := []*client{dial(t, a.base, id, ann.Token, 0, sink), dial(t, b.base, id, bo.Token, 1, sink)}
	clients[0].seq, clients[1].seq = annC.seq, boC.seq // the stand-in's moves took none of Bo's numbers
	annC.c.CloseNow()
	boC.c.CloseNow()
	rng := game.NewRand(17)
	playOut(t, clients, sink, &rng)
	var rec game.Record
	if st, eb := do(t, b.base, "GET", "/api/tables/"+id+"/record"+invite, "", nil, &rec); st != http.StatusOK {
		t.Fatalf("record through b: %d %+v", st, eb)
	}
	if _, err := game.Verify(registry(), &rec); err != nil {
		t.Errorf("the record of the private table played across instances: %v", err)
	}

	// The owner asks b for the rematch; it keeps the invitation, and Ann
	// joins it through a with it.
	var re created
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/rematch", c.OwnerToken, nil, &re); st != http.StatusCreated {
		t.Fatalf("rematch through b: %d %+v", st, eb)
	}
	if want := "/tables/" + re.Table.ID + invite; re.Link != want {
		t.Errorf("rematch link %q; want %q", re.Link, want)
	}
	if st, eb := do(t, a.base, "POST", "/api/tables/"+re.Table.ID+"/join"+invite, "", map[string]any{"name": "Ann"}, nil); st != http.StatusOK {
		t.Errorf("Ann joins the rematch through a: %d %+v; want 200", st, eb)
	}
	if st, eb := do(t, a.base, "POST", "/api/tables/"+re.Table.ID+"/join", "", map[string]any{"name": "Eve"}, nil); st != http.StatusUnauthorized {
		t.Errorf("a join of the rematch without the invitation: %d %+v; want 401", st, eb)
	}
	var rinfo table.Info
	do(t, b.base, "GET", "/api/tables/"+re.Table.ID+invite, "", nil, &rinfo)
	if rinfo.Status != store.StatusOpen || !rinfo.Seats[0].Taken && !rinfo.Seats[1].Taken {
		t.Errorf("the rematch on its owner: %+v; want open with Ann seated", rinfo)
	}
}

// TestPeerWithAnotherSecretRefused: the instance that runs a table has
// another cluster secret than the one a join is forwarded from: the join
// is refused, the client told that the servers disagree on it, and no
// seat is taken.
func TestPeerWithAnotherSecretRefused(t *testing.T) {
	url := pgtest.URL(t)
	a := newInstance(t, url)
	c := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, func(cfg *server.Config) {
		other, err := server.NewPeerAuth([]byte("not the cluster's secret, 32+ bytes"))
		if err != nil {
			t.Fatal(err)
		}
		cfg.PeerAuth = other
	})
	id := openOn(t, c.base)
	st, eb := do(t, a.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Bo"}, nil)
	if st == http.StatusOK || eb.Code != game.CodeConflict || !strings.Contains(eb.Message, "refused this instance as a peer") || !strings.Contains(eb.Message, "MAC does not check") {
		t.Errorf("a join forwarded with another secret: %d %+v; want a conflict saying the owner refused the peer", st, eb)
	}
	var info table.Info
	do(t, c.base, "GET", "/api/tables/"+id, "", nil, &info)
	if info.Seats[0].Taken || info.Seats[1].Taken {
		t.Errorf("seats after the refused join: %+v; want both free", info.Seats)
	}
}

// hereCreated is the answer to a create with seats made here (pass and
// play).
type hereCreated struct {
	Table      table.Info        `json:"table"`
	OwnerToken string            `json:"owner_token"`
	Here       []table.SeatToken `json:"here"`
	Link       string            `json:"link"`
}

// TestPrivateOwnerAndPassPlayThroughAnotherInstance: the owner of a
// private table that another instance runs changes it through this one
// (a bot in a seat, the start, calling another table off), and a device
// playing two seats of a private table (pass and play) through the
// instance that does not run it shows both seats online on the owner
// and plays each.
func TestPrivateOwnerAndPassPlayThroughAnotherInstance(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	var c created
	do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, Private: true}, &c)
	id := c.Table.ID
	_, invite, _ := strings.Cut(c.Link, "?")
	var info table.Info
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/seats/1/bot", c.OwnerToken, map[string]any{"bot": "random"}, &info); st != http.StatusOK || info.Seats[1].Kind != "bot" {
		t.Fatalf("the owner seats a bot through b: %d %+v %+v", st, eb, info.Seats)
	}
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join?"+invite, "", map[string]any{"name": "Ann"}, nil); st != http.StatusOK {
		t.Fatalf("Ann joins through b: %d %+v", st, eb)
	}
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/start", c.OwnerToken, nil, nil); st != http.StatusOK {
		t.Fatalf("the owner starts the table through b: %d %+v", st, eb)
	}
	do(t, a.base, "GET", "/api/tables/"+id+"?"+invite, "", nil, &info)
	if info.Status != store.StatusPlaying {
		t.Errorf("the table on its owner after a start through b: %s; want playing", info.Status)
	}
	var other created
	do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, Private: true}, &other)
	if st, eb := do(t, b.base, "POST", "/api/tables/"+other.Table.ID+"/abort", other.OwnerToken, nil, &info); st != http.StatusOK || info.Status != store.StatusFinished {
		t.Errorf("the owner calls a table off through b: %d %+v, status %s; want finished", st, eb, info.Status)
	}

	// Pass and play: both seats made on the device, which plays through b.
	var pp hereCreated
	if st, eb := do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatPerson, Here: true, Name: "Ann"}, {Kind: store.SeatPerson, Here: true, Name: "Bo"}}}, &pp); st != http.StatusCreated || len(pp.Here) != 2 {
		t.Fatalf("a pass-and-play table on a: %d %+v %+v", st, eb, pp.Here)
	}
	_, ppInvite, _ := strings.Cut(pp.Link, "?")
	dev := dialHello(t, b.base, pp.Table.ID+"?"+ppInvite, map[string]any{"type": "hello", "token": pp.Here[0].Token, "held": []string{pp.Here[1].Token}}, 0)
	dev.next("state")
	for end := time.Now().Add(10 * time.Second); ; {
		do(t, a.base, "GET", "/api/tables/"+pp.Table.ID+"?"+ppInvite, "", nil, &info)
		if info.Seats[0].Presence == table.PresenceOnline && info.Seats[1].Presence == table.PresenceOnline {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("both pass-and-play seats online on the owner: not within 10 s; %+v", info.Seats)
		}
		time.Sleep(50 * time.Millisecond)
	}
	dev.act("d")
	if f := dev.next("ack", "error"); f.Type != "ack" || f.N != 1 {
		t.Fatalf("Ann's move through b: %s; want ack n=1", f.raw)
	}
	var act struct {
		N int64 `json:"n"`
	}
	if st, eb := do(t, b.base, "POST", "/api/tables/"+pp.Table.ID+"/act", pp.Here[1].Token, map[string]any{"move": "c", "seq": 1}, &act); st != http.StatusOK || act.N != 2 {
		t.Errorf("Bo's move on the same device through b: %d %+v n=%d; want 200, n=2", st, eb, act.N)
	}
}

// TestAccountJoinsReservedSeatThroughAnotherInstance: Ann, signed in on
// the instance that does not run a private table, takes the seat kept
// for her account there: the owner seats her account, and a guest is
// still refused that seat.
func TestAccountJoinsReservedSeatThroughAnotherInstance(t *testing.T) {
	url := pgtest.URL(t)
	accounts, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { accounts.Close() })
	withAccounts := func(c *server.Config) { c.Accounts = accounts }
	a := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, withAccounts)
	b := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, withAccounts)
	ann := newBrowser(t, b.base)
	ann.signUp("Ann", "correct horse battery")
	var c created
	if st, eb := do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, Private: true,
		Seats: []table.SeatRequest{{Kind: store.SeatPerson, ReservedFor: "Ann"}, {Kind: store.SeatPerson}}}, &c); st != http.StatusCreated {
		t.Fatalf("create with a seat kept for Ann on a: %d %+v", st, eb)
	}
	id := c.Table.ID
	_, invite, _ := strings.Cut(c.Link, "?")
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join?"+invite, "", map[string]any{"name": "Eve", "seat": 0}, nil); st != http.StatusUnauthorized {
		t.Errorf("a guest takes Ann's seat through b: %d %+v; want 401", st, eb)
	}
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join?"+invite, "", map[string]any{"name": "Eve", "account": "forged"}, nil); st != http.StatusBadRequest {
		t.Errorf("a client naming an account in its join: %d %+v; want 400", st, eb)
	}
	var j joined
	if st, code := ann.call("POST", "/api/tables/"+id+"/join?"+invite, map[string]any{"name": "Ann"}, &j); st != http.StatusOK || j.Seat != 0 {
		t.Fatalf("Ann joins through b: %d %s seat %d; want 200, her seat 0", st, code, j.Seat)
	}
	var info table.Info
	do(t, a.base, "GET", "/api/tables/"+id+"?"+invite, "", nil, &info)
	if s := info.Seats[0]; !s.Taken || s.Name != "Ann" || !s.Account {
		t.Errorf("seat 0 on the owner: %+v; want Ann's account", s)
	}
}

// lockedBuffer is a log sink safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestForgedPeerRequestLogged: a server without a cluster secret (one
// instance on SQLite) refuses every request that says it comes from a
// peer with 401, saying it takes none, and logs the refusal with its
// path; the table is untouched.
func TestForgedPeerRequestLogged(t *testing.T) {
	var logged lockedBuffer
	ts := newTestServer(t, server.Config{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	id, _, _ := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2})
	for _, h := range []string{server.ForwardedHeader, server.PeerAuthHeader, server.ClientAddrHeader} {
		st, eb := send(t, ts.URL, "/api/tables/"+id+"/presence", map[string]string{h: "1"}, `{"from":"x","seats":["online","online"]}`)
		if st != http.StatusUnauthorized || !strings.Contains(eb.Message, "no cluster secret") {
			t.Errorf("a presence report with %s: %d %+v; want 401 saying this server takes no peer requests", h, st, eb)
		}
	}
	if l := logged.String(); strings.Count(l, "peer request refused") != 3 || !strings.Contains(l, "/api/tables/"+id+"/presence") {
		t.Errorf("the log: %q; want the three refusals with their path", l)
	}
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info)
	for i, s := range info.Seats {
		if s.Presence == table.PresenceOnline {
			t.Errorf("seat %d online after refused reports", i+1)
		}
	}
}
