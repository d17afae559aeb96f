package sqlite_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestTournamentStore runs the shared tournaments suite.
func TestTournamentStore(t *testing.T) {
	storetest.RunTournaments(t, openFresh)
}
