package postgres_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestFriendsStore runs the shared friends suite on PostgreSQL.
func TestFriendsStore(t *testing.T) {
	storetest.RunFriends(t, openFresh)
}
