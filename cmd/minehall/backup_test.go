package main

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/table"
)

// readAll reads every table of a SQLite database and its log.
func readAll(t *testing.T, path string) (map[string]*store.Table, map[string][]store.Action) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer db.Close()
	recs, err := db.Tables(ctx, store.Filter{})
	if err != nil {
		t.Fatalf("tables of %s: %v", path, err)
	}
	tables, logs := map[string]*store.Table{}, map[string][]store.Action{}
	for _, r := range recs {
		tables[r.ID] = r
		if logs[r.ID], err = db.Actions(ctx, r.ID); err != nil {
			t.Fatalf("actions of %s: %v", r.ID, err)
		}
	}
	return tables, logs
}

// TestBackupWhilePlayingAndRestore backs the database of a running
// `minehall serve` up while bots play and new tables keep coming, then
// serves the copy as the database: its tables are all there, each log is
// the start of the live one, every finished game's record verifies, and
// the unfinished games resume and finish.
func TestBackupWhilePlayingAndRestore(t *testing.T) {
	dir := t.TempDir()
	live, copyPath := filepath.Join(dir, "live.db"), filepath.Join(dir, "copy.db")
	base, stop := serveInstance(t, "sqlite:"+live)
	ctx, cancel := context.WithCancel(context.Background())
	var made atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		body := `{"game":"connectfour","players":2,"autostart":true,"seats":[{"kind":"bot"},{"kind":"bot"}]}`
		for ctx.Err() == nil {
			req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/tables", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusCreated {
				made.Add(1)
			}
		}
	}()
	for made.Load() < 20 {
		time.Sleep(10 * time.Millisecond)
	}
	code, out, errOut := runCmd(t, testRegistry(), "backup", copyPath, "--db", "sqlite:"+live)
	if code != 0 || !strings.Contains(out, "backed up") {
		t.Fatalf("backup while playing: exit %d, %q %q; want 0", code, out, errOut)
	}
	time.Sleep(100 * time.Millisecond) // play goes on after the copy
	cancel()
	wg.Wait()
	if err := stop(); err != nil {
		t.Fatalf("live server stopped with %v", err)
	}
	if code, _, errOut := runCmd(t, testRegistry(), "backup", copyPath, "--db", "sqlite:"+live); code != 1 || !strings.Contains(errOut, "exists already") {
		t.Errorf("backup onto the copy again: exit %d, %q; want 1 saying it exists", code, errOut)
	}

	copied, copiedLogs := readAll(t, copyPath)
	liveTables, liveLogs := readAll(t, live)
	unfinished, actions := 0, 0
	for id, rec := range copied {
		if liveTables[id] == nil {
			t.Fatalf("table %s of the copy is not in the live database", id)
		}
		if l := copiedLogs[id]; len(l) > len(liveLogs[id]) || !slices.Equal(l, liveLogs[id][:len(l)]) {
			t.Errorf("table %s: the copy's log (%d actions) is not the start of the live one (%d)", id, len(l), len(liveLogs[id]))
		}
		if rec.Status != store.StatusFinished {
			unfinished++
		}
		actions += len(copiedLogs[id])
	}
	if len(copied) < 20 || len(copied) >= len(liveTables) || actions == 0 {
		t.Fatalf("the copy has %d tables with %d actions, the live database %d tables; want at least the 20 made before the backup, fewer than made in all", len(copied), actions, len(liveTables))
	}
	t.Logf("the copy: %d tables (%d unfinished), %d actions; the live database: %d tables", len(copied), unfinished, actions, len(liveTables))

	// The copy as the database: every game replays; the unfinished ones
	// resume and finish.
	base2, stop2 := serveInstance(t, "sqlite:"+copyPath)
	defer stop2()
	deadline := time.Now().Add(30 * time.Second)
	for id := range copied {
		for {
			resp, err := http.Get(base2 + "/api/tables/" + id + "/record")
			if err != nil {
				t.Fatal(err)
			}
			var rec game.Record
			st := resp.StatusCode
			json.NewDecoder(resp.Body).Decode(&rec)
			resp.Body.Close()
			if st == http.StatusOK {
				if _, err := game.Verify(testRegistry(), &rec); err != nil {
					t.Errorf("table %s restored from the copy does not replay: %v", id, err)
				}
				if len(rec.Actions) < len(copiedLogs[id]) {
					t.Errorf("table %s restored: %d actions; the copy had %d", id, len(rec.Actions), len(copiedLogs[id]))
				}
				break
			}
			if st != http.StatusConflict || time.Now().After(deadline) {
				t.Fatalf("record of table %s restored from the copy: status %d; want it to finish", id, st)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	var infos []table.Info
	resp, err := http.Get(base2 + "/api/tables?limit=1000")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&infos)
	resp.Body.Close()
	if len(infos) != len(copied) {
		t.Errorf("tables served from the copy: %d; want %d", len(infos), len(copied))
	}
}

func TestBackupRefusesPostgres(t *testing.T) {
	code, _, errOut := runCmd(t, testRegistry(), "backup", filepath.Join(t.TempDir(), "x.db"), "--db", "postgres://db/minehall")
	if code != 1 || !strings.Contains(errOut, "pg_dump") {
		t.Errorf("backup of PostgreSQL: exit %d, %q; want 1 pointing to pg_dump", code, errOut)
	}
	if code, _, _ := runCmd(t, testRegistry(), "backup"); code != 2 {
		t.Errorf("backup without a file: exit %d; want 2 (usage)", code)
	}
}
