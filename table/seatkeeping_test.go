package table_test

import (
	"context"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// timedTable creates a Connect Four table for Ann and Bo with a time
// control of move seconds a turn and a bank, and a random stand-in; Ann
// (seat 0) is to move first.
func timedTable(t *testing.T, e *env, move, bank int64) (*table.Table, [2]string) {
	t.Helper()
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: move, BankS: bank}, StandIn: "random"})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	var toks [2]string
	for i, name := range []string{"Ann", "Bo"} {
		if _, toks[i], err = tb.Join(ctx, name, -1); err != nil {
			t.Fatalf("Join %s: %v", name, err)
		}
	}
	return tb, toks
}

func seatOf(t *testing.T, tb *table.Table, seat int) table.SeatInfo {
	t.Helper()
	return tb.Info().Seats[seat]
}

func TestTimeControlIsChecked(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		name string
		tc   store.TimeControl
	}{
		{"ErrMoveZero", store.TimeControl{MoveS: 0, BankS: 60}},
		{"ErrMoveOverAWeek", store.TimeControl{MoveS: 7*24*3600 + 1, BankS: 0}},
		{"ErrBankBelowZero", store.TimeControl{MoveS: 30, BankS: -1}},
		{"ErrBankOverAWeek", store.TimeControl{MoveS: 30, BankS: 7*24*3600 + 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := e.hall.List(context.Background(), 0)
			_, _, err := e.hall.Create(context.Background(), table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: &tc.tc})
			if code(err) != game.CodeInvalid {
				t.Errorf("Create with %+v: got %v; want invalid", tc.tc, err)
			}
			if after, _ := e.hall.List(context.Background(), 0); len(after) != len(before) {
				t.Errorf("a refused table was stored: %d tables, then %d", len(before), len(after))
			}
		})
	}
	if _, _, err := e.hall.Create(context.Background(), table.CreateRequest{Game: "connectfour", Players: 2, Private: true, StandIn: "grandmaster"}); code(err) != game.CodeInvalid {
		t.Errorf("Create with an unknown stand-in: got %v; want invalid", err)
	}
}

// A turn allows the move time; what it uses beyond comes out of the bank,
// and a seat whose move time and bank run out is played by a stand-in at
// once, whose moves the record marks.
func TestClockChargesTheBankAndTimesOut(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _ := timedTable(t, e, 10, 5)
	c := seatOf(t, tb, 0).Clock
	start := e.clock.Now()
	if c == nil || !c.Running || c.BankMs != 5000 || c.Deadline != start.Add(15*time.Second).UnixMilli() {
		t.Fatalf("Ann's clock at the start: %+v; want running with a 5 s bank and a deadline 15 s on", c)
	}
	if c := seatOf(t, tb, 1).Clock; c == nil || c.Running {
		t.Fatalf("Bo's clock at the start: %+v; want stopped", c)
	}
	// Ann takes 12 s: 2 s come out of her bank.
	e.clock.Advance(12 * time.Second)
	if _, err := tb.Act(ctx, 0, "a", 1); err != nil {
		t.Fatalf("Ann plays: %v", err)
	}
	if c := seatOf(t, tb, 0).Clock; c.Running || c.BankMs != 3000 {
		t.Fatalf("Ann's clock after a 12 s turn: %+v; want stopped with 3 s of bank", c)
	}
	// Bo takes 9 s: his bank stays whole.
	e.clock.Advance(9 * time.Second)
	if _, err := tb.Act(ctx, 1, "b", 1); err != nil {
		t.Fatalf("Bo plays: %v", err)
	}
	if c := seatOf(t, tb, 1).Clock; c.BankMs != 5000 {
		t.Fatalf("Bo's clock after a 9 s turn: %+v; want 5 s of bank", c)
	}
	// Ann now has 10 s + 3 s; nothing happens before.
	e.clock.Advance(12999 * time.Millisecond)
	if s := seatOf(t, tb, 0); s.StandIn {
		t.Fatalf("Ann stood in for before her time ran out: %+v", s)
	}
	e.clock.Advance(time.Millisecond)
	s := seatOf(t, tb, 0)
	if !s.StandIn || s.Absent != table.AbsentTimeout || s.Clock.Running || s.Clock.BankMs != 0 {
		t.Fatalf("Ann's seat when her time ran out: %+v (clock %+v); want a stand-in for a timeout, bank 0", s, s.Clock)
	}
	// The stand-in plays at the bot pace.
	stepUntil(t, e, 100*time.Millisecond, 5*time.Second, func() bool {
		acts, _ := e.db.Actions(ctx, tb.ID())
		return len(acts) == 3
	})
	rec, err := e.db.Table(ctx, tb.ID())
	if err != nil {
		t.Fatal(err)
	}
	acts, _ := e.db.Actions(ctx, tb.ID())
	r, err := table.RecordOf(e.reg, rec, acts)
	if err != nil {
		t.Fatalf("RecordOf: %v", err)
	}
	if !r.Actions[2].StandIn || r.Actions[0].StandIn || r.Actions[1].StandIn {
		t.Errorf("record's stand-in marks: %+v; want only the third action marked", r.Actions)
	}
	if len(r.SeatEvents) != 1 || r.SeatEvents[0] != (game.SeatEvent{Seat: 0, Event: game.SeatStandIn, Reason: table.AbsentTimeout, N: 2, Ms: 34000}) {
		t.Errorf("record's seat events: %+v; want Ann's timeout after 2 actions at 34 s", r.SeatEvents)
	}
}

