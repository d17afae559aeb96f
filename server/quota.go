package server

import (
	"fmt"
	"net/netip"
	"sync"
	"time"

	"minehall/game"
)

// Limits caps what one client address may do (see clientOf for what an
// address is, behind a proxy and for IPv6). A zero field is no limit of
// that kind. Requests beyond a limit are refused with CodeLimit (HTTP 429)
// and a Retry-After header.
type Limits struct {
	// Requests is how many requests to the API and WebSocket upgrades
	// (paths under /api/ and /ws/) an address may make a second, in bursts
	// of twice as many.
	Requests int
	// Creates is how many tables (rematches included) an address may
	// create a minute, and Joins how many seats it may take a minute, in
	// bursts of as many.
	Creates, Joins int
	// Connections caps an address's WebSockets open at once.
	Connections int
	// Tables caps the unfinished (open or playing) tables an address has
	// created. This instance's count starts from zero when it starts.
	Tables int
}

// DefaultLimits are the limits of a hall open to the public: enough for a
// family or a club behind one address, too little for one client to
// exhaust the server.
func DefaultLimits() Limits {
	return Limits{Requests: 20, Creates: 10, Joins: 30, Connections: 30, Tables: 10}
}

// limitError is a refusal for a limit, with how long to wait before trying
// again (the Retry-After header).
type limitError struct {
	err   error // a *game.Error of CodeLimit
	limit string
	retry time.Duration
}

func (e *limitError) Error() string { return e.err.Error() }
func (e *limitError) Unwrap() error { return e.err }

// refuse is a refusal for limit (as the metrics name it).
func refuse(limit string, retry time.Duration, format string, args ...any) error {
	return &limitError{err: game.Errorf(game.CodeLimit, format, args...), limit: limit, retry: retry}
}

// unavailable is a refusal for a resource of the server's (as the metrics
// name it) that is all in use: CodeUnavailable (HTTP 503), with
// Retry-After.
func unavailable(limit string, retry time.Duration, format string, args ...any) error {
	return &limitError{err: game.Errorf(game.CodeUnavailable, format, args...), limit: limit, retry: retry}
}

// tablesRetry is the Retry-After of a refusal for too many unfinished
// tables: they end when they are played, aborted or expire, which no
// clock says.
const tablesRetry = time.Minute

// Sweeping: every sweepEvery the quotas forget the addresses idle for
// idleFor that hold no connection and no unfinished table; past maxAddrs
// addresses they forget every idle one at once.
const (
	sweepEvery = time.Minute
	idleFor    = 10 * time.Minute
	maxAddrs   = 200_000
)

// quotas holds the state of the per-address limits. Safe for concurrent
// use.
type quotas struct {
	lim Limits
	// unfinished reports whether a table an address created still counts
	// against its Tables limit.
	unfinished func(id string) bool
	now        func() time.Time

	mu    sync.Mutex
	addrs map[netip.Prefix]*addrQuota
	swept time.Time
}

// addrQuota is one address's use of its limits.
type addrQuota struct {
	requests, creates, joins *bucket // nil until first used
	conns                    int
	tables                   []string // unfinished tables it created, as far as known
	pending                  int      // creates under way
	used                     time.Time
}

// newQuotas keeps the quotas of lim; now is the clock the buckets refill
// by (nil is time.Now).
func newQuotas(lim Limits, unfinished func(string) bool, now func() time.Time) *quotas {
	if now == nil {
		now = time.Now
	}
	return &quotas{lim: lim, unfinished: unfinished, now: now, addrs: map[netip.Prefix]*addrQuota{}, swept: now()}
}

// entry returns the state of key's address; q.mu is held.
func (q *quotas) entry(key netip.Prefix, now time.Time) *addrQuota {
	if now.Sub(q.swept) > sweepEvery || len(q.addrs) > maxAddrs {
		q.sweep(now)
	}
	a := q.addrs[key]
	if a == nil {
		a = &addrQuota{}
		q.addrs[key] = a
	}
	a.used = now
	return a
}

// sweep forgets idle addresses; q.mu is held.
func (q *quotas) sweep(now time.Time) {
	idle := idleFor
	if len(q.addrs) > maxAddrs {
		idle = 0
	}
	for key, a := range q.addrs {
		if a.conns > 0 || a.pending > 0 || now.Sub(a.used) < idle {
			continue
		}
		if len(a.tables) > 0 && q.prune(a) > 0 {
			continue
		}
		delete(q.addrs, key)
	}
	q.swept = now
}

