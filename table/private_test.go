package table_test

import (
	"context"
	"strings"
	"testing"

	"minehall/game"
	"minehall/games/outofmine"
	"minehall/store"
	"minehall/table"
)

// RULINGS.md, Out of Mine: "a round clock (table option, default 3
// minutes, "off" allowed only at private tables)": the clock off is
// refused at a public table, and nothing is made; at a private one it is
// taken.
func TestOutOfMineClockOffOnlyPrivate(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(outofmine.New())
	ctx := context.Background()
	req := table.CreateRequest{Game: "outofmine", Players: 2, Options: game.Options{"clock": "0"}}
	if _, _, err := e.hall.Create(ctx, req); game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("clock off at a public table: got %v; want an invalid error", err)
	}
	if infos, _ := e.hall.List(ctx, 0); len(infos) != 0 {
		t.Errorf("after the refusal: %d tables; want none", len(infos))
	}
	req.Private = true
	tb, _, err := e.hall.Create(ctx, req)
	if err != nil {
		t.Fatalf("clock off at a private table: %v", err)
	}
	if in := tb.Info(); !in.Private || in.Options["clock"] != "0" {
		t.Errorf("private table: private %v, clock %q; want private with the clock off", in.Private, in.Options["clock"])
	}
}

// Issue "Players": "Out of Mine's clock may be off only at a private table
// (RULINGS.md), and so may "untimed" turn-based play." An untimed public
// turn-based table is refused and nothing is made; with a time control, or
// private, it is made.
func TestUntimedPlayOnlyPrivate(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	req := table.CreateRequest{Game: "connectfour", Players: 2}
	_, _, err := e.hall.Create(ctx, req)
	if game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), "untimed play is only for private tables") {
		t.Errorf("an untimed public table: got %v; want the invalid error saying untimed play is for private tables", err)
	}
	if infos, _ := e.hall.List(ctx, 0); len(infos) != 0 {
		t.Errorf("after the refusal: %d tables; want none", len(infos))
	}
	timed := req
	timed.TimeControl = &store.TimeControl{MoveS: 60, BankS: 600}
	if tb, _, err := e.hall.Create(ctx, timed); err != nil || tb.Info().TimeControl == nil {
		t.Errorf("a timed public table: %v; want it made with its clock", err)
	}
	req.Private = true
	if tb, _, err := e.hall.Create(ctx, req); err != nil || tb.Info().TimeControl != nil || !tb.Info().Private {
		t.Errorf("an untimed private table: %v; want it made untimed and private", err)
	}
	bots := table.CreateRequest{Game: "connectfour", Players: 2, Seats: []table.SeatRequest{{Kind: store.SeatBot}, {Kind: store.SeatBot}}}
	if _, _, err := e.hall.Create(ctx, bots); err != nil {
		t.Errorf("an untimed public table of bots alone, which keep nobody waiting: %v; want it made", err)
	}
}

// "A private table is never rated": asking for both is refused. A
// private table's rematch is private too, and keeps the invitation, so
// that whoever was invited to the game is invited to its rematch.
func TestPrivateNeverRatedAndRematchStaysPrivate(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, Rated: true})
	if game.ErrorCode(err) != game.CodeInvalid {
		t.Errorf("a private rated table: got %v; want an invalid error", err)
	}
	tb, owner, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := tb.Invite(owner)
	if err != nil || inv == "" {
		t.Fatalf("Invite(owner): %q, %v; want the secret", inv, err)
	}
	if err := tb.Access("", "", ""); game.ErrorCode(err) != game.CodeUnauthorized {
		t.Errorf("Access without the invitation: %v; want unauthorized", err)
	}
	if err := tb.Access(inv, "", ""); err != nil {
		t.Errorf("Access with the invitation: %v", err)
	}
	if _, err := tb.Invite("someone-else"); game.ErrorCode(err) != game.CodeUnauthorized {
		t.Errorf("Invite(stranger): %v; want unauthorized", err)
	}
	seat, seatTok, err := tb.Join(ctx, "Ann", -1)
	if err != nil {
		t.Fatal(err)
	}
	// Ann leaves during play: every person left, the table is finished.
	if err := tb.Leave(ctx, seat, seatTok); err != nil {
		t.Fatalf("Leave: %v", err)
	}
	rm, err := e.hall.Rematch(ctx, tb.ID(), owner)
	if err != nil {
		t.Fatalf("Rematch: %v", err)
	}
	re := rm.Table
	reInv, _ := re.Invite(rm.Tokens.Owner)
	if !re.Info().Private || reInv != inv {
		t.Errorf("rematch: private %v, invitation %q (first %q); want private with the same invitation", re.Info().Private, reInv, inv)
	}
}
