package table_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
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

// countedFour is Connect Four whose one bot, "counted", plays at random
// after a few milliseconds of "thought", counting how many of its kind
// think at once.
type countedFour struct {
	game.Game
	mu        sync.Mutex
	now, most int
	thinks    int
	thinkFor  time.Duration
}

func (g *countedFour) BotNames() []string { return []string{"counted"} }

func (g *countedFour) NewBot(name string, seed uint64) (ai.Bot, error) {
	if name != "counted" {
		return nil, ai.NoSuchBot("Connect Four", name, g.BotNames())
	}
	return &countedBot{g: g, random: ai.NewRandom(seed)}, nil
}

type countedBot struct {
	g      *countedFour
	random *ai.Random
}

func (b *countedBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	b.g.mu.Lock()
	b.g.now++
	b.g.thinks++
	b.g.most = max(b.g.most, b.g.now)
	b.g.mu.Unlock()
	time.Sleep(b.g.thinkFor)
	b.g.mu.Lock()
	b.g.now--
	b.g.mu.Unlock()
	return b.random.Act(ctx, s, p)
}

// TestBotThinkersCapTheHall plays four tables of two bots each on a hall
// that lets one bot think at a time: every table finishes, and no two
// bots ever thought at once, whatever table they sat at.
func TestBotThinkersCapTheHall(t *testing.T) {
	g := &countedFour{Game: gametest.ConnectFour(), thinkFor: 2 * time.Millisecond}
	reg := &game.Registry{}
	reg.Register(g)
	db := sqlitetest.Open(t)
	hall := table.NewHall(table.Config{Registry: reg, Store: db, BotThinkers: 1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	defer func() { hall.Close(); db.Close() }()
	ctx := context.Background()
	var ids []string
	for range 4 {
		tb, _, err := hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true, AutoStart: true, StandIn: "counted",
			Seats: []table.SeatRequest{{Kind: store.SeatBot, Bot: "counted"}, {Kind: store.SeatBot, Bot: "counted"}}})
		if err != nil {
			t.Fatalf("Create: %v", err)
		}
		ids = append(ids, tb.ID())
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, id := range ids {
		for {
			info, err := hall.Info(ctx, id)
			if err != nil {
				t.Fatalf("Info: %v", err)
			}
			if info.Status == store.StatusFinished {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("table %s did not finish within 30 s", id)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.most != 1 || g.thinks < 4*7 {
		t.Errorf("%d bots thought at once at most, %d thinks in all; want 1, and at least 28 (4 games of 7 or more moves)", g.most, g.thinks)
	}
}

// TestSeqIsLastPlusOne: a seat's action must carry its last sequence
// number plus one. A resend of one of its last few is "received already";
// a number ahead, or far behind, is refused saying which is expected; and
// no number, not even the largest, locks the seat out.
func TestSeqIsLastPlusOne(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tb := twoPeoplePlaying(t, e, "connectfour", nil)
	if u := stateFor(t, tb, 0); u.Seq != 0 {
		t.Errorf("seat 0's state before any action: seq %d; want 0", u.Seq)
	}
	const huge = 9223372036854775807
	if _, err := tb.Act(ctx, 0, "a", huge); code(err) != game.CodeInvalid || !strings.Contains(err.Error(), "must have seq 1") {
		t.Errorf("Act with seq %d: got %v; want invalid saying seq 1 is expected", int64(huge), err)
	}
	if _, err := tb.Act(ctx, 0, "a", 2); code(err) != game.CodeInvalid || !strings.Contains(err.Error(), "must have seq 1") {
		t.Errorf("Act with seq 2 first: got %v; want invalid saying seq 1 is expected", err)
	}
	// Columns a, b and c filled in turn: no four in a row.
	last := int64(table.ResendWindow + 1)
	for i := range 2 * last {
		seat, seq, col := game.Player(i%2), i/2+1, string(rune('a'+i/6))
		if _, err := tb.Act(ctx, seat, col, seq); err != nil {
			t.Fatalf("Act %d by seat %d with seq %d: %v", i+1, seat, seq, err)
		}
	}
	if u := stateFor(t, tb, 0); u.Seq != last {
		t.Errorf("seat 0's state after its actions: seq %d; want %d", u.Seq, last)
	}
	if u := stateFor(t, tb, game.Spectator); u.Seq != 0 {
		t.Errorf("a spectator's state: seq %d; want none", u.Seq)
	}
	for _, tc := range []struct {
		name string
		seq  int64
		code game.Code
		says string
	}{
		{"ErrResentLast", last, game.CodeConflict, "received already"},
		{"ErrResentInWindow", last - table.ResendWindow + 1, game.CodeConflict, "received already"},
		{"ErrOlderThanWindow", last - table.ResendWindow, game.CodeInvalid, "must have seq 10"},
		{"ErrAhead", last + 2, game.CodeInvalid, "must have seq 10"},
		{"ErrHuge", huge, game.CodeInvalid, "must have seq 10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tb.Act(ctx, 0, "d", tc.seq); code(err) != tc.code || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("Act with seq %d: got %v; want %s saying %q", tc.seq, err, tc.code, tc.says)
			}
		})
	}
	if n, err := tb.Act(ctx, 0, "d", last+1); err != nil || n != 2*last+1 {
		t.Errorf("Act with seq %d after the refusals: n=%d, %v; want n=%d", last+1, n, err, 2*last+1)
	}
}

// TestNamesAreNormalised: names are NFC and lose format characters
// (Unicode category Cf), such as the bidi override U+202E and zero-width
// characters; a name of nothing else is refused.
func TestNamesAreNormalised(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, tc := range []struct {
		name, in, want string
	}{
		{"BidiOverride", "\u202Egnp.exe", "gnp.exe"},
		{"Isolates", "\u2066Ann\u2069", "Ann"},
		{"ZeroWidth", "B\u200Bo\u200D\uFEFF", "Bo"},
		{"Decomposed", "Rene\u0301e", "Ren\u00e9e"},
		{"SpacesAfterFormat", "\u200E  Cy  ", "Cy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true})
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			if _, _, err := tb.Join(ctx, tc.in, 0); err != nil {
				t.Fatalf("Join %q: %v", tc.in, err)
			}
			if got := tb.Info().Seats[0].Name; got != tc.want {
				t.Errorf("Join %q: name %q; want %q", tc.in, got, tc.want)
			}
		})
	}
	tb, _, err := e.hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2, Private: true})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	for _, in := range []string{"\u202E", "\u200B \u200D", "\xff"} {
		if _, _, err := tb.Join(ctx, in, 0); code(err) != game.CodeInvalid {
			t.Errorf("Join %q: got %v; want invalid", in, err)
		}
	}
	if tb.Info().Seats[0].Taken {
		t.Errorf("seat 0 is taken after refused joins; want it free")
	}
}
