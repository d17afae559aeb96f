package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/storetest"
)

// TestTournamentStore runs the shared tournaments suite.
func TestTournamentStore(t *testing.T) {
	storetest.RunTournaments(t, func(t *testing.T) store.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return db
	})
}
