package postgres_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestReviewStore runs the shared review suite on PostgreSQL.
func TestReviewStore(t *testing.T) {
	storetest.RunReviews(t, openFresh)
}
