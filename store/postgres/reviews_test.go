package postgres_test

import (
	"testing"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/store/storetest"
)

// TestReviewStore runs the shared review suite on PostgreSQL.
func TestReviewStore(t *testing.T) {
	storetest.RunReviews(t, func(t *testing.T) store.Store { return open(t, pgtest.URL(t)) })
}
