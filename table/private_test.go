package table_test

import (
	"context"
	"testing"

	"minehall/game"
	"minehall/games/outofmine"
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
	re, tok, err := e.hall.Rematch(ctx, tb.ID(), owner)
	if err != nil {
		t.Fatalf("Rematch: %v", err)
	}
	reInv, _ := re.Invite(tok.Owner)
	if !re.Info().Private || reInv != inv {
		t.Errorf("rematch: private %v, invitation %q (first %q); want private with the same invitation", re.Info().Private, reInv, inv)
	}
}
