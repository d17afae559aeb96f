package store

import (
	"context"
	"fmt"
	"time"

	"minehall/game"
)

// PrefSRMode is the preference that turns the client's screen-reader
// mode on ("1") or off ("0") wherever the account signs in.
const PrefSRMode = "sr_mode"

// PrefLang is the preference that keeps the language the account's player
// last chose in a browser ("en", "de", …): mail sent without a browser,
// such as the daily digest, is written in it.
const PrefLang = "lang"

// Preferences keeps an account's preferences: named text values that
// follow its player to every browser. Errors carry game codes as
// [Accounts] says.
type Preferences interface {
	// Preferences returns the preferences an account has set, by name
	// (none set is an empty map); CodeNotFound for an unknown account.
	Preferences(ctx context.Context, accountID string) (map[string]string, error)
	// SetPreference sets a preference of an account to value, replacing
	// the one it had; CodeNotFound for an unknown account.
	SetPreference(ctx context.Context, accountID, name, value string, now time.Time) error
}

// selectPreferences is [Preferences.Preferences] on db.
func selectPreferences(ctx context.Context, db SQL, accountID string) (map[string]string, error) {
	if _, err := selectAccount(ctx, db, "id", accountID); err != nil {
		return nil, err
	}
	rows, done, err := db.Query(ctx, `SELECT name, value FROM account_preferences WHERE account_id = $1`, accountID)
	if err != nil {
		return nil, fmt.Errorf("read preferences: %w", err)
	}
	defer done()
	prefs := map[string]string{}
	for rows.Next() {
		var name, value string
		if err := rows.Scan(&name, &value); err != nil {
			return nil, fmt.Errorf("read preferences: %w", err)
		}
		prefs[name] = value
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read preferences: %w", err)
	}
	return prefs, nil
}

// upsertPreference is [Preferences.SetPreference] in transaction tx.
func upsertPreference(ctx context.Context, tx SQL, accountID, name, value string, now time.Time) error {
	if name == "" {
		return game.Errorf(game.CodeInvalid, "a preference needs a name")
	}
	if _, err := selectAccount(ctx, tx, "id", accountID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO account_preferences (account_id, name, value, updated_ms) VALUES ($1, $2, $3, $4)
		ON CONFLICT (account_id, name) DO UPDATE SET value = excluded.value, updated_ms = excluded.updated_ms`,
		accountID, name, value, Millis(now))
	if err != nil {
		return fmt.Errorf("set preference %s: %w", name, err)
	}
	return nil
}

// Preferences implements [Preferences].
func (db SharedSQL) Preferences(ctx context.Context, accountID string) (map[string]string, error) {
	p, err := selectPreferences(ctx, db.reader(), accountID)
	return p, db.coded(err)
}

// SetPreference implements [Preferences].
func (db SharedSQL) SetPreference(ctx context.Context, accountID, name, value string, now time.Time) error {
	return db.inTx(ctx, func(tx SQL) error { return upsertPreference(ctx, tx, accountID, name, value, now) })
}
