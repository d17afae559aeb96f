package postgres_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestNotificationStore runs the shared notifications suite on PostgreSQL.
func TestNotificationStore(t *testing.T) {
	storetest.RunNotifications(t, openFresh)
}
