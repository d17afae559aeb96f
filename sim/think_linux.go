//go:build linux

package sim

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used so far, and
// whether it could be read; the caller locks its goroutine to the thread.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
