package table

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// TestBotQueueTakesTablesInTurn fills the one slot, then queues five
// thinks of table A and one of table B: B's think runs second, not sixth,
// so A's bots cannot starve B's.
func TestBotQueueTakesTablesInTurn(t *testing.T) {
	q := newBotQueue(1)
	a, b := &Table{}, &Table{}
	release := make(chan struct{})
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	record := func(name string) func() {
		wg.Add(1)
		return func() {
			defer wg.Done()
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
		}
	}
	wg.Add(1)
	q.submit(a, func() { defer wg.Done(); <-release })
	for _, name := range []string{"a1", "a2", "a3"} {
		q.submit(a, record(name))
	}
	q.submit(b, record("b1"))
	for _, name := range []string{"a4", "a5"} {
		q.submit(a, record(name))
	}
	if thinking, waiting := q.counts(); thinking != 1 || waiting != 6 {
		t.Errorf("counts with the slot taken: %d thinking, %d waiting; want 1 and 6", thinking, waiting)
	}
	close(release)
	wg.Wait()
	if want := []string{"a1", "b1", "a2", "a3", "a4", "a5"}; !slices.Equal(order, want) {
		t.Errorf("order of the queued thinks: %v; want %v", order, want)
	}
	// The last think's wg.Done runs before its goroutine frees the slot,
	// so the counts reach zero a moment after wg.Wait returns.
	deadline := time.Now().Add(5 * time.Second)
	for {
		thinking, waiting := q.counts()
		if thinking == 0 && waiting == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("counts when done: %d thinking, %d waiting; want 0 and 0", thinking, waiting)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBotQueueCapsThinksAtOnce submits 40 thinks of 4 tables to a queue
// of 3 slots: never more than 3 run at once, and every one runs.
func TestBotQueueCapsThinksAtOnce(t *testing.T) {
	q := newBotQueue(3)
	tables := []*Table{{}, {}, {}, {}}
	var mu sync.Mutex
	running, most, done := 0, 0, 0
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		q.submit(tables[i%4], func() {
			defer wg.Done()
			mu.Lock()
			running++
			most = max(most, running)
			mu.Unlock()
			time.Sleep(2 * time.Millisecond)
			mu.Lock()
			running--
			done++
			mu.Unlock()
		})
	}
	wg.Wait()
	if most != 3 || done != 40 {
		t.Errorf("at most %d thinks ran at once and %d ran in all; want 3 and 40", most, done)
	}
}

func TestDefaultBotThinkers(t *testing.T) {
	if n := newBotQueue(0).limit; n != DefaultBotThinkers() || n < 1 {
		t.Errorf("limit of a queue made with 0: %d; want DefaultBotThinkers() = %d, at least 1", n, DefaultBotThinkers())
	}
}
