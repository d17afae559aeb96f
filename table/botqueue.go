package table

import (
	"runtime"
	"sync"
)

// DefaultBotThinkers is how many bots may think at once across a hall when
// [Config.BotThinkers] is zero: half the machine's cores (at least one), so
// that bots never take the whole machine from the people playing.
func DefaultBotThinkers() int { return max(1, runtime.NumCPU()/2) }

// botQueue lets at most limit bots think at once across a hall; every
// bot's think goes through it. The others wait in a fair queue: the
// tables with bots waiting take turns, one think each in a round, so one
// table's many bots cannot starve another table's one. A think runs in a
// goroutine of the queue, never in the caller's.
type botQueue struct {
	mu      sync.Mutex
	limit   int
	running int
	queued  int
	waiting map[*Table][]func() // each table's thinks, in the order asked
	ring    []*Table            // the tables with thinks waiting, in turn order
}

func newBotQueue(limit int) *botQueue {
	if limit <= 0 {
		limit = DefaultBotThinkers()
	}
	return &botQueue{limit: limit, waiting: map[*Table][]func(){}}
}

// submit runs think for t at once if fewer than limit thinks run, else
// queues it behind t's earlier thinks, t taking its turn among the tables
// waiting.
func (q *botQueue) submit(t *Table, think func()) {
	q.mu.Lock()
	if q.running < q.limit {
		q.running++
		q.mu.Unlock()
		go q.run(think)
		return
	}
	if len(q.waiting[t]) == 0 {
		q.ring = append(q.ring, t)
	}
	q.waiting[t] = append(q.waiting[t], think)
	q.queued++
	q.mu.Unlock()
}

// run runs think, then the thinks waiting, in turn, while there are any.
func (q *botQueue) run(think func()) {
	for think != nil {
		think()
		think = q.next()
	}
}

// next takes the next think in turn off the queue: the first of the table
// whose turn it is, which then goes to the end of the round if it has
// more. It returns nil, freeing the slot, when nothing waits.
func (q *botQueue) next() func() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.ring) == 0 {
		q.running--
		return nil
	}
	t := q.ring[0]
	q.ring[0] = nil
	q.ring = q.ring[1:]
	thinks := q.waiting[t]
	think := thinks[0]
	if len(thinks) == 1 {
		delete(q.waiting, t)
	} else {
		thinks[0] = nil
		q.waiting[t] = thinks[1:]
		q.ring = append(q.ring, t)
	}
	q.queued--
	return think
}

// counts returns how many thinks run and how many wait.
func (q *botQueue) counts() (thinking, waiting int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.running, q.queued
}

// BotsThinking returns how many bots think now across the hall and how
// many wait for their turn to (see [Config.BotThinkers]).
func (h *Hall) BotsThinking() (thinking, waiting int) { return h.bots.counts() }
