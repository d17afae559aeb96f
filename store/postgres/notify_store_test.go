package postgres_test

import (
	"testing"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/store/storetest"
)

// TestNotificationStore runs the shared notifications suite on PostgreSQL.
func TestNotificationStore(t *testing.T) {
	storetest.RunNotifications(t, func(t *testing.T) store.Store { return open(t, pgtest.URL(t)) })
}
