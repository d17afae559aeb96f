package postgres_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"minehall/game"
	"minehall/store"
	"minehall/store/postgres/pgtest"
)

// TestActionsAppendedAtOnce appends the actions of many tables at the same
// moment, so that the writers batch them, with a wrong number and a
// table of another instance among them: every right action is stored in
// order, and each wrong one is refused for its own reason without taking
// the others down.
func TestActionsAppendedAtOnce(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db := open(t, url)
	defer db.Close()
	other := open(t, url)
	defer other.Close()
	const tables, actions = 24, 15
	for i := range tables {
		if err := db.CreateTable(ctx, sample(fmt.Sprintf("t%d", i))); err != nil {
			t.Fatalf("CreateTable: %v", err)
		}
	}
	if err := other.CreateTable(ctx, sample("theirs")); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, tables*actions*3)
	for i := range tables {
		wg.Go(func() {
			id := fmt.Sprintf("t%d", i)
			for n := int64(1); n <= actions; n++ {
				if err := db.AppendAction(ctx, id, store.Action{N: n, Move: fmt.Sprintf("add %d", n)}); err != nil {
					errs <- fmt.Errorf("%s action %d: %v", id, n, err)
				}
				// A wrong number and another instance's table, in the
				// same batches.
				if err := db.AppendAction(ctx, id, store.Action{N: n + 5, Move: "skip"}); game.ErrorCode(err) != game.CodeConflict {
					errs <- fmt.Errorf("%s action %d out of turn: got %v; want a conflict", id, n+5, err)
				}
				if err := db.AppendAction(ctx, "theirs", store.Action{N: 1, Move: "add 1"}); game.ErrorCode(err) != game.CodeConflict {
					errs <- fmt.Errorf("another instance's table: got %v; want a conflict", err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range tables {
		id := fmt.Sprintf("t%d", i)
		acts, err := db.Actions(ctx, id)
		if err != nil {
			t.Fatalf("Actions(%s): %v", id, err)
		}
		if len(acts) != actions {
			t.Fatalf("Actions(%s): got %d; want %d", id, len(acts), actions)
		}
		for j, a := range acts {
			if want := fmt.Sprintf("add %d", j+1); a.N != int64(j+1) || a.Move != want {
				t.Errorf("Actions(%s)[%d]: got %d %q; want %d %q", id, j, a.N, a.Move, j+1, want)
			}
		}
	}
	if acts, err := other.Actions(ctx, "theirs"); err != nil || len(acts) != 0 {
		t.Errorf("Actions(theirs): got %v, %v; want none", acts, err)
	}
}
