package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/storetest"
)

// TestFriendsStore runs the shared friends suite.
func TestFriendsStore(t *testing.T) {
	storetest.RunFriends(t, func(t *testing.T) store.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return db
	})
}
