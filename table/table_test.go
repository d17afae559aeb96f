package table_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
	"minehall/table/tabletest"
)

func registry() *game.Registry {
	reg := &game.Registry{}
	reg.Register(gametest.ConnectFour())
	reg.Register(gametest.HighCard())
	reg.Register(gametest.Goofspiel())
	return reg
}

type env struct {
	reg   *game.Registry
	db    *sqlite.DB
	clock *tabletest.Clock
	hall  *table.Hall
	path  string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{reg: registry(), clock: tabletest.NewClock(time.UnixMilli(1_700_000_000_000)), path: sqlitetest.Path(t)}
	e.open(t)
	t.Cleanup(func() { e.close() })
	return e
}

func (e *env) open(t *testing.T) {
	t.Helper()
	db, err := sqlite.Open(context.Background(), e.path)
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	e.db = db
	e.hall = table.NewHall(table.Config{Registry: e.reg, Store: db, Clock: e.clock, BotPace: time.Second,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
}

func (e *env) close() {
	if e.hall != nil {
		e.hall.Close()
		e.db.Close()
		e.hall = nil
	}
}

func code(err error) game.Code { return game.ErrorCode(err) }

// waitBots advances the clock until the table's game is over, letting the
// bots (which think in their own goroutines) catch up between steps.
func waitFinished(t *testing.T, e *env, id string) table.Info {
	t.Helper()
	for range 2000 {
		e.clock.Advance(time.Second)
		info, err := e.hall.Info(context.Background(), id)
		if err != nil {
			t.Fatalf("Info: %v", err)
		}
		if info.Status == store.StatusFinished {
			return info
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("table %s did not finish", id)
	return table.Info{}
}

func TestBotsPlayWholeGame(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatBot}, {Kind: store.SeatBot}}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	info := waitFinished(t, e, tb.ID())
	if info.Result == nil {
		t.Fatalf("finished table has no result")
	}
	rec, err := e.hall.Record(ctx, tb.ID())
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	if _, err := game.Verify(e.reg, rec); err != nil {
		t.Errorf("the record does not verify: %v", err)
	}
	for i := 1; i < len(rec.Actions); i++ {
		if gap := rec.Actions[i].Ms - rec.Actions[i-1].Ms; gap < 1000 {
			t.Errorf("bot move %d came %d ms after the previous; want at least the 1000 ms pace", i, gap)
		}
	}
}

// A table asked for without a number of players, or with one the game is
// not played by, is refused with the game's counts, and nothing is made.
func TestCreateRefusesPlayerCounts(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, tc := range []struct {
		players int
		want    string
	}{
		{0, "the request says no number of players (players); Connect Four is played by 2 to 2"},
		{3, "Connect Four is played by 2 to 2 players, not 3"},
	} {
		if _, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: tc.players}); code(err) != game.CodeInvalid || err.Error() != tc.want {
			t.Errorf("a table for %d players: %v; want invalid, %q", tc.players, err, tc.want)
		}
	}
	if infos, err := e.hall.List(ctx, 10); err != nil || len(infos) != 0 {
		t.Errorf("the refused creates made %d tables (%v)", len(infos), err)
	}
}