// A person who leaves is played by a stand-in at once and takes the seat
// back with their token; the stand-in's moves are marked in the updates,
// and the clock runs for the person again.
func TestLeaveAndReclaim(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, toks := timedTable(t, e, 30, 60)
	bo, err := tb.Subscribe(1, false)
	if err != nil {
		t.Fatal(err)
	}
	defer bo.Close()
	<-bo.C
	if err := tb.Leave(ctx, 0, toks[0]); err != nil {
		t.Fatalf("Ann leaves: %v", err)
	}
	if err := tb.Leave(ctx, 0, toks[0]); code(err) != game.CodeConflict {
		t.Errorf("Ann leaves twice: got %v; want conflict", err)
	}
	if s := seatOf(t, tb, 0); !s.StandIn || s.Absent != table.AbsentLeft || s.Clock.Running {
		t.Fatalf("Ann's seat after leaving: %+v; want a stand-in, clock stopped", s)
	}
	var standIn *table.Update
	stepUntil(t, e, 100*time.Millisecond, 5*time.Second, func() bool {
		for {
			select {
			case u := <-bo.C:
				if u.Type == table.UpdateAction && u.Player != nil && *u.Player == 0 && u.StandIn {
					standIn = u
				}
			default:
				return standIn != nil
			}
		}
	})
	if _, err := tb.Act(ctx, 1, "c", 1); err != nil {
		t.Fatalf("Bo plays: %v", err)
	}
	if err := tb.Reclaim(ctx, 0, toks[0]); err != nil {
		t.Fatalf("Ann comes back: %v", err)
	}
	s := seatOf(t, tb, 0)
	if s.StandIn || s.Absent != "" || !s.Clock.Running {
		t.Fatalf("Ann's seat after coming back: %+v (clock %+v); want hers, clock running", s, s.Clock)
	}
	// The stand-in no longer plays: the move is Ann's.
	e.clock.Advance(5 * time.Second)
	time.Sleep(20 * time.Millisecond)
	e.clock.Advance(5 * time.Second)
	acts, _ := e.db.Actions(ctx, tb.ID())
	n := int64(len(acts))
	if got, err := tb.Act(ctx, 0, "a", 1); err != nil || got != n+1 {
		t.Fatalf("Ann plays after coming back: %d, %v; want action %d", got, err, n+1)
	}
	rec, _ := e.db.Table(ctx, tb.ID())
	if len(rec.SeatEvents) != 2 || rec.SeatEvents[1].Event != game.SeatReturned {
		t.Errorf("stored seat events: %+v; want Ann's stand-in and return", rec.SeatEvents)
	}
	// Acting with the seat's token is coming back too.
	if _, err := tb.Act(ctx, 1, "c", 2); err != nil {
		t.Fatalf("Bo plays: %v", err)
	}
	if err := tb.Leave(ctx, 0, toks[0]); err != nil {
		t.Fatalf("Ann leaves again: %v", err)
	}
	if _, err := tb.Act(ctx, 0, "a", 2); err != nil {
		t.Fatalf("Ann plays while a stand-in holds her seat: %v", err)
	}
	if s := seatOf(t, tb, 0); s.StandIn {
		t.Errorf("Ann's seat after she played: %+v; want hers again", s)
	}
}

