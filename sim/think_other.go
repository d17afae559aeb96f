//go:build !linux

package sim

import "time"

// threadCPU cannot read a thread's CPU time here: decisions are timed by
// the wall clock.
func threadCPU() (time.Duration, bool) { return 0, false }
