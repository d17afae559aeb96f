package table_test

import (
	"context"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// stepUntil advances the clock in small steps, letting the bots' own
// goroutines catch up, until done reports true; at most limit of clock time.
func stepUntil(t *testing.T, e *env, step, limit time.Duration, done func() bool) {
	t.Helper()
	for waited := time.Duration(0); !done(); waited += step {
		if waited >= limit {
			t.Fatalf("not done after %v of clock time", limit)
		}
		for range 20 { // real time for a thinking bot to schedule its move
			if done() {
				return
			}
			time.Sleep(time.Millisecond)
		}
		e.clock.Advance(step)
	}
}

// TestTimedGameCarriesOnAfterRestart stops the server in the middle of a
// timed Goofspiel round against a bot, keeps it down for a while, and
// restores it: the round's clock keeps its deadline from the game's start
// (not from the restart), the timeout fires then, and the bot goes on
// playing every later round until the game ends.
func TestTimedGameCarriesOnAfterRestart(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	start := e.clock.Now()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "goofspiel", Players: 2, Private: true, AutoStart: true,
		Options: game.Options{"timer": "30", "cards": "3"},
		Seats:   []table.SeatRequest{{Kind: store.SeatPerson}, {Kind: store.SeatBot, Bot: "random"}}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	id := tb.ID()
	if _, _, err := tb.Join(ctx, "Ann", -1); err != nil {
		t.Fatalf("Join: %v", err)
	}
	actions := func() []store.Action {
		acts, err := e.db.Actions(ctx, id)
		if err != nil {
			t.Fatalf("Actions: %v", err)
		}
		return acts
	}
	// Round 1: chance turns up a prize; the bot bids after its pace.
	stepUntil(t, e, 100*time.Millisecond, 5*time.Second, func() bool { return len(actions()) == 2 })
	if a := actions()[1]; a.Player != 1 {
		t.Fatalf("second action: got %+v; want the bot's bid", a)
	}
	e.clock.Advance(10*time.Second - e.clock.Now().Sub(start))

	// The server stops 10 s into the round and is down for 5 s.
	e.close()
	e.clock.Advance(5 * time.Second)
	e.open(t)
	if n, err := e.hall.Restore(ctx); err != nil || n != 1 {
		t.Fatalf("Restore: %d tables, %v; want 1", n, err)
	}
	tb, err = e.hall.Table(ctx, id)
	if err != nil {
		t.Fatalf("Table after restore: %v", err)
	}
	sub, err := tb.Subscribe(0, true)
	if err != nil {
		t.Fatalf("Subscribe: %v", err)
	}
	defer sub.Close()
	if u := <-sub.C; u.Deadline != start.Add(30*time.Second).UnixMilli() || u.N != 2 {
		t.Errorf("state after restore: n=%d deadline %d; want n=2 and the round's deadline %d, 30 s after the start",
			u.N, u.Deadline, start.Add(30*time.Second).UnixMilli())
	}
	e.clock.Advance(14*time.Second + 900*time.Millisecond)
	if n := len(actions()); n != 2 {
		t.Fatalf("29.9 s into the round: %d actions; want no timeout yet", n)
	}
	e.clock.Advance(100 * time.Millisecond)
	if acts := actions(); len(acts) < 3 || acts[2].Player != game.System || acts[2].Ms != 30000 {
		t.Fatalf("30 s into the round: got %+v; want the clock's timeout at 30000 ms", acts)
	}
	// The bot bids in every later round; Ann never does, so each round
	// ends by the clock, until the game is over.
	info := waitFinished(t, e, id)
	if info.Result == nil {
		t.Fatalf("finished table has no result")
	}
	bids, timeouts := 0, 0
	for _, a := range actions() {
		switch a.Player {
		case 1:
			bids++
		case game.System:
			timeouts++
		}
	}
	if bids != 3 || timeouts != 3 {
		t.Errorf("got %d bot bids and %d timeouts; want 3 of each (one per round)", bids, timeouts)
	}
	rec, err := e.hall.Record(ctx, id)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	if _, err := game.Verify(e.reg, rec); err != nil {
		t.Errorf("the record does not verify: %v", err)
	}
}
