package table_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"testing"

	"minehall/game"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// noticeLog keeps the notices a hall's hook was told.
type noticeLog struct {
	mu  sync.Mutex
	got []string // "kind table N seat account"
}

func (l *noticeLog) hook(_ context.Context, n table.Notice) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range n.Seats {
		l.got = append(l.got, n.Kind+" "+n.Table.ID+" "+strconv.FormatInt(n.N, 10)+" "+n.Table.Seats[p].Account)
	}
}

func (l *noticeLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.got
	l.got = nil
	return out
}

// TestNoticeTurns: the hook hears of each account's turn once as play
// goes on (a seat keeps its turn's key while it lasts), and again, with
// the same key, when a restarted hall loads the table, so a notifier that
// keeps each key once loses no turn to a crash and repeats none.
func TestNoticeTurns(t *testing.T) {
	path := sqlitetest.Path(t)
	ctx := context.Background()
	var log noticeLog
	open := func() (*sqlite.DB, *table.Hall) {
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			t.Fatalf("sqlite.Open: %v", err)
		}
		return db, table.NewHall(table.Config{Registry: registry(), Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Notice: log.hook})
	}
	db, hall := open()
	tb, owner, err := hall.Create(ctx, table.CreateRequest{Game: "connectfour", Players: 2,
		TimeControl: &store.TimeControl{MoveS: 86400, BankS: 0}})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	var toks [2]string
	for i, name := range []string{"Ann", "Bo"} {
		if _, toks[i], err = tb.Join(ctx, name, -1); err != nil {
			t.Fatalf("Join %s: %v", name, err)
		}
		if _, err := tb.AttachAccount(ctx, toks[i], "acct-"+name); err != nil {
			t.Fatalf("AttachAccount %s: %v", name, err)
		}
	}
	if err := tb.Start(ctx, owner); err != nil {
		t.Fatalf("Start: %v", err)
	}
	for i, m := range []string{"a", "b", "a"} {
		if _, err := tb.Act(ctx, game.Player(i%2), m, int64(i/2+1)); err != nil {
			t.Fatalf("Act %s: %v", m, err)
		}
	}
	id := tb.ID()
	want := []string{"turn " + id + " 0 acct-Ann", "turn " + id + " 1 acct-Bo", "turn " + id + " 2 acct-Ann", "turn " + id + " 3 acct-Bo"}
	if got := log.take(); !slices.Equal(got, want) {
		t.Errorf("notices during play: got %q; want %q", got, want)
	}
	hall.Close()
	db.Close()

	db, hall = open()
	defer func() { hall.Close(); db.Close() }()
	if _, err := hall.Restore(ctx); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	if got, want := log.take(), []string{"turn " + id + " 3 acct-Bo"}; !slices.Equal(got, want) {
		t.Errorf("notices when the table is loaded again: got %q; want %q (the current turn, same key)", got, want)
	}
}
