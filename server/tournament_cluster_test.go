package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"minehall/games/minerals"
	"minehall/server"
	"minehall/store"
	"minehall/store/postgres/pgtest"
)

// TestTournamentOwnerKilledOtherTakesOver kills the instance that drives
// a bots' Swiss event in its first round: the other instance takes the
// tournament's lease over once it expires, and its tables with the
// cluster's, and the event runs to its end with every game recorded.
func TestTournamentOwnerKilledOtherTakesOver(t *testing.T) {
	url := pgtest.URL(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	var clock laterClock
	start := func(name string) *instance {
		in := newInstanceConfigured(t, url, testExpiry, 5*time.Second, nil, func(cfg *server.Config) {
			cfg.Registry.Register(minerals.New())
		})
		r := server.NewTournamentRunner(server.TournamentRunnerConfig{Store: in.db.Tournaments(), Hall: in.hall,
			Instance: name, Poll: 20 * time.Millisecond, Lease: time.Second, Now: clock.now, Logger: log})
		r.Start()
		t.Cleanup(func() {
			if !in.dead {
				r.Stop()
			}
		})
		return in
	}
	a := start("a")
	ctx := context.Background()
	st := a.db.Tournaments()
	tr := scheduleBotSwiss(t, st, fmt.Sprintf("k%d", time.Now().UnixNano()%1e9))
	clock.add(time.Hour)
	waitFirstRound(t, st, tr.ID)
	b := start("b")
	a.kill()
	sb := b.db.Tournaments()
	var got *store.Tournament
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if got, _ = sb.Tournament(ctx, tr.ID); got != nil && got.Status == store.TournamentFinished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("b did not finish the tournament: %+v", got)
		}
	}
	if got.Round != 3 || got.Epoch < 2 {
		t.Errorf("finished in round %d at lease epoch %d; want round 3, and b's claim after a's (epoch 2 or more)", got.Round, got.Epoch)
	}
	gs, err := sb.TournamentGames(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	boards := 0
	for _, g := range gs {
		if g.Outcome == store.OutcomeBye {
			continue
		}
		boards++
		if g.Table == "" || g.Ranks == nil {
			t.Errorf("round %d board %d: table %q ranks %v; want a table and ranks", g.Round, g.Board, g.Table, g.Ranks)
		}
	}
	if boards != 6 {
		t.Errorf("got %d games; want 3 rounds of 2", boards)
	}
}
