//go:build unix

package tf22

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) the test process has
// used so far, and whether it could be read.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