// prune forgets a's tables that are finished and returns how many are
// left; q.mu is held.
func (q *quotas) prune(a *addrQuota) int {
	live := a.tables[:0]
	for _, id := range a.tables {
		if q.unfinished(id) {
			live = append(live, id)
		}
	}
	clear(a.tables[len(live):])
	a.tables = live
	return len(live)
}

// take spends a token of the bucket *b, made on first use with rate a
// second and burst tokens, and returns how long to wait when there is
// none.
func take(b **bucket, rate, burst float64, now time.Time) (time.Duration, bool) {
	if *b == nil {
		*b = newBucket(rate, burst, now)
	}
	if (*b).take(now) {
		return 0, true
	}
	return (*b).wait(), false
}

// request counts a request to the API; it refuses one beyond the
// Requests limit. A peer's request counts against none: its client's was
// counted where it came in.
func (q *quotas) request(c client) error {
	if q.lim.Requests <= 0 || c.peer {
		return nil
	}
	now := q.now()
	q.mu.Lock()
	defer q.mu.Unlock()
	a := q.entry(c.key, now)
	n := float64(q.lim.Requests)
	if wait, ok := take(&a.requests, n, 2*n, now); !ok {
		return refuse("requests", wait, "too many requests from your address: at most %d a second; try again in %s", q.lim.Requests, seconds(wait))
	}
	return nil
}

// join counts a seat taken; it refuses one beyond the Joins limit.
func (q *quotas) join(c client) error {
	if q.lim.Joins <= 0 || !c.counted() {
		return nil
	}
	now := q.now()
	q.mu.Lock()
	defer q.mu.Unlock()
	a := q.entry(c.key, now)
	n := float64(q.lim.Joins)
	if wait, ok := take(&a.joins, n/60, n, now); !ok {
		return refuse("joins", wait, "too many seats taken from your address: at most %d a minute; try again in %s", q.lim.Joins, seconds(wait))
	}
	return nil
}

// create counts a table about to be created, refusing it beyond the
// Creates or the Tables limit. The caller calls done with the new table's
// id, or "" if it was not created: then the create counts against no
// limit (a request refused as invalid uses up nothing).
func (q *quotas) create(c client) (done func(id string), err error) {
	if !c.counted() || (q.lim.Creates <= 0 && q.lim.Tables <= 0) {
		return func(string) {}, nil
	}
	now := q.now()
	q.mu.Lock()
	defer q.mu.Unlock()
	a := q.entry(c.key, now)
	n := float64(q.lim.Creates)
	if q.lim.Creates > 0 {
		if wait, ok := take(&a.creates, n/60, n, now); !ok {
			return nil, refuse("creates", wait, "too many tables created from your address: at most %d a minute; try again in %s", q.lim.Creates, seconds(wait))
		}
	}
	if q.lim.Tables > 0 && len(a.tables)+a.pending >= q.lim.Tables && q.prune(a)+a.pending >= q.lim.Tables {
		if a.creates != nil {
			a.creates.refund() // nothing was created
		}
		return nil, refuse("tables", tablesRetry, "your address has %d unfinished tables, the most it may have: finish, leave or abort one first", q.lim.Tables)
	}
	a.pending++
	return func(id string) {
		q.mu.Lock()
		defer q.mu.Unlock()
		a.pending--
		if id == "" && a.creates != nil {
			a.creates.refund()
		}
		if id != "" && q.lim.Tables > 0 {
			a.tables = append(a.tables, id)
		}
	}, nil
}

// connect counts a WebSocket opened, refusing one beyond the Connections
// limit; the caller calls release when it closes.
func (q *quotas) connect(c client) (release func(), err error) {
	if q.lim.Connections <= 0 || !c.counted() {
		return func() {}, nil
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	a := q.entry(c.key, q.now())
	if a.conns >= q.lim.Connections {
		return nil, refuse("connections", 5*time.Second, "your address has %d connections open, the most it may have: close a page first", q.lim.Connections)
	}
	a.conns++
	return func() {
		q.mu.Lock()
		a.conns--
		q.mu.Unlock()
	}, nil
}

// seconds says a wait in whole seconds, at least one.
func seconds(d time.Duration) string {
	s := retrySeconds(d)
	if s == 1 {
		return "1 second"
	}
	return fmt.Sprintf("%d seconds", s)
}

// retrySeconds is a wait in whole seconds, rounded up, at least one.
func retrySeconds(d time.Duration) int {
	return max(1, int((d+time.Second-1)/time.Second))
}
