package store

import "context"

// Filter selects tables for [Store.Tables].
type Filter struct {
	// Status keeps tables with one of these statuses; empty keeps all.
	Status []Status
	// Public leaves private tables out.
	Public bool
	// Account, when set, keeps only the tables with a seat held by or
	// reserved for the account with this ID.
	Account string
	// Limit caps the number of tables returned (newest first); 0 means no cap.
	Limit int
}

// Store keeps tables, their action logs and their event logs. Errors carry
// game codes: CodeNotFound for an unknown table, CodeConflict for a table
// id that exists already or an action or event whose number is not the
// next one. Every
// method is safe for concurrent use. A method that returns nil has
// committed its change durably: a process killed afterwards keeps it.
type Store interface {
	// CreateTable stores a new table with its seats.
	CreateTable(ctx context.Context, t *Table) error

	// Table returns the table with the given id.
	Table(ctx context.Context, id string) (*Table, error)

	// Tables returns the tables matching f, newest first.
	Tables(ctx context.Context, f Filter) ([]*Table, error)

	// UpdateTable replaces the stored table (status, times, result, rematch
	// links and seats) with t; the game, options, seed and owner never
	// change.
	UpdateTable(ctx context.Context, t *Table) error

	// AppendAction appends a to the log of table id. a.N must be one more
	// than the number of actions logged so far.
	AppendAction(ctx context.Context, id string, a Action) error

	// Actions returns the log of table id in order.
	Actions(ctx context.Context, id string) ([]Action, error)

	// AppendEvent appends ev to the event log of table id (chat, steps of
	// take-backs). ev.N must be one more than the number of events logged
	// so far (CodeConflict otherwise).
	AppendEvent(ctx context.Context, id string, ev TableEvent) error

	// Events returns the events of table id numbered above after, in
	// order.
	Events(ctx context.Context, id string, after int64) ([]TableEvent, error)

	// TakeBack deletes the actions of table t.ID numbered above to,
	// replaces the stored table with t as UpdateTable does, and appends ev
	// to its event log as AppendEvent does, in one transaction: all of it
	// or, refused, nothing. to must be from 0 to the number of actions
	// logged (CodeInvalid below, CodeConflict above).
	TakeBack(ctx context.Context, t *Table, to int64, ev TableEvent) error

	// Close flushes pending work and releases the store.
	Close() error
}
