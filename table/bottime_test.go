package table_test

import (
	"context"
	"testing"

	"minehall/game"
	"minehall/table"
)

// A table's bot thinking time is kept with the table, shown in its
// description and passed on to its rematch; a time out of bounds is
// refused with a message that names the bounds, and no table is made.
func TestTableBotThinkingTime(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	seats := []table.SeatRequest{{Kind: "person"}, {Kind: "bot", Bot: "random"}}
	for _, ms := range []int64{-1, 99, 10_001} {
		before, _ := e.hall.List(ctx, 0)
		_, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Seats: seats, Private: true, BotTimeMs: ms})
		if code(err) != game.CodeInvalid {
			t.Errorf("Create with bot_time_ms %d: got %v; want invalid", ms, err)
		}
		if after, _ := e.hall.List(ctx, 0); len(after) != len(before) {
			t.Errorf("bot_time_ms %d: a refused table was stored", ms)
		}
	}
	for _, ms := range []int64{0, 100, 2500, 10_000} {
		tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Seats: seats, Private: true, BotTimeMs: ms})
		if err != nil {
			t.Fatalf("Create with bot_time_ms %d: %v", ms, err)
		}
		if got := tb.Info().BotTimeMs; got != ms {
			t.Errorf("Info().BotTimeMs = %d; want %d", got, ms)
		}
		stored, err := e.db.Table(ctx, tb.Info().ID)
		if err != nil {
			t.Fatal(err)
		}
		if got := table.InfoOf(stored).BotTimeMs; got != ms {
			t.Errorf("stored table: BotTimeMs = %d; want %d", got, ms)
		}
	}
}
