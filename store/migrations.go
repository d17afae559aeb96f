package store

import (
	"embed"
	"fmt"
	"io/fs"
)

// The schema is one set of numbered goose migrations (migrations/DIALECT/
// NNNNN_name.sql) with a file per dialect for each number: the tables,
// columns and indexes are the same, but the SQL cannot be, because SQLite
// and PostgreSQL name their types differently (BLOB and BYTEA; INTEGER of
// any size and BIGINT; 0/1 and BOOLEAN) and only SQLite has WITHOUT ROWID
// tables. TestMigrationsMatch keeps the two sets in step.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// The dialects [Migrations] knows.
const (
	DialectSQLite   = "sqlite"
	DialectPostgres = "postgres"
)

// Migrations returns the goose migrations of dialect, numbered files at
// the root of the returned file system.
func Migrations(dialect string) (fs.FS, error) {
	if dialect != DialectSQLite && dialect != DialectPostgres {
		return nil, fmt.Errorf("store: no migrations for dialect %q (there are %q and %q)", dialect, DialectSQLite, DialectPostgres)
	}
	return fs.Sub(migrations, "migrations/"+dialect)
}
