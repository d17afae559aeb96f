package postgres

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"minehall/store"
)

// Batched action writes. Each AppendAction was one statement in its own
// transaction, and PostgreSQL flushes its log to disk at every commit. A
// few writers now take the actions waiting and send them in one round
// trip (a pgx batch, which PostgreSQL runs as one implicit transaction:
// one commit, one flush, for all of them). Each action keeps its own
// checks (the table is this instance's, the number is the next), and an
// action is answered only once its batch is committed. A batch that fails
// as a whole (one action's number taken already by another instance
// aborts the transaction) is written again one action at a time, so that
// each is answered for itself.

// actionWriters is how many batches may be in flight at once.
const actionWriters = 4

// maxActionBatch caps the actions of one batch.
const maxActionBatch = 128

// actionWriteTimeout bounds the writing of one batch (and of its actions
// one at a time, should it fail), which no caller's context ends: a
// database that does not answer fails the actions rather than hold their
// tables for ever.
const actionWriteTimeout = 30 * time.Second

// pendingAction is an action waiting for a writer; done gets whether it
// was inserted (false: refused by its checks) or the fault.
type pendingAction struct {
	id   string
	a    store.Action
	done chan actionResult
}

type actionResult struct {
	inserted bool
	err      error
}

// actionQueue hands the actions to the writers.
type actionQueue struct {
	mu      sync.RWMutex // held for reading while queueing
	closed  bool
	pending chan *pendingAction
	stopped sync.WaitGroup
}

func (db *DB) startActionWriters() {
	db.actions.pending = make(chan *pendingAction, maxActionBatch*actionWriters)
	for range actionWriters {
		db.actions.stopped.Add(1)
		go db.actionWriter()
	}
}

// stopActionWriters writes what is queued and stops the writers.
func (db *DB) stopActionWriters() {
	q := &db.actions
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return
	}
	q.closed = true
	close(q.pending)
	q.mu.Unlock()
	q.stopped.Wait()
}

// insertAction inserts action a of table id with the appendAction
// statement, batched with the actions appended at the same moment. It
// reports whether the row was inserted; once queued, the action is
// written or refused whatever ctx does.
func (db *DB) insertAction(ctx context.Context, id string, a store.Action) (bool, error) {
	p := pendingActions.Get().(*pendingAction)
	p.id, p.a = id, a
	defer func() {
		p.id, p.a = "", store.Action{}
		pendingActions.Put(p) // answered once, so its channel is empty again
	}()
	q := &db.actions
	q.mu.RLock()
	if q.closed {
		q.mu.RUnlock()
		return db.insertOne(ctx, p)
	}
	select {
	case q.pending <- p:
		q.mu.RUnlock()
	case <-ctx.Done():
		q.mu.RUnlock()
		return false, ctx.Err()
	}
	r := <-p.done
	return r.inserted, r.err
}

// pendingActions holds pendingActions with their answer channels, reused
// rather than made for every action.
var pendingActions = sync.Pool{New: func() any { return &pendingAction{done: make(chan actionResult, 1)} }}

func (db *DB) actionWriter() {
	defer db.actions.stopped.Done()
	batch := make([]*pendingAction, 0, maxActionBatch)
	for first := range db.actions.pending {
		if len(batch) > 1 {
			// Under load (the last batch had company), let the actions
			// being appended join this batch.
			runtime.Gosched()
		}
		batch = append(batch[:0], first)
	fill:
		for len(batch) < maxActionBatch {
			select {
			case p, ok := <-db.actions.pending:
				if !ok {
					break fill
				}
				batch = append(batch, p)
			default:
				break fill
			}
		}
		db.writeActions(batch)
		clear(batch[1:]) // keep the length, for the load test above
	}
}

// writeActions writes batch in one round trip and one transaction and
// answers every action; if the batch fails as a whole, each action is
// written again on its own.
func (db *DB) writeActions(batch []*pendingAction) {
	ctx, cancel := context.WithTimeout(context.Background(), actionWriteTimeout)
	defer cancel()
	if len(batch) == 1 {
		inserted, err := db.insertOne(ctx, batch[0])
		batch[0].done <- actionResult{inserted, err}
		return
	}
	b := &pgx.Batch{}
	for _, p := range batch {
		b.Queue(appendAction, p.id, p.a.N, int(p.a.Player), p.a.Move, p.a.Ms, p.a.ClientSeq, db.instance)
	}
	inserted := make([]bool, len(batch))
	br := db.pool.SendBatch(ctx, b)
	var err error
	for i := range batch {
		tag, e := br.Exec()
		if e != nil {
			err = e
			break
		}
		inserted[i] = tag.RowsAffected() == 1
	}
	if e := br.Close(); err == nil {
		err = e // the commit's own fault
	}
	if err != nil {
		for _, p := range batch {
			ins, err := db.insertOne(ctx, p)
			p.done <- actionResult{ins, err}
		}
		return
	}
	for i, p := range batch {
		p.done <- actionResult{inserted[i], nil}
	}
}

// insertOne inserts p's action alone.
func (db *DB) insertOne(ctx context.Context, p *pendingAction) (bool, error) {
	tag, err := db.pool.Exec(ctx, appendAction, p.id, p.a.N, int(p.a.Player), p.a.Move, p.a.Ms, p.a.ClientSeq, db.instance)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
