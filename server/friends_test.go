package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minehall/account"
	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

type friendEntryJSON struct {
	Name   string `json:"name"`
	Friend bool   `json:"friend"`
	Online bool   `json:"online"`
	Table  string `json:"table"`
}

type friendListJSON struct {
	Entries []friendEntryJSON `json:"entries"`
	Next    string            `json:"next"`
}

type relationJSON struct {
	Follows    bool   `json:"follows"`
	FollowedBy bool   `json:"followed_by"`
	Friends    bool   `json:"friends"`
	Blocks     bool   `json:"blocks"`
	Online     bool   `json:"online"`
	Table      string `json:"table"`
}

type challengeJSON struct {
	ID      string `json:"id"`
	From    string `json:"from"`
	To      string `json:"to"`
	Status  string `json:"status"`
	Table   string `json:"table"`
	Request struct {
		Game    string `json:"game"`
		Players int    `json:"players"`
	} `json:"request"`
}

func entryNames(l friendListJSON) []string {
	out := []string{}
	for _, e := range l.Entries {
		out = append(out, e.Name)
	}
	return out
}

// connect4Challenge is a casual Connect Four challenge with a clock.
func connect4Challenge() map[string]any {
	return map[string]any{"game": "connectfour", "players": 2, "time_control": map[string]any{"move_s": 60, "bank_s": 300}}
}

func signedUp(t *testing.T, base string, names ...string) []*browser {
	var out []*browser
	for _, n := range names {
		b := newBrowser(t, base)
		b.signUp(n, "correct horse "+n)
		out = append(out, b)
	}
	return out
}

func mustCall(t *testing.T, b *browser, method, path string, body, out any, want int) {
	t.Helper()
	if st, code := b.call(method, path, body, out); st != want {
		t.Fatalf("%s %s: got %d %s (%s); want %d", method, path, st, code, b.message, want)
	}
}

// newConnect4Table creates, as b, a Connect Four table with a clock and
// returns its id.
func newConnect4Table(t *testing.T, b *browser) string {
	t.Helper()
	var tb struct {
		Table struct{ ID string } `json:"table"`
	}
	mustCall(t, b, "POST", "/api/tables", map[string]any{"game": "connectfour", "players": 2,
		"time_control": map[string]any{"move_s": 60, "bank_s": 300}}, &tb, http.StatusCreated)
	return tb.Table.ID
}

// annAndBobTable is a Connect Four table with a clock at which Ann and
// Bob sit.
type annAndBobTable struct {
	t    *testing.T
	base string
	id   string
	// ann and bob are the tokens of their seats.
	ann, bob string
}

// seatAnnAndBob has ann create a Connect Four table with a clock, and ann
// and bob sit at it.
func seatAnnAndBob(t *testing.T, base string, ann, bob *browser) *annAndBobTable {
	t.Helper()
	id := newConnect4Table(t, ann)
	var annSeat, bobSeat struct{ Token string }
	mustCall(t, ann, "POST", "/api/tables/"+id+"/join", map[string]any{"name": "Ann"}, &annSeat, http.StatusOK)
	mustCall(t, bob, "POST", "/api/tables/"+id+"/join", map[string]any{"name": "Bob"}, &bobSeat, http.StatusOK)
	return &annAndBobTable{t: t, base: base, id: id, ann: annSeat.Token, bob: bobSeat.Token}
}

// say says text in the table's chat as the seat of token, failing the
// test if it is refused.
func (at *annAndBobTable) say(token, text string) {
	at.t.Helper()
	if st, body := do(at.t, at.base, "POST", "/api/tables/"+at.id+"/chat", token, map[string]any{"text": text}, nil); st != http.StatusOK {
		at.t.Fatalf("chat %q: %d %+v", text, st, body)
	}
}

// dialAs connects b, with its sign-in cookie, to the table over the
// WebSocket and says hello with token, the token of its seat.
func (at *annAndBobTable) dialAs(b *browser, idx int, token string) *client {
	at.t.Helper()
	return dialClient(at.t, at.base, at.id, &websocket.DialOptions{HTTPClient: b.c}, map[string]any{"type": "hello", "token": token}, idx, nil)
}

