package postgres_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestPuzzleStore runs the shared puzzle suite on PostgreSQL.
func TestPuzzleStore(t *testing.T) {
	storetest.RunPuzzles(t, openFresh)
}
