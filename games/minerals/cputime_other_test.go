//go:build !unix

package minerals

import "time"

// processCPU cannot read the CPU time on this system.
func processCPU() (time.Duration, bool) { return 0, false }