// "Follow an account (one-way…; friends = both follow each other)",
// "Paginated lists".
func TestFollowMakesFriends(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob", "Cid", "Dee")
	ann, bob := bs[0], bs[1]
	var rel relationJSON
	mustCall(t, ann, "POST", "/api/players/Bob/follow", nil, &rel, http.StatusOK)
	if !rel.Follows || rel.FollowedBy || rel.Friends {
		t.Errorf("after Ann follows Bob: got %+v; want follows, not friends", rel)
	}
	var l friendListJSON
	mustCall(t, bob, "GET", "/api/account/followers", nil, &l, http.StatusOK)
	if !slices.Equal(entryNames(l), []string{"Ann"}) || l.Entries[0].Friend {
		t.Errorf("Bob's followers: got %+v; want Ann, not a friend", l.Entries)
	}
	mustCall(t, bob, "POST", "/api/players/ann/follow", nil, &rel, http.StatusOK) // names are case-insensitive
	if !rel.Friends {
		t.Errorf("after Bob follows back: got %+v; want friends", rel)
	}
	mustCall(t, ann, "GET", "/api/account/following", nil, &l, http.StatusOK)
	if len(l.Entries) != 1 || !l.Entries[0].Friend {
		t.Errorf("Ann's following: got %+v; want Bob, a friend", l.Entries)
	}
	mustCall(t, ann, "POST", "/api/players/Cid/follow", nil, nil, http.StatusOK)
	mustCall(t, ann, "POST", "/api/players/Dee/follow", nil, nil, http.StatusOK)
	var got []string
	after := ""
	for range 4 {
		mustCall(t, ann, "GET", "/api/account/following?limit=2&after="+after, nil, &l, http.StatusOK)
		got = append(got, entryNames(l)...)
		if after = l.Next; after == "" {
			break
		}
	}
	if want := []string{"Bob", "Cid", "Dee"}; !slices.Equal(got, want) {
		t.Errorf("Ann's following in pages of 2: got %v; want %v", got, want)
	}
	mustCall(t, ann, "POST", "/api/players/Bob/unfollow", nil, &rel, http.StatusOK)
	if rel.Follows || !rel.FollowedBy || rel.Friends {
		t.Errorf("after Ann unfollows Bob: got %+v; want followed by Bob only", rel)
	}
}

// "Bad input (tests for each): … following oneself; guests (not signed
// in) get 401 with a clear message."
func TestFriendsRefusals(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	ann := signedUp(t, ts.URL, "Ann")[0]
	guest := newBrowser(t, ts.URL)
	for _, tc := range []struct {
		name   string
		b      *browser
		method string
		path   string
		body   any
		status int
		code   game.Code
		says   string
	}{
		{"FollowOneself", ann, "POST", "/api/players/Ann/follow", nil, 400, game.CodeInvalid, "yourself"},
		{"FollowNobody", ann, "POST", "/api/players/Nobody/follow", nil, 404, game.CodeNotFound, "Nobody"},
		{"BlockOneself", ann, "POST", "/api/players/Ann/block", nil, 400, game.CodeInvalid, "yourself"},
		{"BadLimit", ann, "GET", "/api/account/following?limit=0", nil, 400, game.CodeInvalid, "limit"},
		{"GuestFollows", guest, "POST", "/api/players/Ann/follow", nil, 401, game.CodeUnauthorized, "not signed in"},
		{"GuestLists", guest, "GET", "/api/account/following", nil, 401, game.CodeUnauthorized, "not signed in"},
		{"GuestChallenges", guest, "POST", "/api/players/Ann/challenge", connect4Challenge(), 401, game.CodeUnauthorized, "not signed in"},
		{"GuestListsChallenges", guest, "GET", "/api/challenges", nil, 401, game.CodeUnauthorized, "not signed in"},
		{"GuestLive", guest, "GET", "/ws/live", nil, 401, game.CodeUnauthorized, "not signed in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, code := tc.b.call(tc.method, tc.path, tc.body, nil)
			if st != tc.status || code != tc.code || !strings.Contains(tc.b.message, tc.says) {
				t.Errorf("got %d %s %q; want %d %s saying %q", st, code, tc.b.message, tc.status, tc.code, tc.says)
			}
		})
	}
	var l friendListJSON
	mustCall(t, ann, "GET", "/api/account/following", nil, &l, http.StatusOK)
	if len(l.Entries) != 0 {
		t.Errorf("after refused follows, Ann follows %v; want none", entryNames(l))
	}
}

