// Package storetest is the one test suite every [store.Store] runs, so that
// all backends behave the same.
package storetest

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
)

// Opener opens a fresh, empty store for one subtest; the suite closes it.
type Opener func(t *testing.T) store.Store

// Run runs the suite against the stores open returns.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, store.Store)
	}{
		{"CreateAndRead", testCreateAndRead},
		{"ErrDuplicateTable", testDuplicateTable},
		{"ErrNotFound", testNotFound},
		{"UpdateTable", testUpdateTable},
		{"ListByStatus", testListByStatus},
		{"AppendActions", testAppendActions},
		{"ErrActionNumber", testActionNumber},
		{"ConcurrentAppends", testConcurrentAppends},
		{"ConcurrentLifecycles", testConcurrentLifecycles},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			defer func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			}()
			tc.fn(t, s)
		})
	}
}

// sample returns a table with one bot seat, one taken and one free person
// seat.
func sample(id string, created time.Time) *store.Table {
	return &store.Table{
		ID:      id,
		Game:    "race",
		Players: 3,
		Options: game.Options{"target": "21"},
		Seed:    1<<63 + 12345, // above the int64 range on purpose
		Seats: []store.Seat{
			{Kind: store.SeatPerson, Name: "Ann", TokenHash: []byte{1, 2, 3}},
			{Kind: store.SeatBot, Bot: "easy", Name: "Garnet"},
			{Kind: store.SeatPerson},
		},
		OwnerHash:   []byte{9, 9, 9},
		AutoStart:   true,
		Status:      store.StatusOpen,
		Created:     created,
		TimeControl: &store.TimeControl{MoveS: 45, BankS: 300},
		StandInBot:  "easy",
	}
}

func base() time.Time { return time.UnixMilli(1_700_000_000_000) }

func mustCreate(t *testing.T, s store.Store, tb *store.Table) {
	t.Helper()
	if err := s.CreateTable(context.Background(), tb); err != nil {
		t.Fatalf("CreateTable(%s): %v", tb.ID, err)
	}
}

func checkCode(t *testing.T, what string, err error, want game.Code) {
	t.Helper()
	if got := game.ErrorCode(err); got != want {
		t.Errorf("%s: got error %v (code %q); want code %q", what, err, got, want)
	}
}

func testCreateAndRead(t *testing.T, s store.Store) {
	want := sample("t1", base())
	mustCreate(t, s, want)
	got, err := s.Table(context.Background(), "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Table(t1):\ngot  %+v\nwant %+v", got, want)
	}
}

func testDuplicateTable(t *testing.T, s store.Store) {
	mustCreate(t, s, sample("t1", base()))
	checkCode(t, "CreateTable twice", s.CreateTable(context.Background(), sample("t1", base())), game.CodeConflict)
}

func testNotFound(t *testing.T, s store.Store) {
	ctx := context.Background()
	_, err := s.Table(ctx, "nope")
	checkCode(t, "Table(nope)", err, game.CodeNotFound)
	_, err = s.Actions(ctx, "nope")
	checkCode(t, "Actions(nope)", err, game.CodeNotFound)
	checkCode(t, "UpdateTable(nope)", s.UpdateTable(ctx, sample("nope", base())), game.CodeNotFound)
	checkCode(t, "AppendAction(nope)", s.AppendAction(ctx, "nope", store.Action{N: 1, Move: "x"}), game.CodeNotFound)
}

func testUpdateTable(t *testing.T, s store.Store) {
	ctx := context.Background()
	tb := sample("t1", base())
	mustCreate(t, s, tb)
	tb.Seats[2] = store.Seat{Kind: store.SeatPerson, Name: "Bo", TokenHash: []byte{4, 5}}
	tb.Status = store.StatusFinished
	tb.Started = base().Add(time.Second)
	tb.Finished = base().Add(time.Minute)
	tb.Result = &game.Result{Scores: []float64{3, 1, 2}, Returns: []float64{1, 0, 0}, Winners: []game.Player{0}}
	tb.Rematch = "t2"
	tb.Ending = store.EndingAbandoned
	tb.SeatEvents = []game.SeatEvent{
		{Seat: 2, Event: game.SeatStandIn, Reason: "timeout", N: 4, Ms: 61_000},
		{Seat: 2, Event: game.SeatReturned, N: 9, Ms: 90_500},
		{Seat: 0, Event: game.SeatStandIn, Reason: "left", N: 12, Ms: 120_000},
	}
	if err := s.UpdateTable(ctx, tb); err != nil {
		t.Fatalf("UpdateTable: %v", err)
	}
	got, err := s.Table(ctx, "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if !reflect.DeepEqual(got, tb) {
		t.Errorf("after UpdateTable:\ngot  %+v\nwant %+v", got, tb)
	}
}

