package outofmine_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/games/outofmine"
	"minehall/sim"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/table"
	"minehall/table/tabletest"
)

// logged is one action of a game's log as the drivers keep it.
type logged struct {
	player game.Player
	move   string
	ms     int64
}

// checkChanceTiming checks a whole game's log against the real-time flow:
// chance acts at once (at the time of the action before it); the treasure
// cards are dealt once every side is chosen; each round's clock starts when
// the last card is dealt and its "time up" comes exactly clock seconds
// later; every round ends by a call or by the clock, seven in all, and at
// least one by the clock.
func checkChanceTiming(t *testing.T, log []logged, players, clock int) {
	t.Helper()
	sides, cards, rounds, timeUps := 0, 0, 0, 0
	revealed := int64(-1)
	for i, a := range log {
		switch {
		case a.player == game.Chance:
			if i > 0 && a.ms != log[i-1].ms {
				t.Fatalf("action %d: chance's %q came at %d ms, %d ms after the action before it; want at once", i, a.move, a.ms, a.ms-log[i-1].ms)
			}
			if strings.HasPrefix(a.move, "draw card ") {
				if sides != players {
					t.Fatalf("action %d: %q with %d of %d sides chosen", i, a.move, sides, players)
				}
				cards++
				if cards == players {
					revealed = a.ms
				}
			}
		case a.move == "time up" || a.move == "call":
			if revealed < 0 {
				t.Fatalf("action %d: %q before the cards were revealed", i, a.move)
			}
			if want := revealed + int64(clock)*1000; a.move == "time up" && a.ms != want {
				t.Fatalf("action %d: time up at %d ms; want %d, %d s after the cards were revealed at %d ms", i, a.ms, want, clock, revealed)
			}
			rounds++
			timeUps += b2i(a.move == "time up")
			sides, cards, revealed = 0, 0, -1
		case strings.HasPrefix(a.move, "side "):
			sides++
		default:
			if revealed < 0 {
				t.Fatalf("action %d: %s's %q outside a round", i, a.player, a.move)
			}
		}
	}
	if rounds != outofmine.Rounds || timeUps == 0 {
		t.Fatalf("got %d rounds, %d ended by the clock; want %d, some by the clock", rounds, timeUps, outofmine.Rounds)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSimDealsBeforeTheRoundClock: in batch self-play on the virtual clock
// chance deals the boards and the cards at once, and the round clock runs
// from the moment the last card is revealed.
func TestSimDealsBeforeTheRoundClock(t *testing.T) {
	const clock = 20
	res, err := sim.PlayGame(context.Background(), sim.GameSetup{Game: outofmine.New(), Players: 3,
		Options: game.Options{outofmine.OptClock: "20"}, Seed: 7, Bots: []string{"easy", "hard", "random"}})
	if err != nil || !res.OK() {
		t.Fatalf("sim: %v %s", err, res.Error)
	}
	var log []logged
	for _, a := range res.Record.Actions {
		log = append(log, logged{a.Player, a.Move, a.Ms})
	}
	checkChanceTiming(t, log, 3, clock)
	var reg game.Registry
	reg.Register(outofmine.New())
	if _, err := game.Verify(&reg, res.Record); err != nil {
		t.Errorf("the record does not replay: %v", err)
	}
}

// TestTableDealsBeforeTheRoundClock plays a whole game between bots at a
// table on a manual clock: the table applies chance before it starts the
// round clock, stores every chance outcome, and tells spectators every
// move but the treasure cards dealt face down before the last of a round.
func TestTableDealsBeforeTheRoundClock(t *testing.T) {
	const clock = 20
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	reg := &game.Registry{}
	reg.Register(outofmine.New())
	clk := tabletest.NewClock(time.UnixMilli(1_700_000_000_000))
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Clock: clk, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer hall.Close()
	tb, _, err := hall.Create(ctx, table.CreateRequest{Game: "outofmine", Players: 2, AutoStart: true,
		Options: game.Options{outofmine.OptClock: "20"},
		Seats:   []table.SeatRequest{{Kind: store.SeatBot, Bot: "easy"}, {Kind: store.SeatBot, Bot: "easy"}}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	for step := 0; ; step++ {
		if step == 4000 {
			t.Fatalf("the table did not finish in %d steps", step)
		}
		info, err := hall.Info(ctx, tb.ID())
		if err != nil {
			t.Fatalf("Info: %v", err)
		}
		if info.Status == store.StatusFinished {
			break
		}
		clk.Advance(250 * time.Millisecond)
		time.Sleep(time.Millisecond) // the bots think in their own goroutines
	}
	rec, err := hall.Record(ctx, tb.ID())
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	if _, err := game.Verify(reg, rec); err != nil {
		t.Errorf("the record does not replay: %v", err)
	}
	var log []logged
	for _, a := range rec.Actions {
		log = append(log, logged{a.Player, a.Move, a.Ms})
	}
	checkChanceTiming(t, log, 2, clock)

	sub, err := tb.Subscribe(game.Spectator, false)
	if err != nil {
		t.Fatalf("Subscribe: %v", err)
	}
	defer sub.Close()
	u := <-sub.C
	hist := u.History
	if len(hist) == 0 || int(hist[len(hist)-1].N) != len(log) {
		t.Fatalf("got a history of %d moves; want the last moves of %d", len(hist), len(log))
	}
	first := len(log) - len(hist)
	for i, m := range hist {
		a := log[first+i]
		// Two seats: the first card of a round lies face down, the
		// second reveals both.
		hidden := strings.HasPrefix(a.move, "draw card ") && strings.HasSuffix(a.move, " for seat 1")
		if hidden && m.Move != "" || !hidden && m.Move != a.move {
			t.Errorf("move %d %q: the spectator was told %q", m.N, a.move, m.Move)
		}
	}
}
