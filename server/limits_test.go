package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minehall/game"
	"minehall/server"
	"minehall/table"
)

// post sends a JSON POST with the given headers and returns the status,
// the Retry-After header and the error body, if any.
func post(t *testing.T, url string, headers map[string]string, body any, out any) (int, string, errorBody) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", url, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var eb struct {
		Error errorBody `json:"error"`
	}
	if resp.StatusCode >= 400 {
		json.Unmarshal(data, &eb)
	} else if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("POST %s: answer %s: %v", url, data, err)
		}
	}
	return resp.StatusCode, resp.Header.Get("Retry-After"), eb.Error
}

var connectFour = table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient}

// wantLimit checks a refusal for a limit: 429, a Retry-After of at least a
// second, code limit and a message saying what.
func wantLimit(t *testing.T, what string, st int, retry string, eb errorBody, says string) {
	t.Helper()
	if st != http.StatusTooManyRequests || retry == "" || retry == "0" || eb.Code != game.CodeLimit || !strings.Contains(eb.Message, says) {
		t.Errorf("%s: got %d, Retry-After %q, %+v; want 429 with a Retry-After, code limit and a message with %q", what, st, retry, eb, says)
	}
}

func TestLimitCreatesAndUnfinishedTables(t *testing.T) {
	t.Run("Creates", func(t *testing.T) {
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Creates: 2}})
		for i := range 2 {
			if st, _, eb := post(t, ts.URL+"/api/tables", nil, connectFour, nil); st != http.StatusCreated {
				t.Fatalf("create %d: %d %+v; want 201", i+1, st, eb)
			}
		}
		st, retry, eb := post(t, ts.URL+"/api/tables", nil, connectFour, nil)
		wantLimit(t, "third create in a minute", st, retry, eb, "at most 2 a minute")
		if retry != "30" {
			t.Errorf("Retry-After of the third create: %q; want 30 (one of 2 creates a minute)", retry)
		}
	})
	t.Run("UnfinishedTables", func(t *testing.T) {
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Tables: 2}})
		var first created
		post(t, ts.URL+"/api/tables", nil, connectFour, &first)
		post(t, ts.URL+"/api/tables", nil, connectFour, nil)
		st, retry, eb := post(t, ts.URL+"/api/tables", nil, connectFour, nil)
		wantLimit(t, "a third unfinished table", st, retry, eb, "2 unfinished tables")
		if st, eb := do(t, ts.URL, "POST", "/api/tables/"+first.Table.ID+"/abort", first.OwnerToken, nil, nil); st != http.StatusOK {
			t.Fatalf("abort: %d %+v", st, eb)
		}
		if st, _, eb := post(t, ts.URL+"/api/tables", nil, connectFour, nil); st != http.StatusCreated {
			t.Errorf("create once a table is aborted: %d %+v; want 201", st, eb)
		}
	})
}

func TestLimitJoinsConnectionsAndRequests(t *testing.T) {
	t.Run("Joins", func(t *testing.T) {
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Joins: 1}})
		var c created
		post(t, ts.URL+"/api/tables", nil, connectFour, &c)
		if st, _, eb := post(t, ts.URL+"/api/tables/"+c.Table.ID+"/join", nil, map[string]any{"name": "Ann"}, nil); st != http.StatusOK {
			t.Fatalf("first join: %d %+v", st, eb)
		}
		st, retry, eb := post(t, ts.URL+"/api/tables/"+c.Table.ID+"/join", nil, map[string]any{"name": "Bo"}, nil)
		wantLimit(t, "second join in a minute", st, retry, eb, "at most 1 a minute")
	})
	t.Run("Connections", func(t *testing.T) {
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Connections: 2}})
		var c created
		post(t, ts.URL+"/api/tables", nil, connectFour, &c)
		a := dial(t, ts.URL, c.Table.ID, "", 0, nil)
		a.next("state")
		dial(t, ts.URL, c.Table.ID, "", 1, nil).next("state")
		_, resp, err := websocket.Dial(context.Background(), wsURL(ts.URL, c.Table.ID), nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("third WebSocket: %v (response %v); want 429 with Retry-After", err, resp)
		}
		a.c.Close(websocket.StatusNormalClosure, "")
		deadline := time.Now().Add(5 * time.Second)
		for {
			c3, _, err := websocket.Dial(context.Background(), wsURL(ts.URL, c.Table.ID), nil)
			if err == nil {
				c3.CloseNow()
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("a WebSocket once another closed: %v; want it accepted", err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	t.Run("Requests", func(t *testing.T) {
		// The clock stands still through the burst, however slowly the
		// machine serves it, and moves only when the test says.
		var clock stillClock
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Requests: 5}, LimitsNow: clock.now})
		for i := range 10 {
			if st, _ := get(t, ts.URL+"/api/games"); st != http.StatusOK {
				t.Fatalf("request %d of a burst of 10: %d; want 200", i+1, st)
			}
		}
		resp, err := http.Get(ts.URL + "/api/games")
		if err != nil {
			t.Fatal(err)
		}
		var eb struct{ Error errorBody }
		json.NewDecoder(resp.Body).Decode(&eb)
		resp.Body.Close()
		wantLimit(t, "request 11 of a burst", resp.StatusCode, resp.Header.Get("Retry-After"), eb.Error, "at most 5 a second")
		for _, path := range []string{"/healthz", "/readyz", "/"} {
			if st, _ := get(t, ts.URL+path); st != http.StatusOK {
				t.Errorf("GET %s past the API's limit: %d; want 200 (not counted)", path, st)
			}
		}
		clock.add(150 * time.Millisecond) // not yet a token back at 5 a second
		if st, _ := get(t, ts.URL+"/api/games"); st != http.StatusTooManyRequests {
			t.Errorf("request 150 ms after the burst: %d; want 429", st)
		}
		clock.add(100 * time.Millisecond) // 250 ms: a token back
		if st, _ := get(t, ts.URL+"/api/games"); st != http.StatusOK {
			t.Errorf("request 250 ms after the burst: %d; want 200", st)
		}
		if st, _ := get(t, ts.URL+"/api/games"); st != http.StatusTooManyRequests {
			t.Errorf("a second request 250 ms after the burst: %d; want 429 (one token came back)", st)
		}
	})
}