func testListByStatus(t *testing.T, s store.Store) {
	ctx := context.Background()
	statuses := []store.Status{store.StatusOpen, store.StatusPlaying, store.StatusFinished, store.StatusPlaying}
	for i, st := range statuses {
		tb := sample(fmt.Sprintf("t%d", i), base().Add(time.Duration(i)*time.Second))
		tb.Status = st
		mustCreate(t, s, tb)
	}
	tests := []struct {
		filter store.Filter
		want   []string
	}{
		{store.Filter{}, []string{"t3", "t2", "t1", "t0"}},
		{store.Filter{Status: []store.Status{store.StatusPlaying}}, []string{"t3", "t1"}},
		{store.Filter{Status: []store.Status{store.StatusOpen, store.StatusPlaying}}, []string{"t3", "t1", "t0"}},
		{store.Filter{Status: []store.Status{store.StatusFinished}}, []string{"t2"}},
		{store.Filter{Limit: 2}, []string{"t3", "t2"}},
	}
	for _, tc := range tests {
		ts, err := s.Tables(ctx, tc.filter)
		if err != nil {
			t.Fatalf("Tables(%+v): %v", tc.filter, err)
		}
		var got []string
		for _, tb := range ts {
			got = append(got, tb.ID)
			if len(tb.Seats) != 3 {
				t.Errorf("Tables(%+v): table %s has %d seats; want 3", tc.filter, tb.ID, len(tb.Seats))
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tables(%+v): got %v; want %v", tc.filter, got, tc.want)
		}
	}
}

func testAppendActions(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, sample("t1", base()))
	mustCreate(t, s, sample("t2", base()))
	want := []store.Action{
		{N: 1, Player: game.Chance, Move: "deal 3", Ms: 0},
		{N: 2, Player: 0, Move: "add 2", Ms: 1500, ClientSeq: 1},
		{N: 3, Player: game.System, Move: "timeout", Ms: 60000},
	}
	for _, a := range want {
		if err := s.AppendAction(ctx, "t1", a); err != nil {
			t.Fatalf("AppendAction(%+v): %v", a, err)
		}
	}
	got, err := s.Actions(ctx, "t1")
	if err != nil {
		t.Fatalf("Actions: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Actions(t1): got %+v; want %+v", got, want)
	}
	got, err = s.Actions(ctx, "t2")
	if err != nil {
		t.Fatalf("Actions(t2): %v", err)
	}
	if len(got) != 0 {
		t.Errorf("Actions(t2): got %d actions; want none", len(got))
	}
}

func testActionNumber(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, sample("t1", base()))
	checkCode(t, "AppendAction N=2 first", s.AppendAction(ctx, "t1", store.Action{N: 2, Move: "add 1"}), game.CodeConflict)
	if err := s.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 1"}); err != nil {
		t.Fatalf("AppendAction N=1: %v", err)
	}
	checkCode(t, "AppendAction N=1 again", s.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 2"}), game.CodeConflict)
	got, err := s.Actions(ctx, "t1")
	if err != nil {
		t.Fatalf("Actions: %v", err)
	}
	if len(got) != 1 || got[0].Move != "add 1" {
		t.Errorf("Actions after refused appends: got %+v; want only add 1", got)
	}
}

// testConcurrentAppends appends to many tables at once, as a busy server
// does, and checks every log is complete and in order.
func testConcurrentAppends(t *testing.T, s store.Store) {
	ctx := context.Background()
	const tables, actions = 20, 30
	for i := range tables {
		mustCreate(t, s, sample(fmt.Sprintf("t%d", i), base()))
	}
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := int64(1); n <= actions; n++ {
				if err := s.AppendAction(ctx, fmt.Sprintf("t%d", i), store.Action{N: n, Player: game.Player(n % 3), Move: fmt.Sprintf("add %d", n)}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("concurrent AppendAction: %v", err)
	}
	for i := range tables {
		got, err := s.Actions(ctx, fmt.Sprintf("t%d", i))
		if err != nil {
			t.Fatalf("Actions: %v", err)
		}
		if len(got) != actions {
			t.Fatalf("table t%d: got %d actions; want %d", i, len(got), actions)
		}
		for j, a := range got {
			if a.N != int64(j+1) || a.Move != fmt.Sprintf("add %d", j+1) {
				t.Errorf("table t%d action %d: got %+v; want N=%d", i, j, a, j+1)
			}
		}
	}
}

// testConcurrentLifecycles runs whole table lives at once, as a busy server
// does: create, two seat changes, start, actions, finish; every write of
// every table interleaved with the others'.
func testConcurrentLifecycles(t *testing.T, s store.Store) {
	ctx := context.Background()
	const tables, actions = 24, 12
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb := sample(fmt.Sprintf("life%d", i), base().Add(time.Duration(i)*time.Second))
			steps := []func() error{
				func() error { return s.CreateTable(ctx, tb) },
				func() error { tb.Seats[2].Name, tb.Seats[2].TokenHash = "Bo", []byte{9}; return s.UpdateTable(ctx, tb) },
				func() error {
					tb.Status, tb.Started = store.StatusPlaying, base().Add(time.Hour)
					return s.UpdateTable(ctx, tb)
				},
			}
			for n := int64(1); n <= actions; n++ {
				steps = append(steps, func() error {
					return s.AppendAction(ctx, tb.ID, store.Action{N: n, Player: game.Player(n % 3), Move: fmt.Sprintf("add %d", n)})
				})
			}
			steps = append(steps, func() error {
				tb.Status, tb.Finished = store.StatusFinished, base().Add(2*time.Hour)
				tb.Result = &game.Result{Scores: []float64{1, 2, 3}, Returns: []float64{0, 0, 1}, Winners: []game.Player{2}}
				return s.UpdateTable(ctx, tb)
			})
			for k, step := range steps {
				if err := step(); err != nil {
					errs <- fmt.Errorf("table %s step %d: %w", tb.ID, k, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("%v", err)
	}
	for i := range tables {
		id := fmt.Sprintf("life%d", i)
		tb, err := s.Table(ctx, id)
		if err != nil {
			t.Fatalf("Table(%s): %v", id, err)
		}
		if tb.Status != store.StatusFinished || tb.Seats[2].Name != "Bo" || tb.Result == nil {
			t.Errorf("table %s: got status %s, seat 2 %q, result %v; want finished, Bo and a result", id, tb.Status, tb.Seats[2].Name, tb.Result)
		}
		acts, err := s.Actions(ctx, id)
		if err != nil || len(acts) != actions {
			t.Errorf("Actions(%s): got %d, %v; want %d", id, len(acts), err, actions)
		}
	}
}
