package store

import (
	"context"
	"errors"
	"time"
)

// FollowEntry is one account in a list of follows or blocks: who, since
// when, whether the follow goes both ways (friends), and when the account
// last had a page open and at which table (see [Friends.SetPresence]).
type FollowEntry struct {
	AccountID string
	Name      string
	Since     time.Time
	// Mutual: the two accounts follow each other.
	Mutual bool
	// Seen is the last heartbeat of the account's pages (zero: none
	// kept); Table the table its page showed then ("" for none).
	Seen  time.Time
	Table string
}

// Relation is how one account stands to another (see [Friends.Relation]).
type Relation struct {
	Follows    bool // the first follows the second
	FollowedBy bool // the second follows the first
	Blocks     bool // the first blocks the second
	BlockedBy  bool // the second blocks the first
}

// Page asks for one page of a list: the entries after the cursor After
// (the Next of the page before; "" for the first), at most Limit of them.
type Page struct {
	After string
	Limit int
}

// ChallengeStatus is where a challenge stands.
type ChallengeStatus string

// The statuses of a challenge. Only an open challenge changes; an open
// one whose time is up reads as expired.
const (
	ChallengeOpen      ChallengeStatus = "open"
	ChallengeAccepted  ChallengeStatus = "accepted"
	ChallengeDeclined  ChallengeStatus = "declined"
	ChallengeCancelled ChallengeStatus = "cancelled"
	ChallengeExpired   ChallengeStatus = "expired"
)

// Challenge is one account's challenge of another to a game: Request is
// the table asked for, as the server encodes it (the store keeps it as
// it is); Table the table made when it was accepted.
type Challenge struct {
	ID             string
	Challenger     string
	ChallengerName string
	Challenged     string
	ChallengedName string
	Request        string
	Status         ChallengeStatus
	Table          string
	Created        time.Time
	Expires        time.Time
	Updated        time.Time
}

// StatusAt is the challenge's status at now: an open challenge whose time
// is up (now at or after Expires) is expired.
func (c Challenge) StatusAt(now time.Time) ChallengeStatus {
	if c.Status == ChallengeOpen && !now.Before(c.Expires) {
		return ChallengeExpired
	}
	return c.Status
}

// ChallengeQuota caps the challenges of one challenger: Open at once
// (open and not expired), and PerHour made in the last hour. Zero is no
// cap.
type ChallengeQuota struct {
	Open    int
	PerHour int
}

// QuotaError is the refusal of a challenge beyond a [ChallengeQuota]:
// Err is a game error of CodeLimit; RetryAfter says when one more
// challenge would be taken.
type QuotaError struct {
	Err        error
	RetryAfter time.Duration
}

func (e *QuotaError) Error() string { return e.Err.Error() }
func (e *QuotaError) Unwrap() error { return e.Err }

// AsQuotaError returns err's QuotaError, if it is one.
func AsQuotaError(err error) (*QuotaError, bool) {
	var q *QuotaError
	ok := errors.As(err, &q)
	return q, ok
}

// Friends keeps who follows and blocks whom, the challenges between
// accounts and when each account last had a page open. Errors carry game
// codes: CodeNotFound for an unknown account or challenge, CodeInvalid
// for an account that names itself, CodeConflict for what a block
// forbids or a challenge no longer open, CodeLimit (a [QuotaError]) for a
// challenger beyond its quota. Lists are ordered and paged by
// [Page]; each returns the cursor of the next page ("" after the last).
// Deleting an account removes its follows, blocks, challenges and
// presence. Every method is safe for concurrent use and durable once it
// returns nil.
type Friends interface {
	// Follow makes follower follow followee (again: no change). Refused
	// when followee blocks follower.
	Follow(ctx context.Context, follower, followee string, now time.Time) error
	// Unfollow ends the follow; a missing one is no error.
	Unfollow(ctx context.Context, follower, followee string) error
	// Following lists the accounts id follows, Followers those that
	// follow id, by name.
	Following(ctx context.Context, id string, p Page) ([]FollowEntry, string, error)
	Followers(ctx context.Context, id string, p Page) ([]FollowEntry, string, error)
	// Relation tells how a stands to b.
	Relation(ctx context.Context, a, b string) (Relation, error)

	// Block makes blocker block blocked (again: no change): the follows
	// between the two end and their open challenges are cancelled.
	Block(ctx context.Context, blocker, blocked string, now time.Time) error
	// Unblock ends the block; a missing one is no error.
	Unblock(ctx context.Context, blocker, blocked string) error
	// Blocked lists the accounts id blocks, by name.
	Blocked(ctx context.Context, id string, p Page) ([]FollowEntry, string, error)

	// CreateChallenge stores c (open, its ID new) unless c.Challenged
	// blocks c.Challenger or the challenger is beyond q at c.Created.
	CreateChallenge(ctx context.Context, c Challenge, q ChallengeQuota) error
	// Challenge returns the challenge with id.
	Challenge(ctx context.Context, id string) (Challenge, error)
	// Challenges lists the challenges id made (outgoing) or got (not
	// outgoing), newest first; with open only those open at now.
	Challenges(ctx context.Context, id string, outgoing, open bool, now time.Time, p Page) ([]Challenge, string, error)
	// SettleChallenge moves challenge id from open to status to (with
	// table, for accepted) at now, and returns it. CodeConflict, changing
	// nothing, when it is not open at now (expired, or settled before).
	SettleChallenge(ctx context.Context, id string, to ChallengeStatus, table string, now time.Time) (Challenge, error)
	// PruneChallenges deletes the challenges settled (accepted, declined,
	// cancelled) or expired before before, and returns how many it
	// deleted; those still open at before stay. Running it again, or on
	// several instances at once, deletes nothing more.
	PruneChallenges(ctx context.Context, before time.Time) (int64, error)

	// SetPresence records that account id has a page open at now, showing
	// table ("" for none).
	SetPresence(ctx context.Context, id, table string, now time.Time) error
	// Presence returns when account id last had a page open (zero:
	// never kept) and the table it showed then.
	Presence(ctx context.Context, id string) (time.Time, string, error)
}
