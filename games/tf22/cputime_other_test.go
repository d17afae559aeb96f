//go:build !unix

package tf22

import "time"

// processCPU cannot read the CPU time on this system.
func processCPU() (time.Duration, bool) { return 0, false }
