// Package sqlite implements [store.Store] on an embedded SQLite database
// (modernc.org/sqlite, pure Go), migrated by goose with the migrations of
// package store embedded in the binary.
//
// The database runs in WAL mode with synchronous=NORMAL: a committed
// transaction survives the process being killed. Appended actions are
// committed in groups by one writer goroutine, so many tables acting at once
// share a commit instead of queueing for one each; AppendAction still
// returns only after its own action is committed.
package sqlite