// A table whose people have all left is abandoned: no winner, no more
// moves, and its record says so.
func TestEveryoneLeftIsAbandoned(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, toks := timedTable(t, e, 30, 60)
	for i, tok := range toks {
		if err := tb.Leave(ctx, game.Player(i), tok); err != nil {
			t.Fatalf("seat %d leaves: %v", i, err)
		}
	}
	info := tb.Info()
	if info.Status != store.StatusFinished || info.Ending != store.EndingAbandoned || info.Result != nil {
		t.Fatalf("table after everyone left: status %s, ending %q, result %v; want finished, abandoned, no result", info.Status, info.Ending, info.Result)
	}
	if _, err := tb.Act(ctx, 1, "a", 5); code(err) != game.CodeGameOver {
		t.Errorf("a move at an abandoned table: got %v; want game_over", err)
	}
	e.clock.Advance(time.Hour)
	if acts, _ := e.db.Actions(ctx, tb.ID()); len(acts) != 0 {
		t.Errorf("bots played %d moves at the abandoned table", len(acts))
	}
	if open, _ := e.hall.List(ctx, 0, store.StatusOpen, store.StatusPlaying); len(open) != 0 {
		t.Errorf("the lobby still lists %d tables", len(open))
	}
	r, err := e.hall.Record(ctx, tb.ID())
	if err != nil || r.Ending != store.EndingAbandoned || len(r.SeatEvents) != 2 {
		t.Errorf("record of the abandoned table: %+v, %v; want ending abandoned and two seat events", r, err)
	}
}

// A stood-in table whose people are none of them connected any more is
// abandoned when the last one goes.
func TestTimedOutAndGoneIsAbandoned(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, toks := timedTable(t, e, 10, 0)
	bo, _ := tb.Subscribe(1, false)
	<-bo.C
	if err := tb.Leave(ctx, 1, toks[1]); err != nil {
		t.Fatal(err)
	}
	ann, _ := tb.Subscribe(0, false)
	e.clock.Advance(10 * time.Second) // Ann's time runs out while her page is open
	if s := seatOf(t, tb, 0); !s.StandIn || s.Presence != table.PresenceOnline {
		t.Fatalf("Ann's seat: %+v; want stood in, online", s)
	}
	if st := tb.Info().Status; st != store.StatusPlaying {
		t.Fatalf("status while Ann is here: %s; want playing", st)
	}
	ann.Close()
	bo.Close()
	if info := tb.Info(); info.Ending != store.EndingAbandoned {
		t.Fatalf("after Ann closed her page: status %s, ending %q; want abandoned", info.Status, info.Ending)
	}
}

