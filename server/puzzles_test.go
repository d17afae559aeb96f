package server_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"minehall/server"
)

// playerPuzzles is a puzzle service that answers with the player each
// request speaks for.
type playerPuzzles struct {
	mu      sync.Mutex
	players []string
}

func (p *playerPuzzles) Handle(_ context.Context, _, _, _ string, _ url.Values, _ []byte, player string) (any, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.players = append(p.players, player)
	return map[string]string{"player": player}, nil
}

// TestPuzzlesSpeakForTheSignedIn: a puzzle request speaks for the
// signed-in account of its session, so that its tickets and attempts are
// the account's; a guest's speaks for their browser, which keeps the same
// identity from one request to the next, and two browsers are two guests.
func TestPuzzlesSpeakForTheSignedIn(t *testing.T) {
	ts := newAccountServer(t, server.Config{Puzzles: &playerPuzzles{}})
	guest := newBrowser(t, ts.URL)
	var first, again struct{ Player string }
	if st, code := guest.call("GET", "/api/puzzles/outofmine/daily", nil, &first); st != http.StatusOK || !strings.HasPrefix(first.Player, "guest:") || len(first.Player) != len("guest:")+32 {
		t.Errorf("a guest's puzzle: %d %s, player %q; want 200 and guest: with a 32-digit id", st, code, first.Player)
	}
	if guest.call("POST", "/api/puzzles/outofmine/daily", map[string]any{}, &again); again.Player != first.Player {
		t.Errorf("the same guest again: player %q; want %q", again.Player, first.Player)
	}
	other := newBrowser(t, ts.URL)
	if other.call("GET", "/api/puzzles/outofmine/daily", nil, &again); again.Player == first.Player || !strings.HasPrefix(again.Player, "guest:") {
		t.Errorf("another browser: player %q; want another guest than %q", again.Player, first.Player)
	}
	ann := newBrowser(t, ts.URL)
	a := ann.signUp("Ann Puzzler", "a long enough password")
	var got struct{ Player string }
	if st, code := ann.call("POST", "/api/puzzles/outofmine/daily", map[string]any{}, &got); st != http.StatusOK || got.Player != "account:"+a.ID {
		t.Errorf("Ann's puzzle: %d %s, player %q; want 200 and account:%s", st, code, got.Player, a.ID)
	}
}

// TestPuzzleGuestCookie: the guest cookie is HttpOnly, and a value the
// server did not make (not 32 hexadecimal digits) is replaced by a new
// identity rather than spoken for.
func TestPuzzleGuestCookie(t *testing.T) {
	ts := newAccountServer(t, server.Config{Puzzles: &playerPuzzles{}})
	for _, tc := range []struct{ name, cookie string }{{"OK", ""}, {"ErrForged", "account:1"}, {"ErrShort", "abc"}, {"ErrUpper", strings.Repeat("A", 32)}} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", ts.URL+"/api/puzzles/outofmine/daily", nil)
			if tc.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "minehall_guest", Value: tc.cookie})
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			var set *http.Cookie
			for _, c := range resp.Cookies() {
				if c.Name == "minehall_guest" {
					set = c
				}
			}
			if set == nil || !set.HttpOnly || len(set.Value) != 32 || set.Value == tc.cookie {
				t.Errorf("cookie %q: the answer sets %+v; want a new HttpOnly guest id of 32 digits", tc.cookie, set)
			}
		})
	}
}

// TestPageGivesTheGuestID: the page a guest's browser loads sets its guest
// id, so that the puzzle requests its client sends at once afterwards, in
// parallel, all speak for that one guest; before, each request without a
// cookie made an id of its own, and the browser kept the last, so that a
// start ticket could belong to another "player" than the submission.
func TestPageGivesTheGuestID(t *testing.T) {
	ui := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<!doctype html>") })
	puzzles := &playerPuzzles{}
	ts := newAccountServer(t, server.Config{Puzzles: puzzles, UI: ui})
	guest := newBrowser(t, ts.URL)
	resp, err := guest.c.Get(ts.URL + "/puzzles/outofmine")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var id string
	for _, c := range resp.Cookies() {
		if c.Name == "minehall_guest" {
			id = c.Value
		}
	}
	if len(id) != 32 {
		t.Fatalf("the page set the guest id %q; want 32 digits", id)
	}
	var wg sync.WaitGroup
	for _, path := range []string{"/api/puzzles/outofmine/daily", "/api/puzzles/outofmine/history", "/api/puzzles/outofmine/ladder"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			guest.call("GET", path, nil, nil)
		}()
	}
	wg.Wait()
	puzzles.mu.Lock()
	defer puzzles.mu.Unlock()
	if len(puzzles.players) != 3 {
		t.Fatalf("the puzzles saw %d requests; want 3", len(puzzles.players))
	}
	for _, p := range puzzles.players {
		if p != "guest:"+id {
			t.Errorf("a puzzle request spoke for %q; want the page's guest:%s", p, id)
		}
	}
	resp, err = guest.c.Get(ts.URL + "/assets/app.css")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == "minehall_guest" {
			t.Errorf("an asset set the guest id %q; want only pages to", c.Value)
		}
	}
}
