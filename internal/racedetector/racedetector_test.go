package racedetector_test

import (
	"testing"

	"minehall/internal/racedetector"
)

// TestPickFollowsTheBuild checks that Pick gives the whole work without the
// detector and the part with it.
func TestPickFollowsTheBuild(t *testing.T) {
	want := 10
	if racedetector.Enabled {
		want = 3
	}
	if got := racedetector.Pick(10, 3); got != want {
		t.Fatalf("Pick(10, 3) = %d with the race detector %v; want %d", got, racedetector.Enabled, want)
	}
}
