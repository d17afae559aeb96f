package sqlite_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestPuzzleStore runs the shared puzzle suite; the migrations it applies
// skip the number 00005 (goose applies numbered files in order, gaps
// allowed).
func TestPuzzleStore(t *testing.T) {
	storetest.RunPuzzles(t, openFresh)
}
