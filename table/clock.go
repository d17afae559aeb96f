package table

import "time"

// Clock is the table's source of time: wall time in production, a manual
// clock in tests.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed.
	AfterFunc(d time.Duration, f func()) Stopper
}

// Stopper cancels a pending call; Stop reports whether it was still pending.
type Stopper interface {
	Stop() bool
}

// SystemClock is the wall clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// AfterFunc wraps time.AfterFunc.
func (SystemClock) AfterFunc(d time.Duration, f func()) Stopper { return time.AfterFunc(d, f) }
