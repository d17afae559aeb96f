package server

import (
	"container/list"
	"context"
	"sync"
	"time"
)

// analysisPool bounds the evaluations of the analysis board: workers at
// once, and waiting more waiting for one of them; beyond that a request
// is refused.
type analysisPool struct {
	slots chan struct{}

	mu      sync.Mutex
	waiting int
	maxWait int
}

// newAnalysisPool returns a pool of workers (at least 1) and room for
// waiting requests (none when negative).
func newAnalysisPool(workers, waiting int) *analysisPool {
	return &analysisPool{slots: make(chan struct{}, max(1, workers)), maxWait: max(0, waiting)}
}

// analysisRetry is the Retry-After of an analysis refused for a full pool:
// an evaluation takes a second or two.
const analysisRetry = 2 * time.Second

// enter takes a worker, waiting for one if the pool has room for it; a
// full pool refuses with CodeLimit (HTTP 429) and Retry-After, and a wait
// ends with ctx's error when ctx ends. The caller calls leave when its
// evaluation is done.
func (p *analysisPool) enter(ctx context.Context) error {
	select {
	case p.slots <- struct{}{}:
		return nil
	default:
	}
	p.mu.Lock()
	if p.waiting >= p.maxWait {
		p.mu.Unlock()
		return refuse("analysis", analysisRetry, "the analysis board is busy with %d positions; ask again in a moment", cap(p.slots)+p.waiting)
	}
	p.waiting++
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.waiting--
		p.mu.Unlock()
	}()
	select {
	case p.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// leave gives the worker back.
func (p *analysisPool) leave() { <-p.slots }

// analysisCache keeps the answers of the latest requests, the least
// recently used dropped first.
type analysisCache struct {
	mu    sync.Mutex
	size  int
	order *list.List // of *cached, the most recent first
	byKey map[string]*list.Element
}

type cached struct {
	key  string
	body []byte
}

func newAnalysisCache(size int) *analysisCache {
	return &analysisCache{size: max(1, size), order: list.New(), byKey: map[string]*list.Element{}}
}

// get returns the answer kept for key.
func (c *analysisCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cached).body, true
}

// put keeps body as the answer for key.
func (c *analysisCache) put(key string, body []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[key]; ok {
		e.Value.(*cached).body = body
		c.order.MoveToFront(e)
		return
	}
	c.byKey[key] = c.order.PushFront(&cached{key: key, body: body})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(*cached).key)
	}
}
