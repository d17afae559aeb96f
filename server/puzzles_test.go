package server_test

import (
	"context"
	"net/http"
	"net/url"
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
// the account's; a guest's speaks for nobody.
func TestPuzzlesSpeakForTheSignedIn(t *testing.T) {
	ts := newAccountServer(t, server.Config{Puzzles: &playerPuzzles{}})
	guest := newBrowser(t, ts.URL)
	var got struct{ Player string }
	if st, code := guest.call("GET", "/api/puzzles/outofmine/daily", nil, &got); st != http.StatusOK || got.Player != "" {
		t.Errorf("a guest's puzzle: %d %s, player %q; want 200 and no player", st, code, got.Player)
	}
	ann := newBrowser(t, ts.URL)
	a := ann.signUp("Ann Puzzler", "a long enough password")
	if st, code := ann.call("POST", "/api/puzzles/outofmine/daily", map[string]any{}, &got); st != http.StatusOK || got.Player != "account:"+a.ID {
		t.Errorf("Ann's puzzle: %d %s, player %q; want 200 and account:%s", st, code, got.Player, a.ID)
	}
}
