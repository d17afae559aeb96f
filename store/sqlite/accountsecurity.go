package sqlite

import (
	"context"
	"time"

	"minehall/store"
)

// RekeyAccounts implements [store.AccountSecurity].
func (db *DB) RekeyAccounts(ctx context.Context, rekey func(name string) (key, skeleton string, ok bool)) (int, error) {
	var n int
	err := db.inTx(ctx, func(tx store.SQL) error {
		var err error
		n, err = store.RekeyAccountsTx(ctx, tx, rekey)
		return err
	})
	return n, err
}

// AccountBySkeleton implements [store.AccountSecurity].
func (db *DB) AccountBySkeleton(ctx context.Context, skeleton string) (*store.Account, error) {
	a, err := store.SelectAccount(ctx, db.reader(), "skeleton", skeleton)
	return a, coded(err)
}

// Sessions implements [store.AccountSecurity].
func (db *DB) Sessions(ctx context.Context, accountID string, now time.Time) ([]store.Session, error) {
	ss, err := store.SelectSessions(ctx, db.reader(), accountID, now)
	return ss, coded(err)
}

// DeleteOtherSessions implements [store.AccountSecurity].
func (db *DB) DeleteOtherSessions(ctx context.Context, accountID string, keep []byte) (int, error) {
	var n int
	err := db.inTx(ctx, func(tx store.SQL) error {
		var err error
		n, err = store.RemoveOtherSessions(ctx, tx, accountID, keep)
		return err
	})
	return n, err
}

// SetPassword implements [store.AccountSecurity].
func (db *DB) SetPassword(ctx context.Context, accountID, hash string, keep []byte) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.SetPasswordTx(ctx, tx, accountID, hash, keep) })
}

// AddDevice implements [store.AccountSecurity].
func (db *DB) AddDevice(ctx context.Context, d store.Device) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.InsertDevice(ctx, tx, d) })
}

// Device implements [store.AccountSecurity].
func (db *DB) Device(ctx context.Context, hash []byte) (*store.Device, error) {
	d, err := store.SelectDevice(ctx, db.reader(), hash)
	return d, coded(err)
}

// DeleteAccount implements [store.AccountSecurity].
func (db *DB) DeleteAccount(ctx context.Context, id, shownName string) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.DeleteAccountTx(ctx, tx, id, shownName) })
}
