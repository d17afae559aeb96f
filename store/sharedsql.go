package store

import (
	"context"
	"fmt"
)

// SharedSQL implements [Accounts] (with [AccountSecurity] and
// [Preferences]), [Reviews], [PuzzleStore] and the table reads of [Store]
// with the queries both SQL stores share, on an adapter's transactions,
// reads, error coding and unique violations (see [NewSharedSQL]), and
// returns the [Friends], [Notifications] and [Tournaments] stores made of
// the same. An adapter embeds it, so that its database is each of those
// stores.
type SharedSQL struct {
	inTx     func(ctx context.Context, fn func(SQL) error) error
	reader   func() SQL
	coded    func(error) error
	isUnique func(error) bool
}

var (
	_ Accounts        = SharedSQL{}
	_ AccountSecurity = SharedSQL{}
	_ Reviews         = SharedSQL{}
	_ Preferences     = SharedSQL{}
	_ PuzzleStore     = SharedSQL{}
)

// NewSharedSQL returns the shared methods on an adapter's database:
// inTx runs fn in a transaction, committed if fn returns nil, and returns
// a coded error; reader returns a connection for reads; coded keeps a
// game-coded error and makes any other an internal one; isUnique tells a
// unique violation of the driver's.
func NewSharedSQL(inTx func(ctx context.Context, fn func(SQL) error) error, reader func() SQL, coded func(error) error, isUnique func(error) bool) SharedSQL {
	return SharedSQL{inTx: inTx, reader: reader, coded: coded, isUnique: isUnique}
}

// Friends returns the store of follows, blocks, challenges and presence,
// in the adapter's database.
func (s SharedSQL) Friends() Friends { return friendsDB(s) }

// Notifications returns the store of notifications outside the tab, in
// the adapter's database.
func (s SharedSQL) Notifications() Notifications { return notifyDB(s) }

// Tournaments returns the store of tournaments, in the adapter's database.
func (s SharedSQL) Tournaments() Tournaments { return tournamentDB(s) }

// readAll runs the query q on db and decodes all its rows with scan; an
// error says what it read.
func readAll[T any](ctx context.Context, db SQL, what string, scan func(Rows) (T, error), q string, args ...any) (T, error) {
	var zero T
	rows, done, err := db.Query(ctx, q, args...)
	if err != nil {
		return zero, fmt.Errorf("read %s: %w", what, err)
	}
	defer done()
	out, err := scan(rows)
	if err != nil {
		return zero, fmt.Errorf("read %s: %w", what, err)
	}
	return out, nil
}