// "Block an account: it can no longer challenge you, … or follow you
// (blocking removes its follow). Unblock. A blocked list."
func TestBlock(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	mustCall(t, ann, "POST", "/api/players/Bob/follow", nil, nil, http.StatusOK)
	var c challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	var rel relationJSON
	mustCall(t, bob, "POST", "/api/players/Ann/block", nil, &rel, http.StatusOK)
	if !rel.Blocks || rel.FollowedBy {
		t.Errorf("after Bob blocks Ann: got %+v; want blocks, Ann's follow gone", rel)
	}
	var l friendListJSON
	mustCall(t, bob, "GET", "/api/account/blocks", nil, &l, http.StatusOK)
	if !slices.Equal(entryNames(l), []string{"Ann"}) {
		t.Errorf("Bob's blocked list: got %v; want [Ann]", entryNames(l))
	}
	if st, code := ann.call("POST", "/api/players/Bob/follow", nil, nil); st != 409 || code != game.CodeConflict {
		t.Errorf("Ann follows Bob who blocks her: got %d %s; want 409 conflict", st, code)
	}
	if st, _ := ann.call("POST", "/api/players/Bob/challenge", connect4Challenge(), nil); st != 409 || ann.message != "Bob does not take challenges from you" {
		t.Errorf("Ann challenges Bob who blocks her: got %d %q; want 409 saying Bob does not take challenges from her", st, ann.message)
	}
	var cl struct{ Entries []challengeJSON }
	mustCall(t, bob, "GET", "/api/challenges?dir=in", nil, &cl, http.StatusOK)
	if len(cl.Entries) != 1 || cl.Entries[0].Status != "cancelled" {
		t.Errorf("Bob's challenges after the block: got %+v; want Ann's one, cancelled", cl.Entries)
	}
	// Ann sees no block in her relation to Bob.
	mustCall(t, ann, "GET", "/api/players/Bob/relation", nil, &rel, http.StatusOK)
	if rel != (relationJSON{}) {
		t.Errorf("Ann's relation to Bob who blocks her: got %+v; want nothing told", rel)
	}
	mustCall(t, bob, "POST", "/api/players/Ann/unblock", nil, &rel, http.StatusOK)
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), nil, http.StatusCreated)
}

