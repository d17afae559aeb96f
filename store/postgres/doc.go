// Package postgres implements [store.Store] on PostgreSQL (pgx), migrated by
// goose with the migrations of package store, so that several Minehall
// instances can share tables.
//
// Every method commits before it returns (PostgreSQL's synchronous commit),
// so an acknowledged action survives any instance being killed. Each
// committed action and table change is then published with NOTIFY on the
// channel of the database's schema, for the instances that show the table
// without running it ([Cluster.Start] delivers them; notify.go says why
// after the commit rather than in its transaction).
//
// A [DB] writes as one instance, named by [DB.Instance]: the tables it
// creates are its own, and it appends actions and changes unfinished tables
// only while it owns them, so that an instance that lost a table (it was
// thought dead and another took the table over) is refused with
// CodeConflict instead of writing beside the new owner. [Cluster] keeps the
// instance's lease alive and takes over the tables of instances that died.
package postgres
