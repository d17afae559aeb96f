package table_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/games/hammertime"
	"minehall/games/outofmine"
	"minehall/store"
	"minehall/table"
)

var tc = &store.TimeControl{MoveS: 30, BankS: 60}

// "Only rated tables count: public, timed, and between accounts and bots
// (a seat held by a guest makes the table unrated)."
func TestRatedTableRules(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for name, req := range map[string]table.CreateRequest{
		"untimed": {Game: "highcard", Players: 2, Rated: true},
		"a guest seat here": {Game: "highcard", Players: 2, Rated: true, TimeControl: tc,
			Seats: []table.SeatRequest{{Kind: store.SeatPerson, Here: true, Name: "Ann"}, {Kind: store.SeatBot, Bot: "random"}}},
		"a bot level twice": {Game: "highcard", Players: 2, Rated: true, TimeControl: tc,
			Seats: []table.SeatRequest{{Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatBot, Bot: "random"}}},
		"an account twice": {Game: "highcard", Players: 2, Rated: true, TimeControl: tc,
			Seats: []table.SeatRequest{{Kind: store.SeatPerson, Here: true, Name: "Ann", Account: "a1"}, {Kind: store.SeatPerson, Here: true, Name: "Ann", Account: "a1"}}},
	} {
		if _, _, err := e.hall.Open(ctx, req); code(err) != game.CodeInvalid {
			t.Errorf("Open rated, %s: %v; want an invalid-input error", name, err)
		}
	}
	if infos, _ := e.hall.List(ctx, 10); len(infos) != 0 {
		t.Errorf("refused tables were made: %+v", infos)
	}
	tb, _, err := e.hall.Open(ctx, table.CreateRequest{Game: "highcard", Players: 2, Rated: true, TimeControl: tc,
		Seats: []table.SeatRequest{{Kind: store.SeatPerson, Here: true, Name: "Ann", Account: "a1"}, {Kind: store.SeatPerson}}})
	if err != nil {
		t.Fatalf("Open rated: %v", err)
	}
	if !tb.Info().Rated || !tb.Info().Seats[0].Account {
		t.Errorf("Info = %+v; want rated with seat 0 an account's", tb.Info())
	}
	if _, _, err := tb.Join(ctx, "Guest", 1); code(err) != game.CodeUnauthorized {
		t.Errorf("a guest joins a rated table: %v; want unauthorized", err)
	}
	if _, _, err := tb.JoinAccount(ctx, "Ann", 1, "a1"); code(err) != game.CodeConflict {
		t.Errorf("an account joins a rated table twice: %v; want a conflict", err)
	}
	if tb.Info().Seats[1].Taken {
		t.Errorf("a refused join took seat 1")
	}
	if _, _, err := tb.JoinAccount(ctx, "Bo", 1, "a2"); err != nil {
		t.Errorf("account a2 joins: %v", err)
	}
	rec, _ := e.db.Table(ctx, tb.ID())
	if !rec.Rated || rec.Seats[0].Account != "a1" || rec.Seats[1].Account != "a2" {
		t.Errorf("stored table: rated %v, accounts %q, %q; want rated, a1, a2", rec.Rated, rec.Seats[0].Account, rec.Seats[1].Account)
	}
}

// "Only rulebook settings are rated": a rated Hammer Time table with 1
// wagon to fill, or an Out of Mine table with another round clock, is
// refused with a message that names the option; the same tables made
// casual, and rated tables with the rulebook's settings, are made.
func TestRatedTableRulebookOptions(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(hammertime.New())
	e.reg.Register(outofmine.New())
	ctx := context.Background()
	bots := []table.SeatRequest{{Kind: store.SeatPerson}, {Kind: store.SeatBot, Bot: "random"}}
	for _, c := range []struct {
		game    string
		options game.Options
		refused string // the option the refusal names; "" when made
	}{
		{"hammertime", game.Options{"wagons": "1"}, "option wagons"},
		{"hammertime", game.Options{"wagons": "4", "expert": "true", "missions": "false"}, ""},
		{"outofmine", game.Options{"clock": "120"}, "option clock"},
		{"outofmine", game.Options{"assist": "true"}, "option assist"},
		{"outofmine", game.Options{"elves": "true", "finds": "true"}, ""},
	} {
		for _, rated := range []bool{true, false} {
			req := table.CreateRequest{Game: c.game, Players: 2, Options: c.options, Rated: rated, TimeControl: tc, Seats: bots}
			if c.game == "outofmine" {
				req.TimeControl = nil // it runs on its round clock
			}
			_, _, err := e.hall.Open(ctx, req)
			switch {
			case rated && c.refused != "" && (code(err) != game.CodeInvalid || !strings.Contains(err.Error(), c.refused)):
				t.Errorf("Open rated %s %v: %v; want an invalid-input error naming %s", c.game, c.options, err, c.refused)
			case (!rated || c.refused == "") && err != nil:
				t.Errorf("Open %s %v, rated %v: %v; want it made", c.game, c.options, rated, err)
			}
		}
	}
}

// "A guest who signs up keeps the seats they hold in this browser (the
// browser sends its seat tokens at sign-up)": AttachAccount.
func TestAttachAccount(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, _, err := e.hall.Open(ctx, table.CreateRequest{Game: "highcard", Players: 2, Private: true})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	_, tok, err := tb.Join(ctx, "Ann", 0)
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	if _, err := tb.AttachAccount(ctx, "not-a-token", "a1"); code(err) != game.CodeUnauthorized {
		t.Errorf("AttachAccount with a wrong token: %v; want unauthorized", err)
	}
	if seat, err := tb.AttachAccount(ctx, tok, "a1"); err != nil || seat != 0 {
		t.Fatalf("AttachAccount = %v, %v; want seat 0", seat, err)
	}
	if _, err := tb.AttachAccount(ctx, tok, "a1"); err != nil {
		t.Errorf("AttachAccount again to the same account: %v; want nil", err)
	}
	if _, err := tb.AttachAccount(ctx, tok, "a2"); code(err) != game.CodeConflict {
		t.Errorf("AttachAccount to another account: %v; want a conflict", err)
	}
	rec, _ := e.db.Table(ctx, tb.ID())
	if rec.Seats[0].Account != "a1" {
		t.Errorf("stored seat 0 account %q; want a1", rec.Seats[0].Account)
	}
}

// The hall tells Config.Finished of a table whose game ends, once stored,
// with a copy of the finished table.
func TestFinishedHook(t *testing.T) {
	e := newEnv(t)
	var mu sync.Mutex
	var got []*store.Table
	e.hall.Close()
	e.hall = table.NewHall(table.Config{Registry: e.reg, Store: e.db, Clock: e.clock, BotPace: time.Second,
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Finished: func(_ context.Context, t *store.Table) { mu.Lock(); got = append(got, t); mu.Unlock() }})
	ctx := context.Background()
	tb, _, err := e.hall.Open(ctx, table.CreateRequest{Game: "highcard", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatBot, Bot: "random"}, {Kind: store.SeatBot, Bot: "random"}}})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	waitFinished(t, e, tb.ID())
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 || got[0].ID != tb.ID() || got[0].Status != store.StatusFinished || got[0].Result == nil {
		t.Fatalf("Finished was told %d tables (%+v); want table %s once, finished with a result", len(got), got, tb.ID())
	}
	stored, _ := e.db.Table(ctx, tb.ID())
	if stored.Status != store.StatusFinished {
		t.Errorf("the table was not stored finished before Finished was told")
	}
}
