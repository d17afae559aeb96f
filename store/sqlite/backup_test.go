package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"minehall/game"
	"minehall/store"
	"minehall/store/sqlite"
)

// TestProbeAndReadOnly: a probe commits while the store takes writes, and
// fails, as every write does, while the store is read-only; both work
// again once it is not.
func TestProbeAndReadOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer db.Close()
	if err := db.Probe(ctx); err != nil {
		t.Fatalf("Probe of a writable store: %v", err)
	}
	if err := db.CreateTable(ctx, playingTable("t1")); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	if err := db.SetReadOnly(ctx, true); err != nil {
		t.Fatalf("SetReadOnly(true): %v", err)
	}
	if err := db.Probe(ctx); game.ErrorCode(err) != game.CodeInternal {
		t.Errorf("Probe of a read-only store: got %v; want an internal error", err)
	}
	if err := db.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 1"}); game.ErrorCode(err) != game.CodeInternal {
		t.Errorf("AppendAction to a read-only store: got %v; want an internal error", err)
	}
	if _, err := db.Table(ctx, "t1"); err != nil {
		t.Errorf("Table from a read-only store: %v; want reads to go on", err)
	}
	if err := db.SetReadOnly(ctx, false); err != nil {
		t.Fatalf("SetReadOnly(false): %v", err)
	}
	if err := db.Probe(ctx); err != nil {
		t.Errorf("Probe once writable again: %v", err)
	}
	if err := db.AppendAction(ctx, "t1", store.Action{N: 1, Move: "add 1"}); err != nil {
		t.Errorf("AppendAction once writable again: %v", err)
	}
}

// TestBackupWhileWriting backs a database up while writers append
// actions: the copy opens as a database of its own, holds a prefix of each
// table's log as it was written, and the original carries on.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer db.Close()
	ids := []string{"t1", "t2", "t3"}
	for _, id := range ids {
		if err := db.CreateTable(ctx, playingTable(id)); err != nil {
			t.Fatalf("CreateTable: %v", err)
		}
	}
	const actions = 400
	var wg sync.WaitGroup
	started := make(chan struct{}, len(ids))
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := int64(1); n <= actions; n++ {
				if err := db.AppendAction(ctx, id, store.Action{N: n, Move: "add 1", Ms: n}); err != nil {
					t.Errorf("AppendAction %s %d: %v", id, n, err)
					return
				}
				if n == 20 {
					started <- struct{}{}
				}
			}
		}()
	}
	for range ids {
		<-started
	}
	dst := filepath.Join(dir, "copy.db")
	if err := sqlite.Backup(ctx, path, dst); err != nil {
		t.Fatalf("Backup while writing: %v", err)
	}
	wg.Wait()
	if _, err := os.Stat(dst + "-wal"); err == nil {
		t.Errorf("the backup has a WAL beside it; want one file")
	}
	copyDB, err := sqlite.Open(ctx, dst)
	if err != nil {
		t.Fatalf("open the backup: %v", err)
	}
	defer copyDB.Close()
	for _, id := range ids {
		acts, err := copyDB.Actions(ctx, id)
		if err != nil {
			t.Fatalf("Actions of %s in the backup: %v", id, err)
		}
		if len(acts) < 20 {
			t.Errorf("backup of %s: %d actions; want at least the 20 written before it began", id, len(acts))
		}
		for i, a := range acts {
			if a.N != int64(i+1) || a.Ms != a.N {
				t.Fatalf("backup of %s: action %d is %+v; want number %d", id, i, a, i+1)
			}
		}
		if all, _ := db.Actions(ctx, id); len(all) != actions {
			t.Errorf("original %s after the backup: %d actions; want %d", id, len(all), actions)
		}
	}
	if err := copyDB.AppendAction(ctx, "t1", store.Action{N: 1000, Move: "add 1"}); game.ErrorCode(err) != game.CodeConflict {
		t.Errorf("the backup takes writes checked like any database: got %v; want conflict for a number out of turn", err)
	}
}

func TestBackupRefusals(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	db.Close()
	exists := filepath.Join(dir, "exists.db")
	if err := os.WriteFile(exists, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	notDB := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notDB, []byte("not a database, only some text that is long enough"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, src, dst string
		code           game.Code
	}{
		{"ErrExists", path, exists, game.CodeConflict},
		{"ErrNoDatabase", filepath.Join(dir, "missing.db"), filepath.Join(dir, "b1.db"), game.CodeNotFound},
		{"ErrNotADatabase", notDB, filepath.Join(dir, "b2.db"), game.CodeInvalid},
		{"ErrNoDirectory", path, filepath.Join(dir, "no", "such", "dir.db"), game.CodeInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := sqlite.Backup(ctx, tc.src, tc.dst); game.ErrorCode(err) != tc.code {
				t.Errorf("Backup(%s, %s): got %v; want code %s", tc.src, tc.dst, err, tc.code)
			}
		})
	}
	if b, _ := os.ReadFile(exists); string(b) != "keep me" {
		t.Errorf("the existing file after a refused backup: %q; want it untouched", b)
	}
	for _, f := range []string{"b1.db", "b2.db"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("a refused backup left %s behind", f)
		}
	}
}
