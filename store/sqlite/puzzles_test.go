package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/storetest"
)

// TestPuzzleStore runs the shared puzzle suite; the migrations it applies
// skip the number 00005 (goose applies numbered files in order, gaps
// allowed).
func TestPuzzleStore(t *testing.T) {
	storetest.RunPuzzles(t, func(t *testing.T) store.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return db
	})
}
