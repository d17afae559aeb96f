package server

import (
	"testing"
	"time"
)

// throttleStep is a try of a password for the name "ann" in
// TestPasswordThrottle.
type throttleStep struct {
	at     time.Duration // since the test's start
	source string
	known  bool          // the source is a device known to the account
	wrong  bool          // a wrong password (else the right one)
	wait   time.Duration // the wait the try finds: if not 0, it is refused
}

// "Throttle wrong passwords per name and address, and per name across
// addresses with a delay that grows, without locking the owner out": the
// waits wrong passwords leave, on a clock of the test's, with 3 wrong
// passwords free per source and 5 per name.
func TestPasswordThrottle(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	for _, tc := range []struct {
		name  string
		steps []throttleStep
	}{
		{"OneSourceWaitsFromItsThirdWrongPasswordOnDoubling", []throttleStep{
			{0, "addr:a", false, true, 0},
			{0, "addr:a", false, true, 0},
			{0, "addr:a", false, true, 0}, // the 3rd: 1 s
			{0, "addr:a", false, true, time.Second},
			{time.Second, "addr:a", false, true, 0}, // the 4th: 2 s
			{2 * time.Second, "addr:a", false, true, time.Second},
			{3 * time.Second, "addr:a", false, true, 0}, // the 5th: 4 s
			{4 * time.Second, "addr:a", false, false, 3 * time.Second},
			{4 * time.Second, "addr:b", false, false, 0}, // another source meanwhile
		}},
		{"ARightPasswordClearsItsSource", []throttleStep{
			{0, "addr:a", false, true, 0},
			{0, "addr:a", false, true, 0},
			{0, "addr:a", false, false, 0},
			{0, "addr:a", false, true, 0},
			{0, "addr:a", false, true, 0},
			{0, "addr:a", false, true, 0}, // 3 in a row again: 1 s
			{0, "addr:a", false, false, time.Second},
		}},
		{"ManySourcesHoldTheNameBackButNotAKnownDevice", []throttleStep{
			{0, "addr:1", false, true, 0},
			{0, "addr:2", false, true, 0},
			{0, "addr:3", false, true, 0},
			{0, "addr:4", false, true, 0},
			{0, "addr:5", false, true, 0}, // the name's 5th: 1 s for every unknown source
			{0, "addr:6", false, false, time.Second},
			{0, "device:owner", true, false, 0},
		}},
		{"AnAddressThatSignedInIsKnown", []throttleStep{
			{0, "addr:home", false, false, 0},
			{time.Second, "addr:1", false, true, 0},
			{time.Second, "addr:2", false, true, 0},
			{time.Second, "addr:3", false, true, 0},
			{time.Second, "addr:4", false, true, 0},
			{time.Second, "addr:5", false, true, 0},
			{time.Second, "addr:6", false, false, time.Second},
			{time.Second, "addr:home", false, false, 0},
		}},
		{"CountsAreForgottenAfterAnHourWithoutAWrongPassword", []throttleStep{
			{0, "addr:a", false, true, 0},
			{0, "addr:a", false, true, 0},
			{forgetAfter + time.Minute, "addr:a", false, true, 0}, // the 1st again
			{forgetAfter + time.Minute, "addr:a", false, true, 0},
			{forgetAfter + time.Minute, "addr:a", false, false, 0},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPasswordThrottle(3, 5)
			for i, s := range tc.steps {
				now := t0.Add(s.at)
				if got := p.wait("ann", s.source, s.known, now); got != s.wait {
					t.Fatalf("step %d (%s at %v): wait %v; want %v", i, s.source, s.at, got, s.wait)
				}
				if s.wait > 0 {
					continue // refused: nothing tried, nothing counted
				}
				if s.wrong {
					p.failed("ann", s.source, s.known, now)
				} else {
					p.succeeded("ann", s.source, now)
				}
			}
		})
	}
	t.Run("TheWaitStopsGrowingAt15Minutes", func(t *testing.T) {
		p := newPasswordThrottle(3, 5)
		now, longest := t0, time.Duration(0)
		for range 40 {
			w := p.wait("ann", "addr:a", false, now)
			longest = max(longest, w)
			now = now.Add(w)
			p.failed("ann", "addr:a", false, now)
		}
		if w := p.wait("ann", "addr:a", false, now); w != maxDelay || longest != maxDelay {
			t.Errorf("after 40 wrong passwords: wait %v, longest %v; want %v", w, longest, maxDelay)
		}
	})
}
