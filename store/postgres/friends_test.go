package postgres_test

import (
	"testing"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/store/storetest"
)

// TestFriendsStore runs the shared friends suite on PostgreSQL.
func TestFriendsStore(t *testing.T) {
	storetest.RunFriends(t, func(t *testing.T) store.Store { return open(t, pgtest.URL(t)) })
}