func TestJoinStartAct(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, owner, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	if _, err := tb.Act(ctx, 0, "a", 1); code(err) != game.CodeConflict {
		t.Errorf("Act before start: got %v; want conflict", err)
	}
	s0, tok0, err := tb.Join(ctx, "Ann", -1)
	if err != nil || s0 != 0 {
		t.Fatalf("Join Ann: seat %d, %v; want seat 0", s0, err)
	}
	if err := tb.Start(ctx, owner); code(err) != game.CodeConflict {
		t.Errorf("Start with a free seat: got %v; want conflict", err)
	}
	if _, _, err := tb.Join(ctx, "Ann again", 0); code(err) != game.CodeConflict {
		t.Errorf("Join a taken seat: got %v; want conflict", err)
	}
	if _, _, err := tb.Join(ctx, "  ", 1); code(err) != game.CodeInvalid || err.Error() != "the name is empty" {
		t.Errorf("Join without a name: got %v; want invalid, the name is empty", err)
	}
	s1, tok1, err := tb.Join(ctx, "Bo", -1)
	if err != nil || s1 != 1 {
		t.Fatalf("Join Bo: seat %d, %v; want seat 1", s1, err)
	}
	if err := tb.Start(ctx, tok0); code(err) != game.CodeUnauthorized {
		t.Errorf("Start with a seat token: got %v; want unauthorized", err)
	}
	if err := tb.Start(ctx, owner); err != nil {
		t.Fatalf("Start: %v", err)
	}
	for _, tc := range []struct {
		token string
		want  game.Player
		code  game.Code
	}{
		{tok0, 0, ""}, {tok1, 1, ""}, {"", 0, game.CodeUnauthorized}, {owner, 0, game.CodeUnauthorized},
		{strings.Repeat("0", 32), 0, game.CodeUnauthorized},
	} {
		got, err := tb.Authenticate(tc.token)
		if code(err) != tc.code || (err == nil && got != tc.want) {
			t.Errorf("Authenticate(%q): got seat %d, %v; want seat %d, code %q", tc.token, got, err, tc.want, tc.code)
		}
	}
	n, err := tb.Act(ctx, 0, "d", 1)
	if err != nil || n != 1 {
		t.Fatalf("Act drop 4: n=%d, %v; want n=1", n, err)
	}
	for _, tc := range []struct {
		name string
		seat game.Player
		move string
		seq  int64
		code game.Code
	}{
		{"ErrNotYourTurn", 0, "d", 2, game.CodeNotYourTurn},
		{"ErrMalformed", 1, "fly away", 1, game.CodeInvalid},
		{"ErrSeqZero", 1, "d", 0, game.CodeInvalid},
		{"ErrSeqReplayed", 0, "d", 1, game.CodeConflict},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tb.Act(ctx, tc.seat, tc.move, tc.seq); code(err) != tc.code {
				t.Errorf("Act(%d, %q, %d): got %v; want code %q", tc.seat, tc.move, tc.seq, err, tc.code)
			}
		})
	}
	acts, err := e.db.Actions(ctx, tb.ID())
	if err != nil || len(acts) != 1 {
		t.Fatalf("stored actions: %v, %v; want exactly the one accepted", acts, err)
	}
}

func TestRestoreByReplay(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	_, tok0, _ := tb.Join(ctx, "Ann", -1)
	_, tok1, _ := tb.Join(ctx, "Bo", -1)
	moves := []string{"a", "b", "a"}
	for i, m := range moves {
		if _, err := tb.Act(ctx, game.Player(i%2), m, int64(i/2+1)); err != nil {
			t.Fatalf("Act %s: %v", m, err)
		}
	}
	id := tb.ID()
	e.close()
	e.open(t)
	n, err := e.hall.Restore(ctx)
	if err != nil || n != 1 {
		t.Fatalf("Restore: %d tables, %v; want 1", n, err)
	}
	tb, err = e.hall.Table(ctx, id)
	if err != nil {
		t.Fatalf("Table after restore: %v", err)
	}
	for _, tc := range []struct {
		token string
		seat  game.Player
	}{{tok0, 0}, {tok1, 1}} {
		if got, err := tb.Authenticate(tc.token); err != nil || got != tc.seat {
			t.Errorf("Authenticate after restore: got %d, %v; want %d", got, err, tc.seat)
		}
	}
	if _, err := tb.Act(ctx, 1, "b", 1); code(err) != game.CodeConflict {
		t.Errorf("seat 1 resending its sequence number 1 after the restart: got %v; want conflict", err)
	}
	if n, err := tb.Act(ctx, 1, "b", 2); err != nil || n != 4 {
		t.Errorf("Act after restore: n=%d, %v; want n=4", n, err)
	}
}

func TestTimerEndsPhase(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb := twoPeoplePlaying(t, e, "goofspiel", game.Options{"timer": "30", "cards": "3"})
	sub, err := tb.Subscribe(0, true)
	if err != nil {
		t.Fatalf("Subscribe: %v", err)
	}
	defer sub.Close()
	first := <-sub.C
	if first.Type != table.UpdateState || first.Deadline == 0 || len(first.Legal) != 3 {
		t.Fatalf("first update: got %+v; want a state with a deadline and 3 legal bids", first)
	}
	e.clock.Advance(29 * time.Second)
	acts, _ := e.db.Actions(ctx, tb.ID())
	if len(acts) != 1 {
		t.Fatalf("after 29 s: got %d actions; want only the chance card", len(acts))
	}
	e.clock.Advance(time.Second)
	acts, _ = e.db.Actions(ctx, tb.ID())
	if len(acts) < 2 || acts[1].Player != game.System || acts[1].Move != "timeout" || acts[1].Ms != 30000 {
		t.Fatalf("after 30 s: got actions %+v; want a system timeout at 30000 ms", acts)
	}
}

