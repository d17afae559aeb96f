package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"minehall/server"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
)

// on returns a browser with b's cookies (its session) that talks to base,
// another instance of the cluster.
func (b *browser) on(base string) *browser {
	c := *b
	c.base, c.origin = base, base
	return &c
}

// "with several instances on PostgreSQL this must work across instances":
// Ann works on instance a, Bob on b. Bob's page on b shows him online to
// Ann on a; Ann's challenge made on a reaches Bob's live channel on b, his
// answer on b reaches hers on a, and both take their seats.
func TestLiveChallengeAcrossInstances(t *testing.T) {
	url := pgtest.URL(t)
	var a, b *instance
	for _, in := range []**instance{&a, &b} {
		*in = newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, func(c *server.Config) {
			// The instance's accounts, in the cluster's database.
			db, err := postgres.Open(context.Background(), url)
			if err != nil {
				t.Fatalf("postgres.Open: %v", err)
			}
			t.Cleanup(func() { db.Close() })
			c.Accounts, c.LivePoll, c.Limits = db, 100*time.Millisecond, &server.Limits{}
		})
	}
	ann := newBrowser(t, a.base)
	ann.signUp("Ann", "correct horse")
	bob := newBrowser(t, a.base)
	bob.signUp("Bob", "battery staple")
	bobB := bob.on(b.base)

	mustCall(t, ann, "POST", "/api/players/Bob/follow", nil, nil, http.StatusOK)
	mustCall(t, bobB, "POST", "/api/players/Ann/follow", nil, nil, http.StatusOK)
	bobLive := openLive(t, bobB, "")
	annLive := openLive(t, ann, "")
	var l friendListJSON
	mustCall(t, ann, "GET", "/api/account/following", nil, &l, http.StatusOK)
	if len(l.Entries) != 1 || !l.Entries[0].Online || !l.Entries[0].Friend {
		t.Errorf("Ann's following on a, Bob's page open on b: got %+v; want Bob, a friend, online", l.Entries)
	}

	var c challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &c, http.StatusCreated)
	if got := bobLive.next(t); got.ID != c.ID || got.Status != "open" {
		t.Fatalf("Bob's live channel on b: got %+v; want Ann's challenge made on a", got)
	}
	var acc struct{ Table string }
	mustCall(t, bobB, "POST", "/api/challenges/"+c.ID+"/accept", nil, &acc, http.StatusOK)
	for {
		got := annLive.next(t)
		if got.ID == c.ID && got.Status == "accepted" {
			if got.Table != acc.Table {
				t.Errorf("Ann's live channel on a: table %q; want %q", got.Table, acc.Table)
			}
			break
		}
	}
	mustCall(t, ann, "POST", "/api/tables/"+acc.Table+"/join", map[string]any{"name": "Ann"}, nil, http.StatusOK)
	mustCall(t, bobB, "POST", "/api/tables/"+acc.Table+"/join", map[string]any{"name": "Bob"}, nil, http.StatusOK)
	// Instance a follows the table b runs as its changes arrive.
	var info struct{ Status string }
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		mustCall(t, ann, "GET", "/api/tables/"+acc.Table, nil, &info, http.StatusOK)
		if info.Status == "playing" || time.Now().After(deadline) {
			break
		}
	}
	if info.Status != "playing" {
		t.Errorf("the challenge's table after both joined on their instances: %q; want playing", info.Status)
	}
}
