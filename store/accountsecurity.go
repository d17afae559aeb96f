package store

import (
	"context"
	"time"
)

// Device is a browser known to have signed in to an account: the SHA-256
// of the random token of its device cookie. A sign-in from a known device
// is spared the delays that wrong passwords from elsewhere put on the
// account's name.
type Device struct {
	Hash      []byte
	AccountID string
	Created   time.Time
}

// AccountSecurity is what an account's player does to keep it safe: list
// and end its sessions, change its password, remember its devices, and
// delete it. Errors carry game codes as [Accounts] says.
type AccountSecurity interface {
	// RekeyAccounts sets the NameKey and Skeleton of every account
	// without a Skeleton to rekey's answer for its Name; an account whose
	// rekey reports false, or whose new key or skeleton another account
	// holds, is left as it is. It returns how many accounts changed.
	RekeyAccounts(ctx context.Context, rekey func(name string) (key, skeleton string, ok bool)) (int, error)
	// AccountBySkeleton returns the account whose Skeleton is skeleton.
	AccountBySkeleton(ctx context.Context, skeleton string) (*Account, error)

	// Sessions returns the sessions of an account unexpired at now,
	// newest first.
	Sessions(ctx context.Context, accountID string, now time.Time) ([]Session, error)
	// DeleteOtherSessions removes every session of an account but the one
	// whose hash is keep, and returns how many it removed.
	DeleteOtherSessions(ctx context.Context, accountID string, keep []byte) (int, error)
	// SetPassword replaces an account's password hash and removes every
	// session of it but keep, in one transaction; CodeNotFound for an
	// unknown account.
	SetPassword(ctx context.Context, accountID, hash string, keep []byte) error

	// AddDevice remembers a device of an account; adding a known one
	// again is no error.
	AddDevice(ctx context.Context, d Device) error
	// Device returns the device whose hash is hash.
	Device(ctx context.Context, hash []byte) (*Device, error)

	// DeleteAccount removes an account in one transaction: its row,
	// passkeys, sessions, devices, ratings and games played, so that it
	// leaves the leaderboards and has no profile; the seats it held (and
	// seats reserved for it) and its puzzle attempts keep shownName
	// instead of its name and belong to no account. CodeNotFound for an
	// unknown account.
	DeleteAccount(ctx context.Context, id, shownName string) error
}