func TestPresence(t *testing.T) {
	e := newEnv(t)
	tb, _ := timedTable(t, e, 30, 60)
	presence := func() []string {
		var out []string
		for _, s := range tb.Info().Seats {
			out = append(out, s.Presence)
		}
		return out
	}
	bo, _ := tb.Subscribe(1, false)
	<-bo.C
	watcher, _ := tb.Subscribe(game.Spectator, false)
	defer watcher.Close()
	if got := presence(); got[0] != table.PresenceOffline || got[1] != table.PresenceOnline {
		t.Fatalf("presence with Bo connected and a spectator: %v; want [offline online]", got)
	}
	ann, _ := tb.Subscribe(0, false)
	<-ann.C
	ann.SetAway(true)
	if got := presence(); got[0] != table.PresenceAway {
		t.Fatalf("presence with Ann's page hidden: %v; want away first", got)
	}
	// Bo hears of it in a table update.
	var heard *table.Update
	for heard == nil {
		u := <-bo.C
		if u.Type == table.UpdateTable && u.Table.Seats[0].Presence == table.PresenceAway {
			heard = u
		}
	}
	// A second page of Ann's, in view, makes her online.
	ann2, _ := tb.Subscribe(0, false)
	if got := presence(); got[0] != table.PresenceOnline {
		t.Fatalf("presence with a second page of Ann's in view: %v; want online first", got)
	}
	ann2.Close()
	ann.Close()
	if got := presence(); got[0] != table.PresenceOffline {
		t.Fatalf("presence after Ann closed both pages: %v; want offline first", got)
	}
	bo.Close()
}

// The deadline is kept through a restart: a clock that runs out while the
// server is down hands the seat to a stand-in as soon as it is back.
func TestClockRunsOutDuringRestart(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _ := timedTable(t, e, 10, 5)
	id := tb.ID()
	deadline := seatOf(t, tb, 0).Clock.Deadline
	e.clock.Advance(4 * time.Second)
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	tb, err := e.hall.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if c := seatOf(t, tb, 0).Clock; !c.Running || c.Deadline != deadline {
		t.Fatalf("Ann's clock after a restart: %+v; want running with the deadline %d", c, deadline)
	}
	e.close()
	e.clock.Advance(time.Minute) // down past the deadline
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	tb, _ = e.hall.Table(ctx, id)
	e.clock.Advance(0)
	if s := seatOf(t, tb, 0); !s.StandIn || s.Absent != table.AbsentTimeout {
		t.Fatalf("Ann's seat after a restart past her deadline: %+v; want a stand-in for a timeout", s)
	}
}

func TestOwnerSeatsBotAndAborts(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, owner, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true})
	if err != nil {
		t.Fatal(err)
	}
	_, annTok, _ := tb.Join(ctx, "Ann", 0)
	if err := tb.SeatBot(ctx, annTok, 1, "random"); code(err) != game.CodeUnauthorized {
		t.Errorf("a player seats a bot: got %v; want unauthorized", err)
	}
	if err := tb.SeatBot(ctx, owner, 5, "random"); code(err) != game.CodeInvalid {
		t.Errorf("a bot in seat 6 of 2: got %v; want invalid", err)
	}
	if err := tb.SeatBot(ctx, owner, 1, "grandmaster"); code(err) != game.CodeInvalid {
		t.Errorf("an unknown bot: got %v; want invalid", err)
	}
	ann, _ := tb.Subscribe(0, false)
	if err := tb.SeatBot(ctx, owner, 0, "random"); code(err) != game.CodeConflict {
		t.Errorf("a bot in the seat of Ann, who is here: got %v; want conflict", err)
	}
	ann.Close()
	// Ann went offline: her seat may be given to a bot; so may the free one.
	for seat := range 2 {
		if err := tb.SeatBot(ctx, owner, seat, "random"); err != nil {
			t.Fatalf("a bot in seat %d: %v", seat+1, err)
		}
	}
	if s := tb.Info().Seats; s[0].Kind != store.SeatBot || s[1].Kind != store.SeatBot {
		t.Fatalf("seats: %+v; want two bots", s)
	}
	if err := tb.Abort(ctx, annTok); code(err) != game.CodeUnauthorized {
		t.Errorf("a player aborts: got %v; want unauthorized", err)
	}
	if err := tb.Abort(ctx, owner); err != nil {
		t.Fatalf("Abort: %v", err)
	}
	if info := tb.Info(); info.Status != store.StatusFinished || info.Ending != store.EndingAborted {
		t.Fatalf("after Abort: %s, %q; want finished, aborted", info.Status, info.Ending)
	}
	started := twoPeoplePlaying(t, e, "connectfour", nil)
	if err := started.Abort(ctx, owner); code(err) != game.CodeUnauthorized {
		t.Errorf("another table's owner token: got %v; want unauthorized", err)
	}
}

