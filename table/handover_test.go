package table_test

import (
	"context"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// openHighCardHere opens a timed High Card table (hidden cards) whose two
// person seats are on one device, or, with remote, whose second seat is
// for a person on another device; it returns the table and the device's
// seat tokens.
func openHighCardHere(t *testing.T, e *env, remote bool) (*table.Table, []table.SeatToken) {
	t.Helper()
	seats := []table.SeatRequest{{Kind: store.SeatPerson, Here: true, Name: "Ann"}, {Kind: store.SeatPerson, Here: true, Name: "Bo"}}
	if remote {
		seats[1] = table.SeatRequest{Kind: store.SeatPerson}
	}
	tb, tok, err := e.hall.Open(context.Background(), table.CreateRequest{Game: "highcard", Players: 2, Private: true, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: 10, BankS: 0}, Seats: seats})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if remote {
		if _, _, err := tb.Join(context.Background(), "Cy", 1); err != nil {
			t.Fatalf("Join: %v", err)
		}
	}
	return tb, tok.Here
}

// running reports whether seat's clock runs, and its deadline.
func running(tb *table.Table, seat int) (bool, int64) {
	c := tb.Info().Seats[seat].Clock
	if c == nil {
		return false, 0
	}
	return c.Running, c.Deadline
}

// TestHandOverHoldsTheClock: at a timed High Card table whose seats are on
// one device, the clock of the seat to move does not run while the device
// is being passed (its connection watches, holding both seats); it starts
// when the device connects with that seat's token, and a rebuilt table
// keeps that start.
func TestHandOverHoldsTheClock(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, here := openHighCardHere(t, e, false)
	if tb.Info().Status != store.StatusPlaying {
		t.Fatalf("the table is %s; want playing", tb.Info().Status)
	}
	// The device watches, holding both seats, while Ann is handed it.
	watch, err := tb.Subscribe(game.Spectator, false)
	if err != nil {
		t.Fatal(err)
	}
	watch.Hold([]game.Player{0, 1})
	if run, _ := running(tb, 0); run {
		t.Fatalf("Ann's clock runs before she holds the device; want it stopped")
	}
	e.clock.Advance(time.Minute)
	if s := tb.Info().Seats[0]; s.StandIn {
		t.Fatalf("a minute under the cover handed Ann's seat to a stand-in (%s); want her seat kept", s.Absent)
	}
	ann, err := tb.Subscribe(here[0].Seat, false)
	if err != nil {
		t.Fatal(err)
	}
	want := e.clock.Now().Add(10 * time.Second).UnixMilli()
	if run, deadline := running(tb, 0); !run || deadline != want {
		t.Fatalf("Ann's clock once she holds the device: running %v, deadline %d; want running to %d", run, deadline, want)
	}
	e.clock.Advance(3 * time.Second)
	if _, err := tb.Act(ctx, 0, "pass", 1); err != nil {
		t.Fatalf("Ann passes: %v", err)
	}
	ann.Close()
	// Bo's turn: the device is passed to him.
	e.clock.Advance(time.Minute)
	if run, _ := running(tb, 1); run || tb.Info().Seats[1].StandIn {
		t.Fatalf("Bo's seat a minute under the cover: clock running %v, stand-in %v; want neither", run, tb.Info().Seats[1].StandIn)
	}
	bo, err := tb.Subscribe(here[1].Seat, false)
	if err != nil {
		t.Fatal(err)
	}
	want = e.clock.Now().Add(10 * time.Second).UnixMilli()
	if run, deadline := running(tb, 1); !run || deadline != want {
		t.Fatalf("Bo's clock once he holds the device: running %v, deadline %d; want running to %d", run, deadline, want)
	}
	bo.Close()
	watch.Close()

	// A restart rebuilds the same clock from the stored hand-over.
	id := tb.ID()
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	again, err := e.hall.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if run, deadline := running(again, 1); !run || deadline != want {
		t.Errorf("Bo's clock after a restart: running %v, deadline %d; want running to %d", run, deadline, want)
	}
}

// TestHandOverOnlyForOneDevice: with a person on another device, the
// clock of a seat on the device runs from the start of its turn, so that
// no device keeps the others waiting.
func TestHandOverOnlyForOneDevice(t *testing.T) {
	e := newEnv(t)
	tb, _ := openHighCardHere(t, e, true)
	if run, _ := running(tb, 0); !run {
		t.Errorf("Ann's clock with Cy on another device: stopped; want running from the start of her turn")
	}
}
