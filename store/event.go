package store

// Event is a committed change of a table that a store shared by several
// instances publishes to all of them, so that an instance showing a table
// it does not run can follow it.
type Event struct {
	// Table is the id of the table that changed.
	Table string
	// Action is the action appended, for an appended action. It is nil
	// for a change of the table itself (seats, status, result, rematch,
	// settings) and for an appended table event,
	// and may be nil with N set when the action was too large to publish:
	// the follower then reads the log.
	Action *Action
	// N is the number of the action appended; 0 for a change of the table.
	N int64
	// TableEvent is the event appended to the table's event log (a chat
	// message, a step of a take-back), numbered EventN; it may be nil
	// with EventN set when it was too large to publish: the follower
	// then reads the event log. A take-back also deleted actions: a
	// follower reads the table again.
	TableEvent *TableEvent
	EventN     int64
}
