package server

import (
	"sync"
	"time"
)

// blockCacheLife is how long a blocker's blocked accounts, once read, are
// used without reading them again. A block or unblock made on this
// instance takes effect at once (it forgets the blocker's entry); one made
// on another instance takes effect here within this time.
const blockCacheLife = 5 * time.Second

// blockCacheMax caps the blockers a blockCache remembers: past it, it
// forgets them all and reads again.
const blockCacheMax = 10000

// blockCache remembers, for a while, the accounts each account blocks, so
// that every chat line delivered over a WebSocket can be filtered by the
// blocks as they are now without a store read each time.
type blockCache struct {
	life time.Duration
	now  func() time.Time

	mu sync.Mutex
	// gen counts the forgets: a read that began before one is not kept.
	gen     uint64
	entries map[string]blockEntry
}

// blockEntry is what a blockCache knows of one blocker.
type blockEntry struct {
	blocked map[string]bool
	read    time.Time
}

func newBlockCache(life time.Duration, now func() time.Time) *blockCache {
	return &blockCache{life: life, now: now, entries: map[string]blockEntry{}}
}

// get returns the accounts blocker blocks, as read calls them if the cache
// holds none younger than its life. A read that fails is not kept (what it
// returns is, for this call only). The map returned is shared: callers do
// not change it.
func (c *blockCache) get(blocker string, read func() (map[string]bool, error)) map[string]bool {
	c.mu.Lock()
	e, ok := c.entries[blocker]
	gen := c.gen
	c.mu.Unlock()
	if ok && c.now().Sub(e.read) < c.life {
		return e.blocked
	}
	at := c.now()
	blocked, err := read()
	if err != nil {
		return blocked
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen == gen {
		if len(c.entries) >= blockCacheMax {
			clear(c.entries)
		}
		c.entries[blocker] = blockEntry{blocked: blocked, read: at}
	}
	return blocked
}

// forget drops what the cache holds of blocker, whose blocks changed.
func (c *blockCache) forget(blocker string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	delete(c.entries, blocker)
}
