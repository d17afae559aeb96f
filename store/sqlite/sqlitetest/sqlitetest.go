// Package sqlitetest gives tests a new SQLite store quickly. A new
// database spends most of its opening in the migrations, each parsed and
// run by the pure-Go SQLite (several times longer under the race
// detector); the stores made here are copies of one empty database
// migrated once per test binary, which [sqlite.Open] opens without
// migrating again.
package sqlitetest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"minehall/store/sqlite"
)

// Open opens a new, empty, migrated SQLite store in t's temporary
// directory, failing t when it cannot. The caller closes it.
func Open(t testing.TB) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), Path(t))
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	return db
}

// Path returns the path of a new SQLite database in t's temporary
// directory: a copy of an empty database with every migration applied.
func Path(t testing.TB) string {
	t.Helper()
	files, err := template()
	if err != nil {
		t.Fatalf("the migrated template database: %v", err)
	}
	path := filepath.Join(t.TempDir(), "test.db")
	for suffix, b := range files {
		if err := os.WriteFile(path+suffix, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// template makes the empty migrated database once and returns its files,
// by the suffix each has after the database's name ("" for the database
// itself, "-wal" for a write-ahead log left after closing, if any).
var template = sync.OnceValues(func() (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "minehall-sqlitetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		suffix, ok := strings.CutPrefix(e.Name(), "template.db")
		if !ok || suffix == "-shm" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files[suffix] = b
	}
	return files, nil
})
