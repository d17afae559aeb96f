// Package racedetector tells whether the program was built with the race
// detector, so that a test whose work is long, deterministic and on one
// goroutine (many random games, every action of every seat) can do a
// spread part of it under the detector. The detector multiplies such a
// test's time by four to ten and can find nothing in work that runs on
// one goroutine; the test does the whole of it in a build without the
// detector, and .ci/run runs those tests again without it, so that CI
// checks every part. A test whose work cannot be split (a few bot
// searches whose choices it compares) runs only without the detector
// (WholeOnly).
package racedetector

import "testing"

// Pick returns whole in a build without the race detector and underRace
// in one with it.
func Pick(whole, underRace int) int {
	if Enabled {
		return underRace
	}
	return whole
}

// WholeOnly skips t in a build with the race detector. It is for a test
// whose work runs on one goroutine, where the detector finds nothing, and
// cannot be split into a part; .ci/run runs the test without the detector.
func WholeOnly(t testing.TB) {
	t.Helper()
	if Enabled {
		t.Skip("work on one goroutine, run without the race detector by .ci/run (see internal/racedetector)")
	}
}
