package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/storetest"
)

// TestReviewStore runs the shared review suite.
func TestReviewStore(t *testing.T) {
	storetest.RunReviews(t, func(t *testing.T) store.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		return db
	})
}