// "Challenge an account … Accept creates the table (private to the two,
// both seated) …; decline tells the challenger; … the challenger may
// cancel it. Lists of incoming/outgoing challenges."
func TestChallengeAccepted(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob", "Cid")
	ann, bob, cid := bs[0], bs[1], bs[2]
	var c challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	if c.From != "Ann" || c.To != "Bob" || c.Status != "open" || c.Request.Game != "connectfour" {
		t.Fatalf("challenge: got %+v; want an open connectfour challenge from Ann to Bob", c)
	}
	var in, out struct{ Entries []challengeJSON }
	mustCall(t, bob, "GET", "/api/challenges?dir=in&open=true", nil, &in, http.StatusOK)
	mustCall(t, ann, "GET", "/api/challenges?dir=out", nil, &out, http.StatusOK)
	if len(in.Entries) != 1 || in.Entries[0].ID != c.ID || len(out.Entries) != 1 || out.Entries[0].ID != c.ID {
		t.Fatalf("Bob's incoming %+v and Ann's outgoing %+v; want the challenge in each", in.Entries, out.Entries)
	}
	if st, code := cid.call("POST", "/api/challenges/"+c.ID+"/accept", nil, nil); st != 404 || code != game.CodeNotFound {
		t.Errorf("Cid accepts Bob's challenge: got %d %s; want 404", st, code)
	}
	if st, _ := ann.call("POST", "/api/challenges/"+c.ID+"/accept", nil, nil); st != 404 {
		t.Errorf("Ann accepts her own challenge: got %d; want 404", st)
	}
	var acc struct {
		Challenge challengeJSON `json:"challenge"`
		Table     string        `json:"table"`
	}
	mustCall(t, bob, "POST", "/api/challenges/"+c.ID+"/accept", nil, &acc, http.StatusOK)
	if acc.Table == "" || acc.Challenge.Status != "accepted" || acc.Challenge.Table != acc.Table {
		t.Fatalf("accept: got %+v; want accepted with its table", acc)
	}
	if st, code := bob.call("POST", "/api/challenges/"+c.ID+"/accept", nil, nil); st != 409 || code != game.CodeConflict {
		t.Errorf("accept twice: got %d %s; want 409", st, code)
	}
	// The table is private: Cid may not join or see it; Ann and Bob take
	// their kept seats and it starts.
	if st, _ := cid.call("POST", "/api/tables/"+acc.Table+"/join", map[string]any{"name": "Cid"}, nil); st != 401 {
		t.Errorf("Cid joins the challenge's table: got %d; want 401 (private)", st)
	}
	var j struct {
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	mustCall(t, ann, "POST", "/api/tables/"+acc.Table+"/join", map[string]any{"name": "Ann"}, &j, http.StatusOK)
	mustCall(t, bob, "POST", "/api/tables/"+acc.Table+"/join", map[string]any{"name": "Bob"}, &j, http.StatusOK)
	var info struct {
		Status  string `json:"status"`
		Private bool   `json:"private"`
	}
	mustCall(t, bob, "GET", "/api/tables/"+acc.Table, nil, &info, http.StatusOK)
	if info.Status != "playing" || !info.Private {
		t.Errorf("the challenge's table after both joined: got %+v; want playing, private", info)
	}

	// Declined and cancelled challenges are told, and closed.
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	mustCall(t, bob, "POST", "/api/challenges/"+c.ID+"/decline", nil, &c, http.StatusOK)
	if c.Status != "declined" {
		t.Errorf("decline: got %q; want declined", c.Status)
	}
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	if st, _ := bob.call("POST", "/api/challenges/"+c.ID+"/cancel", nil, nil); st != 404 {
		t.Errorf("Bob cancels Ann's challenge: got %d; want 404", st)
	}
	mustCall(t, ann, "POST", "/api/challenges/"+c.ID+"/cancel", nil, &c, http.StatusOK)
	if st, _ := bob.call("POST", "/api/challenges/"+c.ID+"/accept", nil, nil); st != 409 || !strings.Contains(bob.message, "cancelled") {
		t.Errorf("accept a cancelled challenge: got %d %q; want 409 saying it is cancelled", st, bob.message)
	}
}

// A rated challenge makes a rated table, public as every rated table,
// with a seat kept for each of the two.
func TestRatedChallenge(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	body := connect4Challenge()
	body["rated"] = true
	var c challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", body, &c, http.StatusCreated)
	var acc struct{ Table string }
	mustCall(t, bob, "POST", "/api/challenges/"+c.ID+"/accept", nil, &acc, http.StatusOK)
	var info struct {
		Rated   bool `json:"rated"`
		Private bool `json:"private"`
	}
	mustCall(t, bob, "GET", "/api/tables/"+acc.Table, nil, &info, http.StatusOK)
	if !info.Rated || info.Private {
		t.Errorf("the rated challenge's table: got %+v; want rated, public", info)
	}
	guest := newBrowser(t, ts.URL)
	if st, _ := guest.call("POST", "/api/tables/"+acc.Table+"/join", map[string]any{"name": "Eve"}, nil); st != 409 {
		t.Errorf("a guest joins the seats kept for Ann and Bob: got %d; want 409", st)
	}
}

// "Bad input (tests for each): a challenge to oneself, to an account
// that blocked you, to an unknown account, with an invalid option/time
// control; … accepting an expired … challenge".
func TestChallengeRefusals(t *testing.T) {
	ts := newAccountServer(t, server.Config{ChallengeLife: time.Millisecond})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	with := func(k string, v any) map[string]any {
		b := connect4Challenge()
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
		return b
	}
	for _, tc := range []struct {
		name   string
		to     string
		body   any
		status int
		says   string
	}{
		{"Oneself", "Ann", connect4Challenge(), 400, "you cannot challenge yourself"},
		{"Unknown", "Nobody", connect4Challenge(), 404, `there is no player "Nobody"`},
		{"UnknownGame", "Bob", with("game", "chess"), 404, "chess"},
		{"BadOption", "Bob", with("options", map[string]string{"colour": "red"}), 400, "colour"},
		{"BadTimeControl", "Bob", with("time_control", map[string]any{"move_s": -5, "bank_s": 0}), 400, "time"},
		{"UntimedCasualTurnBased", "Bob", with("time_control", nil), 0, ""},
		{"RatedUntimed", "Bob", map[string]any{"game": "connectfour", "players": 2, "rated": true}, 400, "time_control"},
		{"RatedNotRulebook", "Bob", map[string]any{"game": "hammertime", "players": 2, "options": map[string]string{"wagons": "1"}, "rated": true,
			"time_control": map[string]any{"move_s": 60, "bank_s": 300}}, 400, "wagons"},
		{"OnePlayer", "Bob", with("players", 1), 400, "2 or more players"},
		{"TooManyPlayers", "Bob", with("players", 3), 400, "bots"},
		{"UnknownField", "Bob", with("colour", "red"), 400, "colour"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := ann.call("POST", "/api/players/"+tc.to+"/challenge", tc.body, nil)
			if tc.status == 0 {
				if st != http.StatusCreated {
					t.Errorf("got %d %q; want 201", st, ann.message)
				}
				return
			}
			if st != tc.status || !strings.Contains(ann.message, tc.says) {
				t.Errorf("got %d %q; want %d saying %q", st, ann.message, tc.status, tc.says)
			}
		})
	}
	// Expired: the challenges above lived a millisecond.
	var in struct{ Entries []challengeJSON }
	mustCall(t, bob, "GET", "/api/challenges?dir=in", nil, &in, http.StatusOK)
	if len(in.Entries) != 1 {
		t.Fatalf("Bob's challenges: got %+v; want the one untimed", in.Entries)
	}
	time.Sleep(5 * time.Millisecond)
	if st, _ := bob.call("POST", "/api/challenges/"+in.Entries[0].ID+"/accept", nil, nil); st != 409 || !strings.Contains(bob.message, "expired") {
		t.Errorf("accept an expired challenge: got %d %q; want 409 saying it expired", st, bob.message)
	}
	mustCall(t, bob, "GET", "/api/challenges?dir=in&open=true", nil, &in, http.StatusOK)
	if len(in.Entries) != 0 {
		t.Errorf("Bob's open challenges: got %+v; want none", in.Entries)
	}
}

