package sqlite_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestFriendsStore runs the shared friends suite.
func TestFriendsStore(t *testing.T) {
	storetest.RunFriends(t, openFresh)
}
