package store

import (
	"context"
	"time"
)

// The kinds of notification sent outside the tab. Each is opted in to per
// account (see [Notifications.SetNotifyKinds]); tournament rounds are a
// planned kind, named here so that the opt-ins and the
// protocol keep their names when they are built.
const (
	// NotifyTurn: it is the account's turn at a correspondence table (a
	// move time of an hour or more).
	NotifyTurn = "turn"
	// NotifyTakeBack: another player at the account's table asks to take
	// moves back.
	NotifyTakeBack = "takeback"
	// NotifyChallenge: another account challenges this one.
	NotifyChallenge = "challenge"
	// NotifyTournamentRound: a round of the account's tournament starts
	// (the notification's table is the account's table of the round).
	NotifyTournamentRound = "tournament_round"
)

// NotifyKinds are the kinds of notification sent today, in the order the
// account page lists them.
var NotifyKinds = []string{NotifyTurn, NotifyTakeBack, NotifyChallenge, NotifyTournamentRound}

// PushSubscription is a browser's Web Push subscription (the PushManager's
// endpoint and keys, base64url as the browser gives them) for an account.
type PushSubscription struct {
	Endpoint  string
	AccountID string
	P256DH    string
	Auth      string
	Created   time.Time
}

// Notification is one notice of an event for an account, in the outbox:
// unique by account, kind, table and event number (the number of the
// table's action or event it tells of).
type Notification struct {
	ID        int64
	AccountID string
	Kind      string
	Table     string
	EventN    int64
	Attempts  int
	Created   time.Time
}

// Email is an account's e-mail address. Only a verified address gets
// mail other than its verification link.
type Email struct {
	AccountID string
	Address   string
	Verified  bool
	// Digest asks for the daily digest of the tables waiting for the
	// account; DigestSent is when the last one went out.
	Digest     bool
	DigestSent time.Time
}

// The purposes of an [EmailToken].
const (
	TokenVerify = "verify"
	TokenReset  = "reset"
)

// EmailToken is a single-use token sent by mail: Hash is the SHA-256 of
// the token in the link; Address the address it was sent to.
type EmailToken struct {
	Hash      []byte
	AccountID string
	Purpose   string
	Address   string
	Expires   time.Time
}

// Notifications keeps what notifications outside the tab need: the
// server's VAPID keys, the accounts' push subscriptions and opt-ins, the
// outbox the senders of every instance take from, and the accounts'
// e-mail addresses and mailed tokens. Errors carry game codes
// (CodeNotFound for an unknown account, subscription or token;
// CodeConflict for an address another account holds). Every method is
// safe for concurrent use and durable once it returns nil.
type Notifications interface {
	// ServerKey returns the key pair stored under name, storing the one
	// make returns first if there is none; instances racing to make one
	// all get the one stored first.
	ServerKey(ctx context.Context, name string, make func() (public, private string, err error)) (public, private string, err error)

	// AddPushSubscription stores s, replacing a subscription with the same
	// endpoint (a browser subscribed again, maybe for another account).
	AddPushSubscription(ctx context.Context, s PushSubscription) error
	// DeletePushSubscription removes the subscription with endpoint; an
	// accountID other than "" must own it. A missing one is no error.
	DeletePushSubscription(ctx context.Context, accountID, endpoint string) error
	// PushSubscriptions returns the subscriptions of an account, oldest
	// first.
	PushSubscriptions(ctx context.Context, accountID string) ([]PushSubscription, error)

	// NotifyKinds returns the kinds an account opted in to, sorted.
	NotifyKinds(ctx context.Context, accountID string) ([]string, error)
	// SetNotifyKinds replaces the kinds an account opted in to.
	SetNotifyKinds(ctx context.Context, accountID string, kinds []string) error

	// QueueNotification puts n in the outbox, due at once, for each of
	// accounts that opted in to n.Kind and has a push subscription, unless
	// it is there already (noticed before: then it is not queued again).
	// It returns how many it queued.
	QueueNotification(ctx context.Context, n Notification, accounts []string) (int, error)
	// ClaimNotifications claims up to limit pending notifications that
	// are due at now, counting an attempt and making them due again at
	// now+lease (a sender that dies leaves them to another), oldest first.
	ClaimNotifications(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Notification, error)
	// FinishNotification marks notification id sent (or, with dropped,
	// given up); RetryNotification makes it due again at due.
	FinishNotification(ctx context.Context, id int64, dropped bool) error
	RetryNotification(ctx context.Context, id int64, due time.Time) error
	// PruneNotifications removes the sent and dropped notifications
	// created before before (kept until then so that an event noticed
	// again is not sent again), and returns how many it removed.
	PruneNotifications(ctx context.Context, before time.Time) (int, error)

	// SetEmail gives an account the unverified address (replacing its
	// own, turning its digest off); "" removes it. CodeConflict when
	// another account holds the address.
	SetEmail(ctx context.Context, accountID, address string) error
	// Email returns an account's address; CodeNotFound when it has none.
	Email(ctx context.Context, accountID string) (Email, error)
	// EmailByAddress returns the address's record; CodeNotFound when no
	// account holds it.
	EmailByAddress(ctx context.Context, address string) (Email, error)
	// SetDigest turns an account's daily digest on or off.
	SetDigest(ctx context.Context, accountID string, on bool) error
	// DigestsDue returns up to limit verified addresses whose digest is on
	// and was last sent before before.
	DigestsDue(ctx context.Context, before time.Time, limit int) ([]Email, error)
	// ClaimDigest records that e's digest is sent at now, if it was still
	// last sent at e.DigestSent; false when another sender claimed it.
	ClaimDigest(ctx context.Context, e Email, now time.Time) (bool, error)
	// AddEmailToken stores t.
	AddEmailToken(ctx context.Context, t EmailToken) error
	// UseEmailToken removes the token whose hash is hash and returns it,
	// once: CodeNotFound for an unknown, used or (at now) expired token,
	// or one of another purpose. A verify token verifies its address when
	// the account still has it.
	UseEmailToken(ctx context.Context, hash []byte, purpose string, now time.Time) (EmailToken, error)
}
