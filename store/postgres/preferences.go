package postgres

import (
	"context"
	"time"

	"minehall/store"
)

// Preferences implements [store.Preferences].
func (db *DB) Preferences(ctx context.Context, accountID string) (map[string]string, error) {
	p, err := store.SelectPreferences(ctx, db.reader(), accountID)
	return p, coded(err)
}

// SetPreference implements [store.Preferences].
func (db *DB) SetPreference(ctx context.Context, accountID, name, value string, now time.Time) error {
	return db.inTx(ctx, func(tx store.SQL) error { return store.UpsertPreference(ctx, tx, accountID, name, value, now) })
}
