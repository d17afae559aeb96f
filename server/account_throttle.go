package server

import (
	"sync"
	"time"
)

// passwordThrottle slows down the guessing of an account's password
// without locking its owner out. It counts wrong passwords twice:
//
//   - per name and source (the client's address, or the device cookie of
//     a browser known to the account): from the pairFree-th wrong password
//     in a row on, each makes that source wait before it may try the name
//     again, 1 s, then 2 s, 4 s, … up to maxDelay;
//   - per name from every source that is not a device known to the
//     account: from the nameFree-th on, each makes every such source wait
//     alike.
//
// A browser that has signed in to the account before (its device cookie,
// see rememberDevice), and an address from which the account signed in
// with its password within knownFor (remembered by this instance), are
// never held back by the name's count, only by their own; passkey
// sign-ins are never throttled. A right password clears its source's
// count, not the name's. Counts are forgotten after forgetAfter
// without a wrong password. The waits are refusals with Retry-After, not
// sleeps: a throttled attempt holds nothing and hashes nothing. Safe for
// concurrent use.
type passwordThrottle struct {
	pairFree, nameFree int

	mu    sync.Mutex
	pairs map[string]*wrongPasswords
	names map[string]*wrongPasswords
	// known holds when each (name, source) pair last signed in.
	known map[string]time.Time
	swept time.Time
}

// wrongPasswords counts the wrong passwords in a row of a name or a
// (name, source) pair, and until when the next attempt must wait.
type wrongPasswords struct {
	n     int
	last  time.Time
	until time.Time
}

const (
	// maxDelay caps the wait that wrong passwords bring.
	maxDelay = 15 * time.Minute
	// forgetAfter is how long a count lasts without a wrong password.
	forgetAfter = time.Hour
	// maxThrottled bounds the counts kept; past it the oldest quiet ones
	// are forgotten first (at the sweep).
	maxThrottled = 200_000
	// knownFor is how long a source that signed in stays known.
	knownFor = 30 * 24 * time.Hour
)

func newPasswordThrottle(pairFree, nameFree int) *passwordThrottle {
	return &passwordThrottle{pairFree: pairFree, nameFree: nameFree,
		pairs: map[string]*wrongPasswords{}, names: map[string]*wrongPasswords{}, known: map[string]time.Time{}}
}

func pairKey(name, source string) string { return name + "\x00" + source }

// wait returns how long the source must still wait before it may try a
// password for name, 0 if it may now; known says the source is a device
// known to the account.
func (p *passwordThrottle) wait(name, source string, known bool, now time.Time) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	known = known || p.knownSource(name, source, now)
	var w time.Duration
	if c := p.pairs[pairKey(name, source)]; c != nil {
		w = max(w, c.until.Sub(now))
	}
	if c := p.names[name]; c != nil && !known {
		w = max(w, c.until.Sub(now))
	}
	return max(w, 0)
}

// failed counts a wrong password for name from source.
func (p *passwordThrottle) failed(name, source string, known bool, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sweep(now)
	count(p.pairs, pairKey(name, source), p.pairFree, now)
	if !known && !p.knownSource(name, source, now) {
		count(p.names, name, p.nameFree, now)
	}
}

// succeeded clears the count of name from source, and makes the source
// known to name.
func (p *passwordThrottle) succeeded(name, source string, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sweep(now)
	k := pairKey(name, source)
	delete(p.pairs, k)
	p.known[k] = now
}

// knownSource reports whether source signed in to name within knownFor;
// p.mu is held.
func (p *passwordThrottle) knownSource(name, source string, now time.Time) bool {
	at, ok := p.known[pairKey(name, source)]
	return ok && now.Sub(at) < knownFor
}

// count adds a wrong password to m[key]; from the free-th in a row on it
// sets the wait, doubling from a second; p.mu is held.
func count(m map[string]*wrongPasswords, key string, free int, now time.Time) {
	c := m[key]
	if c == nil || now.Sub(c.last) > forgetAfter {
		c = &wrongPasswords{}
		m[key] = c
	}
	c.n++
	c.last = now
	if over := c.n - free + 1; free > 0 && over > 0 {
		d := maxDelay
		if over <= 20 {
			d = min(maxDelay, time.Second<<(over-1))
		}
		c.until = now.Add(d)
	}
}

// sweep forgets the counts quiet for forgetAfter (all quiet ones beyond
// maxThrottled at once) every sweepEvery; p.mu is held.
func (p *passwordThrottle) sweep(now time.Time) {
	if now.Sub(p.swept) < sweepEvery && len(p.pairs)+len(p.names) < maxThrottled && len(p.known) < maxThrottled {
		return
	}
	knownQuiet := knownFor
	if len(p.known) >= maxThrottled {
		knownQuiet = forgetAfter
	}
	for k, at := range p.known {
		if now.Sub(at) > knownQuiet {
			delete(p.known, k)
		}
	}
	quiet := forgetAfter
	if len(p.pairs)+len(p.names) >= maxThrottled {
		quiet = 0
	}
	for _, m := range []map[string]*wrongPasswords{p.pairs, p.names} {
		for k, c := range m {
			if now.Sub(c.last) > quiet && !now.Before(c.until) {
				delete(m, k)
			}
		}
	}
	p.swept = now
}
