package postgres_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestTournamentStore runs the shared tournaments suite on PostgreSQL.
func TestTournamentStore(t *testing.T) {
	storetest.RunTournaments(t, openFresh)
}
