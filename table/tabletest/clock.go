// Package tabletest helps test code that runs tables: a manual [Clock]
// that moves only when told, so tests of clocks and bot pacing never sleep.
package tabletest

import (
	"sort"
	"sync"
	"time"

	"minehall/table"
)

// Clock is a manual [table.Clock]. Calls scheduled with AfterFunc run, in
// due order, when Advance moves the time past them.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	pending []*call
	seq     int
}

var _ table.Clock = (*Clock)(nil)

type call struct {
	c       *Clock
	due     time.Time
	seq     int
	f       func()
	stopped bool
}

// NewClock returns a clock standing at start.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

// Now implements [table.Clock].
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc implements [table.Clock]. A call due now runs at the next
// Advance, even Advance(0).
func (c *Clock) AfterFunc(d time.Duration, f func()) table.Stopper {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	k := &call{c: c, due: c.now.Add(d), seq: c.seq, f: f}
	c.pending = append(c.pending, k)
	return k
}

// Stop implements [table.Stopper].
func (k *call) Stop() bool {
	k.c.mu.Lock()
	defer k.c.mu.Unlock()
	was := !k.stopped
	k.stopped = true
	for i, p := range k.c.pending {
		if p == k {
			k.c.pending = append(k.c.pending[:i], k.c.pending[i+1:]...)
			return was
		}
	}
	return false
}

// Advance moves the clock forward by d, running every call that falls due
// on the way, in order, each in the caller's goroutine at its due time.
// Calls scheduled by those calls run too if they fall due within d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		sort.Slice(c.pending, func(i, j int) bool {
			a, b := c.pending[i], c.pending[j]
			if !a.due.Equal(b.due) {
				return a.due.Before(b.due)
			}
			return a.seq < b.seq
		})
		if len(c.pending) == 0 || c.pending[0].due.After(end) {
			c.now = end
			c.mu.Unlock()
			return
		}
		k := c.pending[0]
		c.pending = c.pending[1:]
		k.stopped = true
		if k.due.After(c.now) {
			c.now = k.due
		}
		c.mu.Unlock()
		k.f()
	}
}

// Pending returns how many calls wait.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pending)
}
