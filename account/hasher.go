package account

import (
	"context"
	"errors"
	"time"
)

// ErrHashersBusy is the error of a [Hasher] whose every slot stayed taken
// for its whole wait: the server is busy hashing passwords, and the
// caller should refuse the request with a "try again shortly".
var ErrHashersBusy = errors.New("account: every password hasher is busy")

// HashMemory is the memory one argon2id hash or verification at
// [DefaultCost] takes (argonMemory KiB, 19 MiB).
const HashMemory = argonMemory << 10

// Hasher runs the argon2id hashes and verifications of passwords, at most
// a fixed number at once, so that no burst of sign-ins can take more than
// that many times [HashMemory]. A call that finds every slot taken waits
// up to the Hasher's wait for one, then gives up with [ErrHashersBusy],
// having hashed nothing. Safe for concurrent use.
type Hasher struct {
	slots chan struct{}
	wait  time.Duration
	cost  Cost
	dummy string // cost's dummyHash
}

// NewHasher returns a Hasher of n slots (at least 1) whose calls wait up to
// wait for a free one and hash new passwords at cost: [DefaultCost] when
// cost is the zero Cost, else cost with its memory and passes raised to
// at least [MinCost]'s.
func NewHasher(n int, wait time.Duration, cost Cost) *Hasher {
	if cost == (Cost{}) {
		cost = DefaultCost
	}
	cost.MemoryKiB, cost.Time = max(cost.MemoryKiB, MinCost.MemoryKiB), max(cost.Time, MinCost.Time)
	return &Hasher{slots: make(chan struct{}, max(1, n)), wait: wait, cost: cost, dummy: cost.dummyHash()}
}

// Slots is how many hashes the Hasher runs at once.
func (h *Hasher) Slots() int { return cap(h.slots) }

// acquire takes a slot, waiting up to h.wait or until ctx ends.
func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(h.wait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-t.C:
		return ErrHashersBusy
	case <-ctx.Done():
		return ErrHashersBusy
	}
}

func (h *Hasher) release() { <-h.slots }

// Hash is [HashPassword] in a slot; a password it refuses costs no slot.
func (h *Hasher) Hash(ctx context.Context, pw string) (string, error) {
	if err := CheckPassword(pw); err != nil {
		return "", err
	}
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	return h.cost.hash(pw)
}

// Verify is [VerifyPassword] in a slot.
func (h *Hasher) Verify(ctx context.Context, pw, encoded string) (bool, error) {
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	return VerifyPassword(pw, encoded)
}

// VerifyDummy spends the time of a verification of a hash of the Hasher's
// cost on pw, in a slot, and reports [ErrHashersBusy] or nil: the answer
// to a sign-in for a name that has no account (or no password) takes as
// long as one for a known name.
func (h *Hasher) VerifyDummy(ctx context.Context, pw string) error {
	if err := h.acquire(ctx); err != nil {
		return err
	}
	defer h.release()
	VerifyPassword(pw, h.dummy)
	return nil
}
