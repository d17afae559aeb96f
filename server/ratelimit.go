package server

import "time"

// bucket is a token bucket: burst tokens at most, refilled at rate per
// second. Not safe for concurrent use: each connection's reader owns one,
// and the per-address quotas hold theirs under their lock.
type bucket struct {
	rate, burst float64
	tokens      float64
	last        time.Time
}

func newBucket(rate, burst float64, now time.Time) *bucket {
	return &bucket{rate: rate, burst: burst, tokens: burst, last: now}
}

// take spends one token, reporting false when none is left.
func (b *bucket) take(now time.Time) bool {
	if now.After(b.last) {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
		b.last = now
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// refund gives back a token taken for something that was then refused.
func (b *bucket) refund() {
	b.tokens = min(b.burst, b.tokens+1)
}

// wait is how long after the last take the bucket holds a token again.
func (b *bucket) wait() time.Duration {
	if b.tokens >= 1 || b.rate <= 0 {
		return 0
	}
	return time.Duration((1 - b.tokens) / b.rate * float64(time.Second))
}

// frameLimit limits the frames a connection's client sends: a bucket of
// burst frames refilled at rate a second. A frame beyond it is refused,
// and spends a token of the flood allowance, a second bucket of burst
// tokens refilled at half the rate. Only a client that keeps sending
// faster than the rate (at twice the rate, it runs dry 2×burst/rate
// seconds after the frames' bucket did) or sends burst frames past the
// limit at once runs the allowance dry; bursts now and then, and play at
// any pace within the rate, never do.
type frameLimit struct {
	frames, flood *bucket
}

func newFrameLimit(rate, burst float64, now time.Time) frameLimit {
	return frameLimit{frames: newBucket(rate, burst, now), flood: newBucket(rate/2, burst, now)}
}

// take reports whether a frame arriving now may be handled and, when it
// may not, whether the flood allowance ran dry: then the connection is to
// be closed.
func (l frameLimit) take(now time.Time) (ok, flooded bool) {
	if l.frames.take(now) {
		return true, false
	}
	return false, !l.flood.take(now)
}
