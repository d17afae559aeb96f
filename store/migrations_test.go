package store_test

import (
	"io/fs"
	"slices"
	"testing"

	"minehall/store"
)

// TestMigrationsMatch checks that both dialects have the same numbered
// migrations, so that a schema change is never made for one only.
func TestMigrationsMatch(t *testing.T) {
	names := map[string][]string{}
	for _, d := range []string{store.DialectSQLite, store.DialectPostgres} {
		fsys, err := store.Migrations(d)
		if err != nil {
			t.Fatalf("Migrations(%s): %v", d, err)
		}
		got, err := fs.Glob(fsys, "*.sql")
		if err != nil {
			t.Fatalf("Glob(%s): %v", d, err)
		}
		if len(got) == 0 {
			t.Fatalf("Migrations(%s): no migrations", d)
		}
		names[d] = got
	}
	if !slices.Equal(names[store.DialectSQLite], names[store.DialectPostgres]) {
		t.Errorf("migrations differ: sqlite has %v; postgres has %v", names[store.DialectSQLite], names[store.DialectPostgres])
	}
}

func TestMigrationsUnknownDialect(t *testing.T) {
	if _, err := store.Migrations("mysql"); err == nil {
		t.Errorf("Migrations(mysql): got no error; want one naming the dialects")
	}
}
