package postgres_test

import (
	"testing"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/store/storetest"
)

// TestTournamentStore runs the shared tournaments suite on PostgreSQL.
func TestTournamentStore(t *testing.T) {
	storetest.RunTournaments(t, func(t *testing.T) store.Store { return open(t, pgtest.URL(t)) })
}
