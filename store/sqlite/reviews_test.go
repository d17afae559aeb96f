package sqlite_test

import (
	"testing"

	"minehall/store/storetest"
)

// TestReviewStore runs the shared review suite.
func TestReviewStore(t *testing.T) {
	storetest.RunReviews(t, openFresh)
}
