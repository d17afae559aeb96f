package sqlite_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestNotificationStore runs the shared notifications suite.
func TestNotificationStore(t *testing.T) {
	storetest.RunNotifications(t, openFresh)
}