// "a flood of challenges (a quota per account: e.g. 20 open outgoing, N
// per hour → 429 with Retry-After)".
func TestChallengeFlood(t *testing.T) {
	ts := newAccountServer(t, server.Config{ChallengeQuota: &store.ChallengeQuota{Open: 2, PerHour: 3}})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann := bs[0]
	var c challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), nil, http.StatusCreated)
	retry := func() string {
		req, _ := http.NewRequest("POST", ts.URL+"/api/players/Bob/challenge", strings.NewReader(`{"game":"connectfour","players":2,"time_control":{"move_s":60,"bank_s":300}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", ts.URL)
		req.Header.Set("X-CSRF-Token", ann.csrf)
		resp, err := ann.c.Do(req)
		if err != nil {
			t.Fatalf("POST: %v", err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("a challenge beyond the quota: got %d; want 429", resp.StatusCode)
		}
		return resp.Header.Get("Retry-After")
	}
	if ra := retry(); ra == "" || ra == "0" {
		t.Errorf("third open challenge: Retry-After %q; want the seconds until the first expires", ra)
	}
	mustCall(t, ann, "POST", "/api/challenges/"+c.ID+"/cancel", nil, nil, http.StatusOK)
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	mustCall(t, ann, "POST", "/api/challenges/"+c.ID+"/cancel", nil, nil, http.StatusOK)
	if ra := retry(); ra == "" || ra == "0" {
		t.Errorf("fourth challenge in an hour: Retry-After %q; want the seconds until the first is an hour old", ra)
	}
}

// liveStream reads the server-sent events of GET /ws/live.
type liveStream struct {
	events chan string
	resp   *http.Response
}

func openLive(t *testing.T, b *browser, query string) *liveStream {
	t.Helper()
	req, _ := http.NewRequest("GET", b.base+"/ws/live"+query, nil)
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatalf("GET /ws/live: %v", err)
	}
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("GET /ws/live: %d %s; want 200, text/event-stream", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	ls := &liveStream{events: make(chan string, 16), resp: resp}
	go func() {
		defer close(ls.events)
		sc := bufio.NewScanner(resp.Body)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "challenge":
				ls.events <- strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	t.Cleanup(func() { resp.Body.Close() })
	return ls
}

// next returns the next challenge event, failing after a generous wait.
func (ls *liveStream) next(t *testing.T) challengeJSON {
	select {
	case data, ok := <-ls.events:
		if !ok {
			t.Fatalf("the live channel ended")
		}
		var c challengeJSON
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			t.Fatalf("challenge event %s: %v", data, err)
		}
		return c
	case <-time.After(10 * time.Second):
		t.Fatalf("no challenge event in 10 s")
	}
	return challengeJSON{}
}

// "The challenge arrives LIVE on any page the challenged person has
// open …; decline tells the challenger"; "who of them is online now and
// at which public table".
func TestLiveChallengeAndPresence(t *testing.T) {
	ts := newAccountServer(t, server.Config{LivePoll: time.Hour}) // changes here wake the channel at once
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	mustCall(t, ann, "POST", "/api/players/Bob/follow", nil, nil, http.StatusOK)
	var l friendListJSON
	mustCall(t, ann, "GET", "/api/account/following", nil, &l, http.StatusOK)
	if l.Entries[0].Online {
		t.Errorf("Bob has no page open: got online")
	}
	tableID := newConnect4Table(t, newBrowser(t, ts.URL))
	bobLive := openLive(t, bob, "?table="+tableID)
	annLive := openLive(t, ann, "")
	var c challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	if got := bobLive.next(t); got.ID != c.ID || got.Status != "open" || got.From != "Ann" {
		t.Errorf("Bob's live channel: got %+v; want Ann's open challenge", got)
	}
	if got := annLive.next(t); got.ID != c.ID || got.Status != "open" {
		t.Errorf("Ann's live channel: got %+v; want her open challenge", got)
	}
	mustCall(t, bob, "POST", "/api/challenges/"+c.ID+"/decline", nil, nil, http.StatusOK)
	if got := annLive.next(t); got.ID != c.ID || got.Status != "declined" {
		t.Errorf("Ann's live channel after Bob declines: got %+v; want declined", got)
	}
	if got := bobLive.next(t); got.Status != "declined" {
		t.Errorf("Bob's live channel after he declines: got %+v; want declined", got)
	}
	mustCall(t, ann, "GET", "/api/account/following", nil, &l, http.StatusOK)
	if !l.Entries[0].Online || l.Entries[0].Table != tableID {
		t.Errorf("Bob with a page open at a public table: got %+v; want online at %s", l.Entries[0], tableID)
	}
	var rel relationJSON
	mustCall(t, ann, "GET", "/api/players/Bob/relation", nil, &rel, http.StatusOK)
	if !rel.Online || rel.Table != tableID {
		t.Errorf("Ann's relation to Bob: got %+v; want online at %s", rel, tableID)
	}
	// A challenge open when a page opens arrives too.
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	later := openLive(t, bob, "")
	if got := later.next(t); got.ID != c.ID || got.Status != "open" {
		t.Errorf("a page opened later: got %+v; want the open challenge", got)
	}
}

// "Block an account: it can no longer … chat with you (its chat lines at
// tables are hidden from you …)". Ann and Bob sit at a table; after Bob
// blocks Ann, her lines are gone from the chat Bob reads, not from Cid's.
func TestBlockedChatHidden(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob", "Cid")
	ann, bob, cid := bs[0], bs[1], bs[2]
	at := seatAnnAndBob(t, ts.URL, ann, bob)
	at.say(at.ann, "hello from Ann")
	mustCall(t, bob, "POST", "/api/players/Ann/block", nil, nil, http.StatusOK)
	at.say(at.ann, "Ann again")
	at.say(at.bob, "Bob here")
	read := func(b *browser) []string {
		var log struct {
			Messages []struct{ Text string } `json:"messages"`
		}
		mustCall(t, b, "GET", "/api/tables/"+at.id+"/chat", nil, &log, http.StatusOK)
		out := []string{}
		for _, m := range log.Messages {
			out = append(out, m.Text)
		}
		return out
	}
	if got, want := read(bob), []string{"Bob here"}; !slices.Equal(got, want) {
		t.Errorf("the chat Bob reads: got %q; want %q", got, want)
	}
	if got, want := read(cid), []string{"hello from Ann", "Ann again", "Bob here"}; !slices.Equal(got, want) {
		t.Errorf("the chat Cid reads: got %q; want %q", got, want)
	}
	mustCall(t, bob, "POST", "/api/players/Ann/unblock", nil, nil, http.StatusOK)
	if got := read(bob); len(got) != 3 {
		t.Errorf("after unblocking, Bob reads %q; want all 3 lines", got)
	}
}

// Over the WebSocket, too: Bob, who blocks Ann, connects to their table
// signed in; the state he gets leaves her earlier line out, and her next
// line never reaches him while his own does.
func TestBlockedChatHiddenOnTheWebSocket(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	at := seatAnnAndBob(t, ts.URL, ann, bob)
	at.say(at.ann, "before the block")
	at.say(at.bob, "Bob first")
	mustCall(t, bob, "POST", "/api/players/Ann/block", nil, nil, http.StatusOK)

	cl := at.dialAs(bob, 1, at.bob)
	st := cl.next("state")
	var lines []string
	for _, m := range st.Chat {
		lines = append(lines, m.Text)
	}
	if !slices.Equal(lines, []string{"Bob first"}) {
		t.Errorf("the chat in Bob's state frame: got %q; want only his own line", lines)
	}
	at.say(at.ann, "after the block")
	at.say(at.bob, "Bob again")
	if f := cl.next("chat"); f.Said == nil || f.Said.Text != "Bob again" {
		t.Errorf("the next chat frame Bob gets: got %+v; want his own line, not Ann's", f.Said)
	}
}

// A block takes effect on a table page already open: Ann's socket is
// connected before she blocks Bob; his next line never reaches it, hers
// does, and after she unblocks him his lines arrive again.
func TestBlockTakesEffectOnAnOpenWebSocket(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	at := seatAnnAndBob(t, ts.URL, ann, bob)

	cl := at.dialAs(ann, 0, at.ann)
	cl.next("state")
	nextLine := func() string {
		t.Helper()
		f := cl.next("chat")
		if f.Said == nil {
			t.Fatalf("a chat frame without its line: %+v", f)
		}
		return f.Said.Text
	}

	at.say(at.bob, "Bob before")
	if got := nextLine(); got != "Bob before" {
		t.Errorf("before the block, Ann's socket gets %q; want %q", got, "Bob before")
	}
	mustCall(t, ann, "POST", "/api/players/Bob/block", nil, nil, http.StatusOK)
	at.say(at.bob, "Bob while blocked")
	at.say(at.ann, "Ann while blocking")
	if got := nextLine(); got != "Ann while blocking" {
		t.Errorf("after the block, Ann's open socket gets %q; want her own line, not Bob's", got)
	}
	mustCall(t, ann, "POST", "/api/players/Bob/unblock", nil, nil, http.StatusOK)
	at.say(at.bob, "Bob after")
	if got := nextLine(); got != "Bob after" {
		t.Errorf("after the unblock, Ann's socket gets %q; want %q", got, "Bob after")
	}
}

// An http.Server shutting down ends the open live channels (registered
// with RegisterOnShutdown, as `minehall serve` does) instead of waiting
// for them.
func TestShutdownEndsLiveChannels(t *testing.T) {
	db := sqlitetest.Open(t)
	defer db.Close()
	hall := table.NewHall(table.Config{Registry: registry(), Store: db})
	defer hall.Close()
	srv := server.New(server.Config{Registry: registry(), Hall: hall, Accounts: db, Limits: &server.Limits{}, PasswordCost: account.MinCost})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv}
	hs.RegisterOnShutdown(srv.EndLiveChannels)
	go hs.Serve(ln)
	ann := signedUp(t, "http://"+ln.Addr().String(), "Ann")[0]
	live := openLive(t, ann, "")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown with a live channel open: %v; want it ended", err)
	}
	for range live.events {
	}
}

// "seats (2 players, or more with bots filling the other seats if the
// game allows)": a three-player Goofspiel challenge seats the two and a
// bot.
func TestChallengeWithABot(t *testing.T) {
	ts := newAccountServer(t, server.Config{})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	var c challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", map[string]any{"game": "goofspiel", "players": 3, "bots": []string{"random"},
		"time_control": map[string]any{"move_s": 60, "bank_s": 300}}, &c, http.StatusCreated)
	var acc struct{ Table string }
	mustCall(t, bob, "POST", "/api/challenges/"+c.ID+"/accept", nil, &acc, http.StatusOK)
	var info struct {
		Seats []struct {
			Kind string `json:"kind"`
		} `json:"seats"`
	}
	mustCall(t, bob, "GET", "/api/tables/"+acc.Table, nil, &info, http.StatusOK)
	kinds := []string{}
	for _, s := range info.Seats {
		kinds = append(kinds, s.Kind)
	}
	if !slices.Equal(kinds, []string{"person", "person", "bot"}) {
		t.Errorf("the seats of the accepted challenge: got %v; want two people and a bot", kinds)
	}
}