func TestHiddenMovesStayHidden(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "highcard", Players: 2, Private: true, AutoStart: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	tb.Join(ctx, "Ann", -1)
	sub, _ := tb.Subscribe(game.Spectator, false)
	defer sub.Close()
	tb.Join(ctx, "Bo", -1)
	for u := range sub.C {
		if u.Player != nil && *u.Player == game.Chance && u.Move != "" {
			t.Errorf("a spectator was told the chance move %q", u.Move)
		}
		if u.N == 2 {
			break
		}
	}
	// Betting is public (game.PublicMover): the spectator is told the bet.
	if _, err := tb.Act(ctx, 0, "bet", 1); err != nil {
		t.Fatalf("Act: %v", err)
	}
	for u := range sub.C {
		if u.N == 3 {
			if u.Move != "bet" {
				t.Fatalf("the spectator was told move %q for a public bet; want bet", u.Move)
			}
			break
		}
	}
}

// A state update lists the actions so far as its subscriber saw them in
// action updates (chance's deals hidden, the public bet named), also after
// the table is rebuilt from the store.
func TestStateListsHistory(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb := twoPeoplePlaying(t, e, "highcard", nil)
	if _, err := tb.Act(ctx, 0, "bet", 1); err != nil {
		t.Fatalf("Act: %v", err)
	}
	want := []table.Move{{N: 1, Player: game.Chance}, {N: 2, Player: game.Chance}, {N: 3, Player: 0, Move: "bet"}}
	check := func(when string) {
		t.Helper()
		for _, seat := range []game.Player{0, 1, game.Spectator} {
			if got := stateFor(t, tb, seat).History; !slices.Equal(got, want) {
				t.Errorf("%s, seat %d: history %+v; want %+v", when, seat, got, want)
			}
		}
	}
	check("while playing")
	id := tb.ID()
	e.close()
	e.open(t)
	if _, err := e.hall.Restore(ctx); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	tb, err := e.hall.Table(ctx, id)
	if err != nil {
		t.Fatalf("Table after restore: %v", err)
	}
	check("after a restart")
}

// A secret move is listed in full only in its own player's history and
// action update; the others get what the game lets everyone know of it
// (game.HiddenMoveNamer: that a bid was made, not which).
func TestHistoryKeepsSecretMoves(t *testing.T) {
	e := newEnv(t)
	tb := twoPeoplePlaying(t, e, "goofspiel", game.Options{"cards": "3"})
	subs := map[game.Player]*table.Subscription{}
	for _, seat := range []game.Player{0, 1, game.Spectator} {
		sub, _ := tb.Subscribe(seat, false)
		defer sub.Close()
		subs[seat] = sub
	}
	n, err := tb.Act(context.Background(), 0, "bid 2", 1)
	if err != nil {
		t.Fatalf("Act: %v", err)
	}
	for seat, want := range map[game.Player]table.Move{0: {Move: "bid 2"}, 1: {Veiled: "bid"}, game.Spectator: {Veiled: "bid"}} {
		want.N, want.Player = n, 0
		h := stateFor(t, tb, seat).History
		if len(h) == 0 || h[len(h)-1] != want {
			t.Errorf("seat %d: history %+v; want it to end with %+v", seat, h, want)
		}
		for u := range subs[seat].C {
			if u.N == n {
				if u.Move != want.Move || u.Veiled != want.Veiled {
					t.Errorf("seat %d was told move %q, veiled %q for seat 0's bid; want %q, %q", seat, u.Move, u.Veiled, want.Move, want.Veiled)
				}
				break
			}
		}
	}
}

// twoPeoplePlaying creates a table of the game for two people and seats
// Ann and Bo, which starts it.
func twoPeoplePlaying(t *testing.T, e *env, gameID string, opts game.Options) *table.Table {
	t.Helper()
	ctx := context.Background()
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: gameID, Players: 2, Private: true, AutoStart: true, Options: opts})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	for _, name := range []string{"Ann", "Bo"} {
		if _, _, err := tb.Join(ctx, name, -1); err != nil {
			t.Fatalf("Join %s: %v", name, err)
		}
	}
	return tb
}

// stateFor subscribes seat to tb and returns the state update it gets
// first.
func stateFor(t *testing.T, tb *table.Table, seat game.Player) *table.Update {
	t.Helper()
	sub, err := tb.Subscribe(seat, false)
	if err != nil {
		t.Fatalf("Subscribe: %v", err)
	}
	defer sub.Close()
	u := <-sub.C
	if u.Type != table.UpdateState {
		t.Fatalf("seat %d's first update is a %s update; want a state update", seat, u.Type)
	}
	return u
}
