package postgres_test

import (
	"testing"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/store/storetest"
)

// TestPuzzleStore runs the shared puzzle suite on PostgreSQL.
func TestPuzzleStore(t *testing.T) {
	storetest.RunPuzzles(t, func(t *testing.T) store.Store { return open(t, pgtest.URL(t)) })
}
