package postgres

import (
	"context"
	"time"
)

// Publishing. A NOTIFY in the transaction that stores an action would be
// atomic with it, but PostgreSQL serialises the commits of all
// transactions that notify, each waiting for the one before it to be
// flushed to disk: one commit per disk flush for the whole database. So
// the store publishes after the commit, from one goroutine that sends
// whatever is waiting in one statement (a transaction without writes,
// which flushes nothing). A change is published after it is committed and
// in commit order for each table, since a table's writes come from its one
// owner, one at a time. A change whose instance dies between the commit
// and the publication is not published; followers find it in the log at
// the next change of the table, when their client's action is
// acknowledged, or when they take the table over.

// maxPublish caps the notifications sent in one statement.
const maxPublish = 256

// publishQueue is how many notifications may wait; a writer waits when it
// is full.
const publishQueue = 4096

func (db *DB) startPublisher() {
	db.notes = make(chan string, publishQueue)
	db.published = make(chan struct{})
	go db.publishLoop()
}

// publish queues a notification of a committed change. After Close it is
// dropped.
func (db *DB) publish(payload string) {
	db.mu.RLock()
	defer db.mu.RUnlock()
	if db.closed {
		return
	}
	db.notes <- payload
}

func (db *DB) publishLoop() {
	defer close(db.published)
	batch := make([]string, 0, maxPublish)
	for p := range db.notes {
		batch = append(batch[:0], p)
	fill:
		for len(batch) < maxPublish {
			select {
			case p, ok := <-db.notes:
				if !ok {
					break fill
				}
				batch = append(batch, p)
			default:
				break fill
			}
		}
		db.send(batch)
	}
}

// send publishes batch in order, trying twice; a batch that cannot be
// sent is dropped (followers then find the changes in the log).
func (db *DB) send(batch []string) {
	for range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := db.pool.Exec(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS u(p, i) ORDER BY i`, db.channel, batch)
		cancel()
		if err == nil {
			return
		}
	}
}

// stopPublisher sends what is queued and stops the publisher.
func (db *DB) stopPublisher() {
	db.mu.Lock()
	if db.closed {
		db.mu.Unlock()
		return
	}
	db.closed = true
	close(db.notes)
	db.mu.Unlock()
	<-db.published
}
