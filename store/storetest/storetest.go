// Package storetest is the one test suite every [store.Store] runs, so that
// all backends behave the same.
package storetest

import (
	"context"
	"fmt"
	"math"
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
		{"ErrTableWriteChangesNothing", testTableWriteRefused},
		{"ListByStatus", testListByStatus},
		{"ListManyTables", testListManyTables},
		{"PrivateTables", testPrivateTables},
		{"AppendActions", testAppendActions},
		{"ErrActionNumber", testActionNumber},
		{"ConcurrentAppends", testConcurrentAppends},
		{"ConcurrentLifecycles", testConcurrentLifecycles},
		{"AppendEvents", testAppendEvents},
		{"ErrEventNumber", testEventNumber},
		{"TakeBack", testTakeBack},
		{"ErrTakeBackChangesNothing", testTakeBackRefused},
		{"Accounts", accounts(testAccounts)},
		{"Credentials", accounts(testCredentials)},
		{"Sessions", accounts(testSessions)},
		{"RecordRatedGame", accounts(testRecordRatedGame)},
		{"RecordUnratedGame", accounts(testRecordUnratedGame)},
		{"ErrRecordGameChangesNothing", accounts(testRecordGameRefused)},
		{"ConcurrentRatedGames", accounts(testConcurrentRatedGames)},
		{"ErrSkeletonTaken", accounts(testSkeletonUnique)},
		{"RekeyAccounts", accounts(testRekeyAccounts)},
		{"SessionList", accounts(testSessionList)},
		{"Devices", accounts(testDevices)},
		{"DeleteAccount", withTables(testDeleteAccount)},
		{"Leaderboards", accounts(testLeaderboards)},
		{"RatingRecords", accounts(testRatingRecords)},
		{"Preferences", accounts(testPreferences)},
	}
	for _, tc := range tests {
		runOnFreshStore(t, tc.name, open, tc.fn)
	}
}

// runOnFreshStore runs fn as the subtest name of t on a fresh store from
// open, and closes the store after it; a store that fails to close fails
// the subtest.
func runOnFreshStore(t *testing.T, name string, open Opener, fn func(*testing.T, store.Store)) {
	t.Run(name, func(t *testing.T) {
		s := open(t)
		defer func() {
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		}()
		fn(t, s)
	})
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
			{Kind: store.SeatPerson, Name: "Ann", TokenHash: []byte{1, 2, 3}, Account: "acc-ann"},
			{Kind: store.SeatBot, Bot: "easy", Name: "Garnet"},
			{Kind: store.SeatPerson},
		},
		OwnerHash:   []byte{9, 9, 9},
		AutoStart:   true,
		Status:      store.StatusOpen,
		Created:     created,
		TimeControl: &store.TimeControl{MoveS: 45, BankS: 300},
		StandInBot:  "easy",
		Rated:       true,
		Settings:    store.Settings{SpectatorChat: true, Muted: []game.Player{2}, Here: []game.Player{0}},
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
	tb.Settings = store.Settings{Muted: []game.Player{0, 2}}
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

// testTableWriteRefused writes tables that cannot be stored: a status
// that is none (CodeInvalid, in CreateTable, UpdateTable and TakeBack) and
// a result that does not encode (a score that is not a number,
// CodeInternal). Each is refused and changes nothing.
func testTableWriteRefused(t *testing.T, s store.Store) {
	ctx := context.Background()
	bad := sample("t0", base())
	bad.Status = "paused"
	checkCode(t, "CreateTable with status paused", s.CreateTable(ctx, bad), game.CodeInvalid)
	checkCode(t, "Table t0 after a refused create", func() error { _, err := s.Table(ctx, "t0"); return err }(), game.CodeNotFound)
	tb := sample("t1", base())
	mustCreate(t, s, tb)
	paused := tb.Clone()
	paused.Status = "paused"
	checkCode(t, "UpdateTable with status paused", s.UpdateTable(ctx, paused), game.CodeInvalid)
	ev := store.TableEvent{N: 1, Kind: store.EventTakeBack, Seat: 0, At: base()}
	checkCode(t, "TakeBack with status paused", s.TakeBack(ctx, paused, 0, ev), game.CodeInvalid)
	nan := tb.Clone()
	nan.Status = store.StatusFinished
	nan.Result = &game.Result{Scores: []float64{math.NaN(), 1, 2}, Returns: []float64{1, 0, 0}}
	checkCode(t, "UpdateTable with a score that is not a number", s.UpdateTable(ctx, nan), game.CodeInternal)
	if got, err := s.Table(ctx, "t1"); err != nil || !reflect.DeepEqual(got, tb) {
		t.Errorf("table after refused writes (err %v):\ngot  %+v\nwant %+v", err, got, tb)
	}
	if evs, _ := s.Events(ctx, "t1", 0); len(evs) != 0 {
		t.Errorf("Events after a refused take-back: got %+v; want none", evs)
	}
}

