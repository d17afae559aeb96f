package sim

import (
	"context"
	"runtime"
	"time"

	"minehall/ai"
	"minehall/game"
)

// Think is how long one seat's bot thought in a game: the number of times
// it was asked, their total and the slowest. A think is measured as the
// CPU time of the thread that asked (the bots of this module think on the
// caller's goroutine, so it is their whole cost on one core) where the
// system can tell it (Linux), else as wall time. An external agent's own
// process is not counted: for it, only the wall time of the exchange is
// meaningful, and [Think.Wall] holds it.
type Think struct {
	Decisions int           `json:"decisions"`
	Total     time.Duration `json:"total_ns"`
	Slowest   time.Duration `json:"slowest_ns"`
	// Wall is the wall time of all the decisions.
	Wall time.Duration `json:"wall_ns"`
}

// Mean is the mean time of a decision, 0 when there were none.
func (t Think) Mean() time.Duration {
	if t.Decisions == 0 {
		return 0
	}
	return t.Total / time.Duration(t.Decisions)
}

// Add counts u into t.
func (t *Think) Add(u Think) {
	t.Decisions += u.Decisions
	t.Total += u.Total
	t.Wall += u.Wall
	t.Slowest = max(t.Slowest, u.Slowest)
}

// timedAct asks b for a decision and counts the time it took into t.
func timedAct(ctx context.Context, b ai.Bot, s game.State, p game.Player, t *Think) (ai.Decision, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	wall0 := time.Now()
	dec, err := b.Act(ctx, s, p)
	wall := time.Since(wall0)
	used := wall
	if cpu1, ok := threadCPU(); ok && cpuOK {
		used = cpu1 - cpu0
	}
	t.Decisions++
	t.Total += used
	t.Wall += wall
	t.Slowest = max(t.Slowest, used)
	return dec, err
}