// stillClock is a clock that stands still until the test moves it on.
type stillClock struct{ by atomic.Int64 }

var stillEpoch = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func (c *stillClock) now() time.Time      { return stillEpoch.Add(time.Duration(c.by.Load())) }
func (c *stillClock) add(d time.Duration) { c.by.Add(int64(d)) }

// TestClientAddress: behind a trusted proxy the quotas count the address
// its header names (the last one that is not a proxy, an IPv6 address by
// its /64), elsewhere the TCP peer's; another instance's request counts
// under the client's address it vouches for, and the instances' header
// without their authenticator is refused.
func TestClientAddress(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	xff := func(v string) map[string]string { return map[string]string{"X-Forwarded-For": v} }
	t.Run("TrustedProxy", func(t *testing.T) {
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Creates: 1}, ClientIPHeader: "X-Forwarded-For", TrustedProxies: loopback})
		for _, tc := range []struct {
			name, header string
			want         int
		}{
			{"First", "192.0.2.1", 201},
			{"ErrSameAgain", "192.0.2.1", 429},
			{"Another", "192.0.2.2", 201},
			{"SpoofedLeftIgnored", "192.0.2.2, 198.51.100.9", 201},
			{"ErrSpoofedLeftSame", "192.0.2.77, 198.51.100.9", 429},
			{"ProxyChain", "203.0.113.5, 127.0.0.1", 201},
			{"IPv6", "2001:db8::1", 201},
			{"ErrSame64", "[2001:db8::2]:443", 429},
			{"Other64", "2001:db8:0:1::1", 201},
		} {
			if st, _, eb := post(t, ts.URL+"/api/tables", xff(tc.header), connectFour, nil); st != tc.want {
				t.Errorf("%s: create with X-Forwarded-For %q: %d %+v; want %d", tc.name, tc.header, st, eb, tc.want)
			}
		}
	})
	t.Run("UntrustedPeerHeaderIgnored", func(t *testing.T) {
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Creates: 1}, ClientIPHeader: "X-Forwarded-For",
			TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
		post(t, ts.URL+"/api/tables", xff("192.0.2.1"), connectFour, nil)
		if st, _, _ := post(t, ts.URL+"/api/tables", xff("192.0.2.2"), connectFour, nil); st != http.StatusTooManyRequests {
			t.Errorf("a header from a peer that is no trusted proxy: %d; want 429, counted under the peer", st)
		}
	})
	t.Run("ErrForgedPeerHeader", func(t *testing.T) {
		// From a --peer address, the instances' header alone is a
		// client's claim: refused, and nothing taken.
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Joins: 1}, Peers: loopback, PeerAuth: testPeerAuth(t)})
		var c created
		post(t, ts.URL+"/api/tables", nil, table.CreateRequest{Game: "goofspiel", Players: 4, TimeControl: patient}, &c)
		join := ts.URL + "/api/tables/" + c.Table.ID + "/join"
		for i, name := range []string{"Ann", "Bo"} {
			if st, _, eb := post(t, join, map[string]string{server.ForwardedHeader: "1"}, map[string]any{"name": name}, nil); st != http.StatusUnauthorized {
				t.Errorf("join %d with a forged %s: %d %+v; want 401", i+1, server.ForwardedHeader, st, eb)
			}
		}
		if st, _, eb := post(t, join, nil, map[string]any{"name": "Cy"}, nil); st != http.StatusOK {
			t.Errorf("the client's own first join after its forged ones: %d %+v; want 200, none counted", st, eb)
		}
	})
	t.Run("PeerCountsUnderTheVouchedAddress", func(t *testing.T) {
		auth := testPeerAuth(t)
		ts := newTestServer(t, server.Config{Limits: &server.Limits{Joins: 1}, Peers: loopback, PeerAuth: auth,
			ClientIPHeader: "X-Forwarded-For", TrustedProxies: loopback})
		var c created
		post(t, ts.URL+"/api/tables", nil, table.CreateRequest{Game: "goofspiel", Players: 4, TimeControl: patient}, &c)
		join := "/api/tables/" + c.Table.ID + "/join"
		for _, tc := range []struct {
			name, client string
			want         int
		}{
			{"First", "192.0.2.1", http.StatusOK},
			{"ErrSameClientAgain", "192.0.2.1", http.StatusTooManyRequests},
			{"AnotherClient", "192.0.2.2", http.StatusOK},
			{"OnItsOwnBehalf", "", http.StatusOK},
		} {
			body := `{"name":"` + tc.name + `"}`
			req, _ := http.NewRequest(http.MethodPost, ts.URL+join, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			var client netip.Addr
			if tc.client != "" {
				client = netip.MustParseAddr(tc.client)
			}
			auth.Sign(req, []byte(body), client)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("%s: a peer's join for %q: %d; want %d", tc.name, tc.client, resp.StatusCode, tc.want)
			}
		}
	})
}

