package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDailyDigest: an account that asked for the digest gets a mail
// listing the correspondence table where it is its turn, and the next one
// a day later, not before.
func TestDailyDigest(t *testing.T) {
	ns, mb := newMailServer(t)
	ann, bo := newBrowser(t, ns.URL), newBrowser(t, ns.URL)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	addVerifiedEmail(t, ann, mb, "ann@example.org")
	body := map[string]any{"game": "connectfour", "players": 2, "autostart": true,
		"time_control": map[string]int{"move_s": 24 * 3600, "bank_s": 0},
		"seats":        []map[string]any{{"kind": "person"}, {"kind": "person"}}}
	var c struct {
		Table struct {
			ID string `json:"id"`
		} `json:"table"`
	}
	if st, code := ann.call("POST", "/api/tables", body, &c); st != http.StatusCreated {
		t.Fatalf("create a table: %d %s", st, code)
	}
	for _, b := range []*browser{ann, bo} {
		if st, code := b.call("POST", "/api/tables/"+c.Table.ID+"/join", map[string]any{}, nil); st != http.StatusOK {
			t.Fatalf("join: %d %s", st, code)
		}
	}
	// Ann last chose German: her digest is in German.
	if st, code := ann.call("POST", "/api/account/preferences", map[string]any{"lang": "de"}, nil); st != http.StatusOK {
		t.Fatalf("choose German: %d %s", st, code)
	}
	if st, code := ann.call("POST", "/api/account/email/digest", map[string]any{"digest": true}, nil); st != http.StatusOK {
		t.Fatalf("turn the digest on: %d %s %s", st, code, ann.message)
	}
	link := ns.URL + "/tables/" + c.Table.ID
	m := mb.next(t)
	if m.To[0] != "ann@example.org" || !strings.Contains(m.Body, link) {
		t.Fatalf("digest to %v: %q; want one to ann@example.org with %s", m.To, m.Body, link)
	}
	if want := "Tische, die bei Minehall auf dich warten"; m.Subject != want {
		t.Errorf("the digest's subject %q; want %q, in the language Ann chose", m.Subject, want)
	}
	ns.later.Store(int64(25 * time.Hour))
	if m := mb.next(t); !strings.Contains(m.Body, link) {
		t.Errorf("the next day's digest %q; want %s in it", m.Body, link)
	}
}
