//go:build !linux

package tf22

import "time"

// threadCPU cannot read a thread's CPU time on this system.
func threadCPU() (time.Duration, bool) { return 0, false }
