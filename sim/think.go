package sim

import (
	"context"
	"maps"
	"math"
	"runtime"
	"slices"
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
	// Times counts the decisions by how long they took, in buckets a
	// factor 2^(1/8) wide (see [timeBucket]), so that medians and other
	// quantiles of many games (and of a run's shards) can be told without
	// keeping every time.
	Times map[int]int `json:"times,omitempty"`
}

// timeBucket returns the bucket of a decision that took d: the least b with
// d <= 2^(b/8) ns (0 for 1 ns or less).
func timeBucket(d time.Duration) int {
	if d <= 1 {
		return 0
	}
	return int(math.Ceil(8 * math.Log2(float64(d))))
}

// bucketTime is the time a bucket stands for: the geometric middle of its
// bounds, within 4.5% of every time in it.
func bucketTime(b int) time.Duration {
	if b <= 0 {
		return 1
	}
	return time.Duration(math.Round(math.Exp2((float64(b) - 0.5) / 8)))
}

// Quantile returns the q-quantile (0 < q <= 1) of the decisions' times: the
// time of the bucket that holds the ceil(q*n)-th fastest decision, at most
// the slowest; 0 with no decision.
func (t Think) Quantile(q float64) time.Duration {
	n := 0
	for _, c := range t.Times {
		n += c
	}
	if n == 0 {
		return 0
	}
	rank := max(int(math.Ceil(q*float64(n))), 1)
	seen := 0
	for _, b := range slices.Sorted(maps.Keys(t.Times)) {
		seen += t.Times[b]
		if seen >= rank {
			return min(bucketTime(b), t.Slowest)
		}
	}
	return t.Slowest
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
	for b, c := range u.Times {
		if t.Times == nil {
			t.Times = map[int]int{}
		}
		t.Times[b] += c
	}
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
	if t.Times == nil {
		t.Times = map[int]int{}
	}
	t.Times[timeBucket(used)]++
	return dec, err
}