// testListManyTables lists more tables than one seat query reads, and
// finds every table with its seats.
func testListManyTables(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 1001
	for i := range n {
		mustCreate(t, s, sample(fmt.Sprintf("t%04d", i), base().Add(time.Duration(i)*time.Millisecond)))
	}
	ts, err := s.Tables(ctx, store.Filter{})
	if err != nil || len(ts) != n {
		t.Fatalf("Tables: %d tables, %v; want %d", len(ts), err, n)
	}
	for i, tb := range ts {
		if want := fmt.Sprintf("t%04d", n-1-i); tb.ID != want {
			t.Fatalf("table %d is %s; want %s, newest first", i, tb.ID, want)
		}
		if len(tb.Seats) != 3 || tb.Seats[0].Name != "Ann" || tb.Seats[1].Bot != "easy" || tb.Seats[2].Kind != store.SeatPerson {
			t.Fatalf("table %s has seats %+v; want Ann's, the easy bot's and an empty one", tb.ID, tb.Seats)
		}
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

// events returns a table's first events: a chat message whose text looks
// like markup (a store keeps it as it is), a quick phrase from a
// spectator, and a take-back asked.
func events() []store.TableEvent {
	return []store.TableEvent{
		{N: 1, Kind: store.EventChat, After: 0, Seat: 0, At: base(), Name: "Ann", Text: `<script>alert("hi")</script> & ünïcode`},
		{N: 2, Kind: store.EventChat, After: 2, Seat: game.Spectator, At: base().Add(time.Second), Phrase: "good_game"},
		{N: 3, Kind: store.EventTakeBackAsked, After: 3, Seat: 2, At: base().Add(2 * time.Second), To: 1},
	}
}

func mustActions(t *testing.T, s store.Store, id string, n int64) {
	t.Helper()
	for i := int64(1); i <= n; i++ {
		if err := s.AppendAction(context.Background(), id, store.Action{N: i, Player: game.Player(i % 3), Move: fmt.Sprintf("add %d", i), Ms: 100 * i}); err != nil {
			t.Fatalf("AppendAction %d: %v", i, err)
		}
	}
}

func mustEvents(t *testing.T, s store.Store, id string, evs []store.TableEvent) {
	t.Helper()
	for _, ev := range evs {
		if err := s.AppendEvent(context.Background(), id, ev); err != nil {
			t.Fatalf("AppendEvent(%+v): %v", ev, err)
		}
	}
}

func testAppendEvents(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, sample("t1", base()))
	mustCreate(t, s, sample("t2", base()))
	want := events()
	mustEvents(t, s, "t1", want)
	got, err := s.Events(ctx, "t1", 0)
	if err != nil {
		t.Fatalf("Events: %v", err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Events(t1, 0):\ngot  %+v\nwant %+v", got, want)
	}
	got, err = s.Events(ctx, "t1", 2)
	if err != nil || len(got) != 1 || got[0].N != 3 {
		t.Errorf("Events(t1, 2): got %+v, %v; want event 3 only", got, err)
	}
	got, err = s.Events(ctx, "t2", 0)
	if err != nil || got == nil || len(got) != 0 {
		t.Errorf("Events(t2, 0): got %#v, %v; want an empty log", got, err)
	}
	_, err = s.Events(ctx, "nope", 0)
	checkCode(t, "Events(nope)", err, game.CodeNotFound)
	checkCode(t, "AppendEvent(nope)", s.AppendEvent(ctx, "nope", want[0]), game.CodeNotFound)
}

func testEventNumber(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustCreate(t, s, sample("t1", base()))
	evs := events()
	checkCode(t, "AppendEvent N=2 first", s.AppendEvent(ctx, "t1", evs[1]), game.CodeConflict)
	mustEvents(t, s, "t1", evs[:1])
	checkCode(t, "AppendEvent N=1 again", s.AppendEvent(ctx, "t1", evs[0]), game.CodeConflict)
	if got, _ := s.Events(ctx, "t1", 0); len(got) != 1 || got[0].Text != evs[0].Text {
		t.Errorf("Events after refused appends: got %+v; want only the first", got)
	}
	// The event log is numbered apart from the action log.
	mustActions(t, s, "t1", 3)
	mustEvents(t, s, "t1", evs[1:2])
}

// testTakeBack checks that a take-back deletes the actions after its
// point, stores the table as given and appends its event at once, and
// that the log then goes on from that point.
func testTakeBack(t *testing.T, s store.Store) {
	ctx := context.Background()
	tb := sample("t1", base())
	tb.Status = store.StatusPlaying
	mustCreate(t, s, tb)
	mustActions(t, s, "t1", 5)
	mustEvents(t, s, "t1", events())
	tb.SeatEvents = []game.SeatEvent{{Seat: 2, Event: game.SeatStandIn, Reason: "left", N: 2, Ms: 450}}
	ev := store.TableEvent{N: 4, Kind: store.EventTakeBack, After: 5, Seat: 0, At: base().Add(time.Minute), To: 2, Seqs: []int64{3, 0, 7}}
	if err := s.TakeBack(ctx, tb, 2, ev); err != nil {
		t.Fatalf("TakeBack: %v", err)
	}
	acts, err := s.Actions(ctx, "t1")
	if err != nil || len(acts) != 2 || acts[1].Move != "add 2" {
		t.Fatalf("Actions after TakeBack to 2: got %+v, %v; want actions 1 and 2", acts, err)
	}
	got, err := s.Table(ctx, "t1")
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	if !reflect.DeepEqual(got, tb) {
		t.Errorf("table after TakeBack:\ngot  %+v\nwant %+v", got, tb)
	}
	evs, err := s.Events(ctx, "t1", 3)
	if err != nil || len(evs) != 1 || !reflect.DeepEqual(evs[0], ev) {
		t.Errorf("Events after TakeBack: got %+v, %v; want %+v", evs, err, ev)
	}
	checkCode(t, "AppendAction N=6 after the take-back", s.AppendAction(ctx, "t1", store.Action{N: 6, Move: "add 6"}), game.CodeConflict)
	if err := s.AppendAction(ctx, "t1", store.Action{N: 3, Move: "add 9", Ms: 70_000}); err != nil {
		t.Fatalf("AppendAction N=3 after the take-back: %v", err)
	}
	if acts, _ := s.Actions(ctx, "t1"); len(acts) != 3 || acts[2].Move != "add 9" {
		t.Errorf("Actions: got %+v; want the kept two and the new third", acts)
	}
	// Back to the start.
	ev2 := store.TableEvent{N: 5, Kind: store.EventTakeBack, After: 3, Seat: 1, At: base().Add(2 * time.Minute)}
	if err := s.TakeBack(ctx, tb, 0, ev2); err != nil {
		t.Fatalf("TakeBack to 0: %v", err)
	}
	if acts, _ := s.Actions(ctx, "t1"); len(acts) != 0 {
		t.Errorf("Actions after TakeBack to 0: got %+v; want none", acts)
	}
}

// testTakeBackRefused checks that a refused take-back deletes nothing and
// changes nothing.
func testTakeBackRefused(t *testing.T, s store.Store) {
	ctx := context.Background()
	tb := sample("t1", base())
	tb.Status = store.StatusPlaying
	mustCreate(t, s, tb)
	mustActions(t, s, "t1", 4)
	mustEvents(t, s, "t1", events()[:1])
	changed := tb.Clone()
	changed.Seats[2].Name = "Changed"
	ev := store.TableEvent{N: 2, Kind: store.EventTakeBack, After: 4, Seat: 0, At: base(), To: 1}
	bad := ev
	bad.N = 3
	checkCode(t, "TakeBack with event number 3", s.TakeBack(ctx, changed, 1, bad), game.CodeConflict)
	checkCode(t, "TakeBack to 5 of 4 actions", s.TakeBack(ctx, changed, 5, ev), game.CodeConflict)
	checkCode(t, "TakeBack to -1", s.TakeBack(ctx, changed, -1, ev), game.CodeInvalid)
	gone := changed.Clone()
	gone.ID = "nope"
	checkCode(t, "TakeBack of table nope", s.TakeBack(ctx, gone, 1, ev), game.CodeNotFound)
	if acts, _ := s.Actions(ctx, "t1"); len(acts) != 4 {
		t.Errorf("Actions after refused take-backs: got %d; want the 4", len(acts))
	}
	if evs, _ := s.Events(ctx, "t1", 0); len(evs) != 1 {
		t.Errorf("Events after refused take-backs: got %+v; want the first only", evs)
	}
	if got, _ := s.Table(ctx, "t1"); !reflect.DeepEqual(got, tb) {
		t.Errorf("table after refused take-backs:\ngot  %+v\nwant %+v", got, tb)
	}
	if err := s.AppendAction(ctx, "t1", store.Action{N: 5, Move: "add 5"}); err != nil {
		t.Errorf("AppendAction N=5 after refused take-backs: %v", err)
	}
}