// TestPostChecks: a POST must declare a JSON body, and a page of another
// site may not send one, so a hostile page can neither create a table nor
// take the free seat of a table whose link it knows.
func TestPostChecks(t *testing.T) {
	ts := newTestServer(t, server.Config{AllowedOrigins: []string{"*.example.org"}})
	var c created
	if st, _, eb := post(t, ts.URL+"/api/tables", nil, connectFour, &c); st != http.StatusCreated {
		t.Fatalf("create: %d %+v", st, eb)
	}
	join := ts.URL + "/api/tables/" + c.Table.ID + "/join"
	name := map[string]any{"name": "Eve"}
	for _, tc := range []struct {
		name    string
		url     string
		headers map[string]string
		status  int
		code    game.Code
	}{
		{"ErrNoContentType", join, map[string]string{"Content-Type": ""}, 400, game.CodeInvalid},
		{"ErrTextPlain", join, map[string]string{"Content-Type": "text/plain"}, 400, game.CodeInvalid},
		{"ErrForm", ts.URL + "/api/tables", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 400, game.CodeInvalid},
		{"ErrOtherSite", join, map[string]string{"Origin": "https://evil.example"}, 401, game.CodeUnauthorized},
		{"ErrOtherSiteCreate", ts.URL + "/api/tables", map[string]string{"Origin": "https://evil.example"}, 401, game.CodeUnauthorized},
		{"ErrNullOrigin", join, map[string]string{"Origin": "null"}, 401, game.CodeUnauthorized},
		{"ErrLookalike", join, map[string]string{"Origin": "https://example.org.evil.example"}, 401, game.CodeUnauthorized},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := any(name)
			if strings.HasSuffix(tc.url, "/api/tables") {
				body = connectFour
			}
			st, _, eb := post(t, tc.url, tc.headers, body, nil)
			if st != tc.status || eb.Code != tc.code || eb.Message == "" {
				t.Errorf("got %d %+v; want %d with code %s", st, eb, tc.status, tc.code)
			}
		})
	}
	var info table.Info
	do(t, ts.URL, "GET", "/api/tables/"+c.Table.ID, "", nil, &info)
	if info.Seats[0].Taken || info.Seats[1].Taken {
		t.Fatalf("seats after the refused joins: %+v; want both free", info.Seats)
	}
	var list []table.Info
	do(t, ts.URL, "GET", "/api/tables", "", nil, &list)
	if len(list) != 1 {
		t.Errorf("tables after the refused creates: %d; want the one", len(list))
	}
	for _, tc := range []struct {
		name    string
		headers map[string]string
	}{
		{"OwnSite", map[string]string{"Origin": ts.URL}},
		{"AllowedSite", map[string]string{"Origin": "https://play.example.org"}},
		{"NoOrigin", nil},
		{"Charset", map[string]string{"Content-Type": "application/json; charset=utf-8"}},
	} {
		var c2 created
		post(t, ts.URL+"/api/tables", nil, connectFour, &c2)
		if st, _, eb := post(t, ts.URL+"/api/tables/"+c2.Table.ID+"/join", tc.headers, name, nil); st != http.StatusOK {
			t.Errorf("%s: join: %d %+v; want 200", tc.name, st, eb)
		}
	}
	// POSTs without a body need the type too: the owner's start.
	req, _ := http.NewRequest("POST", ts.URL+"/api/tables/"+c.Table.ID+"/start", nil)
	req.Header.Set("Authorization", "Bearer "+c.OwnerToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a start without Content-Type: %d; want 400", resp.StatusCode)
	}
}