func TestLeaveBeforeStartFreesTheSeat(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, _ := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true})
	_, tok, _ := tb.Join(ctx, "Ann", -1)
	if err := tb.Leave(ctx, 0, tok); err != nil {
		t.Fatal(err)
	}
	if s := seatOf(t, tb, 0); s.Taken || s.Name != "" {
		t.Fatalf("seat after Ann left before the start: %+v; want free", s)
	}
	if _, err := tb.Authenticate(tok); code(err) != game.CodeUnauthorized {
		t.Errorf("Ann's old token: got %v; want unauthorized", err)
	}
}

func TestExpiry(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	open, _, _ := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true})
	untimed := twoPeoplePlaying(t, e, "connectfour", nil)
	watched := twoPeoplePlaying(t, e, "connectfour", nil)
	timed, _ := timedTable(t, e, 7*24*3600, 0)
	sub, _ := watched.Subscribe(1, false)
	defer sub.Close()
	e.clock.Advance(23 * time.Hour)
	if n := e.hall.Expire(ctx); n != 0 {
		t.Fatalf("after 23 h: %d tables expired; want none", n)
	}
	e.clock.Advance(time.Hour)
	if n := e.hall.Expire(ctx); n != 1 || open.Info().Ending != store.EndingExpired {
		t.Fatalf("after 24 h: %d expired, the open table's ending %q; want 1, expired", n, open.Info().Ending)
	}
	e.clock.Advance(6*24*time.Hour - time.Minute)
	if n := e.hall.Expire(ctx); n != 0 {
		t.Fatalf("after 7 days less a minute: %d expired; want none", n)
	}
	e.clock.Advance(time.Minute)
	e.hall.Expire(ctx)
	if got := untimed.Info(); got.Status != store.StatusFinished || got.Ending != store.EndingAbandoned {
		t.Errorf("an untimed table nobody was at for 7 days: %s, %q; want abandoned", got.Status, got.Ending)
	}
	if got := watched.Info(); got.Status != store.StatusPlaying {
		t.Errorf("an untimed table with Bo connected: %s; want playing", got.Status)
	}
	if got := timed.Info(); got.Status != store.StatusPlaying || !got.Seats[0].StandIn {
		t.Errorf("a timed table: %s, seat 1 %+v; want playing on, its clock having handed Ann to a stand-in", got.Status, got.Seats[0])
	}
	if r, err := e.hall.Record(ctx, open.ID()); err != nil || r.Ending != store.EndingExpired {
		t.Errorf("record of the expired table: %+v, %v; want kept, ending expired", r, err)
	}
}

// Three bots of one level have three names, so the log and the end screen
// tell them apart; a bot the owner seats later takes a fourth.
func TestBotsHaveDistinctNames(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, owner, err := e.hall.Create(ctx, table.CreateRequest{Game: "goofspiel", Players: 4, Private: true,
		Seats: []table.SeatRequest{{Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatPerson}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.SeatBot(ctx, owner, 3, "random"); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, s := range tb.Info().Seats {
		if s.Name == "" || seen[s.Name] {
			t.Errorf("seat %d's bot is named %q; want a name no other seat has (%v)", i+1, s.Name, seen)
		}
		seen[s.Name] = true
	}
}

// A table whose last seat was taken just before the server stopped, and
// which had not started yet, starts when the server is back.
func TestFullOpenTableStartsOnRestore(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	rec := &store.Table{ID: "0123456789abcdef", Game: "connectfour", Players: 2, Options: game.Options{}, Seed: 7,
		Seats:     []store.Seat{{Kind: store.SeatBot, Bot: "random", Name: "Agate"}, {Kind: store.SeatBot, Bot: "random", Name: "Beryl"}},
		OwnerHash: []byte{1}, AutoStart: true, Status: store.StatusOpen, Created: e.clock.Now(), StandInBot: "random"}
	if err := e.db.CreateTable(ctx, rec); err != nil {
		t.Fatal(err)
	}
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatal(err)
	}
	waitFinished(t, e, rec.ID)
}
