package table_test

import (
	"context"
	"testing"

	"minehall/game"
	"minehall/games/outofmine"
	"minehall/store"
	"minehall/table"
)

// A family passing one tablet round: every person seat is made here, on
// the creator's device, seated at once under its name; the tokens come
// back with the owner's, and a table that starts by itself starts.
func TestSeatsHere(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb, tok, err := e.hall.Open(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true,
		Seats: []table.SeatRequest{{Kind: store.SeatPerson, Here: true, Name: " Ann "}, {Kind: store.SeatPerson, Here: true, Name: "Bo"}}})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if tok.Owner == "" || len(tok.Here) != 2 || tok.Here[0].Name != "Ann" || tok.Here[1].Seat != 1 || tok.Here[0].Token == tok.Here[1].Token {
		t.Fatalf("tokens: %+v; want the owner's and one for each seat here", tok)
	}
	info := tb.Info()
	if info.Status != store.StatusPlaying || info.Seats[0].Name != "Ann" || info.Seats[1].Name != "Bo" {
		t.Fatalf("table: %+v; want playing, Ann and Bo seated", info)
	}
	for _, st := range tok.Here {
		if seat, err := tb.Authenticate(st.Token); err != nil || seat != st.Seat {
			t.Errorf("Authenticate(%s's token): %d, %v; want seat %d", st.Name, seat, err, st.Seat)
		}
	}
	if _, err := tb.Act(ctx, 0, "d", 1); err != nil {
		t.Fatal(err)
	}
	// A rematch makes the seats here again, with new tokens.
	for i, m := range []string{"c", "d", "c", "d", "c", "d"} {
		if _, err := tb.Act(ctx, game.Player((i+1)%2), m, int64((i+1)/2+1)); err != nil {
			t.Fatal(err)
		}
	}
	rm, err := e.hall.Rematch(ctx, tb.ID(), tok.Owner)
	if err != nil {
		t.Fatalf("Rematch: %v", err)
	}
	next, tok2 := rm.Table, rm.Tokens
	if len(tok2.Here) != 2 || tok2.Here[1].Name != "Bo" || tok2.Here[0].Token == tok.Here[0].Token {
		t.Errorf("rematch tokens: %+v; want Ann and Bo here with new tokens", tok2)
	}
	if seat, err := next.Authenticate(tok2.Here[1].Token); err != nil || seat != 1 {
		t.Errorf("Bo's new token: %d, %v", seat, err)
	}
	if next.Info().Status != store.StatusPlaying {
		t.Errorf("the rematch with every seat here: %s; want playing", next.Info().Status)
	}
}

// Out of Mine is a race played in real time: one person a device, so at
// most one seat can be here. Bad seat requests are refused and nothing is
// stored.
func TestSeatsHereRefused(t *testing.T) {
	e := newEnv(t)
	e.reg.Register(outofmine.New())
	ctx := context.Background()
	person := func(name string) table.SeatRequest {
		return table.SeatRequest{Kind: store.SeatPerson, Here: true, Name: name}
	}
	for _, tc := range []struct {
		name string
		req  table.CreateRequest
	}{
		{"ErrRealTimeTwoHere", table.CreateRequest{Game: "outofmine", Players: 2, Seats: []table.SeatRequest{person("Ann"), person("Bo")}}},
		{"ErrNoName", table.CreateRequest{Game: "connectfour", Players: 2, Private: true, Seats: []table.SeatRequest{person(""), {Kind: store.SeatPerson}}}},
		{"ErrNameNotHere", table.CreateRequest{Game: "connectfour", Players: 2, Private: true, Seats: []table.SeatRequest{{Kind: store.SeatPerson, Name: "Ann"}, {Kind: store.SeatPerson}}}},
		{"ErrBotHere", table.CreateRequest{Game: "connectfour", Players: 2, Private: true, Seats: []table.SeatRequest{person("Ann"), {Kind: store.SeatBot, Here: true}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := e.hall.Open(ctx, tc.req); code(err) != game.CodeInvalid {
				t.Errorf("Open: got %v; want invalid", err)
			}
		})
	}
	if got, _ := e.hall.List(ctx, 0); len(got) != 0 {
		t.Errorf("refused tables were stored: %+v", got)
	}
	if _, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, Seats: []table.SeatRequest{person("Ann"), {Kind: store.SeatPerson}}}); code(err) != game.CodeInvalid {
		t.Errorf("Create with a seat here (its token would be lost): got %v; want invalid", err)
	}
	// One seat here at a real-time table is one person on one device.
	tb, tok, err := e.hall.Open(ctx, table.CreateRequest{Game: "outofmine", Players: 2, Seats: []table.SeatRequest{person("Ann"), {Kind: store.SeatPerson}}})
	if err != nil || len(tok.Here) != 1 || tb.Info().Seats[1].Taken {
		t.Errorf("Out of Mine with Ann here: %v, %+v; want her seated and seat 1 free", err, tok)
	}
}
