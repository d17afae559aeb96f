package table_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
	"minehall/store"
	"minehall/store/sqlite/sqlitetest"
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

// timedFour is Connect Four whose one bot, "timed", is made with a time
// budget, which it records.
type timedFour struct {
	game.Game
	mu      sync.Mutex
	budgets []time.Duration
}

func (g *timedFour) BotNames() []string { return []string{"timed"} }

func (g *timedFour) NewBot(name string, seed uint64) (ai.Bot, error) {
	return g.NewTimedBot(name, seed, ai.Budget{})
}

func (g *timedFour) NewTimedBot(name string, seed uint64, budget ai.Budget) (ai.Bot, error) {
	if name != "timed" {
		return nil, ai.NoSuchBot("Connect Four", name, g.BotNames())
	}
	g.mu.Lock()
	g.budgets = append(g.budgets, budget.Time)
	g.mu.Unlock()
	return ai.NewRandom(seed), nil
}

// A table's bots are made with the table's thinking time, or the hall's
// when the table sets none.
func TestBotsThinkForTheTablesTime(t *testing.T) {
	g := &timedFour{Game: gametest.ConnectFour()}
	reg := &game.Registry{}
	reg.Register(g)
	db := sqlitetest.Open(t)
	hall := table.NewHall(table.Config{Registry: reg, Store: db, BotTime: 300 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer func() { hall.Close(); db.Close() }()
	for _, tc := range []struct {
		ms   int64
		want time.Duration
	}{{2500, 2500 * time.Millisecond}, {0, 300 * time.Millisecond}} {
		g.mu.Lock()
		g.budgets = nil
		g.mu.Unlock()
		_, _, err := hall.Create(context.Background(), table.CreateRequest{Game: "connectfour", Players: 2, Private: true, StandIn: "timed", BotTimeMs: tc.ms,
			Seats: []table.SeatRequest{{Kind: store.SeatPerson}, {Kind: store.SeatBot, Bot: "timed"}}})
		if err != nil {
			t.Fatalf("Create: %v", err)
		}
		g.mu.Lock()
		got := slices.Clone(g.budgets)
		g.mu.Unlock()
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("bot_time_ms %d: the bot was made with %v; want one bot with %v", tc.ms, got, tc.want)
		}
	}
}
