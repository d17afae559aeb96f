package server_test

import (
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"minehall/server"
)

// "Old challenges are pruned": a challenge declined more than 30 days ago
// is deleted by the server's periodic loop, one still waiting for its
// answer then is kept.
func TestOldChallengesPruned(t *testing.T) {
	var clock atomic.Int64 // the prune's clock, in Unix nanoseconds
	clock.Store(time.Now().UnixNano())
	ts := newAccountServer(t, server.Config{
		ChallengeLife:       2 * time.Hour,
		ChallengePruneEvery: 5 * time.Millisecond,
		PruneNow:            func() time.Time { return time.Unix(0, clock.Load()) },
	})
	bs := signedUp(t, ts.URL, "Ann", "Bob")
	ann, bob := bs[0], bs[1]
	var declined, waiting challengeJSON
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &declined, http.StatusCreated)
	mustCall(t, bob, "POST", "/api/challenges/"+declined.ID+"/decline", nil, nil, http.StatusOK)
	mustCall(t, ann, "POST", "/api/players/Bob/challenge", connect4Challenge(), &waiting, http.StatusCreated)
	ids := func() []string {
		var out struct{ Entries []challengeJSON }
		mustCall(t, ann, "GET", "/api/challenges?dir=out", nil, &out, http.StatusOK)
		var got []string
		for _, c := range out.Entries {
			got = append(got, c.ID)
		}
		return got
	}
	if got := ids(); len(got) != 2 {
		t.Fatalf("Ann's challenges before a month passed: got %v; want both", got)
	}

	// 30 days and an hour later, the declined one was settled more than
	// 30 days ago; the waiting one expired only 30 days less an hour ago
	// (it lives two hours), so it stays.
	clock.Add(int64(server.ChallengeKeep + time.Hour))
	got := ids()
	for deadline := time.Now().Add(10 * time.Second); slices.Contains(got, declined.ID) && time.Now().Before(deadline); got = ids() {
		time.Sleep(5 * time.Millisecond)
	}
	if want := []string{waiting.ID}; !slices.Equal(got, want) {
		t.Errorf("Ann's challenges a month later: got %v; want only the one still waiting %v", got, want)
	}
}
