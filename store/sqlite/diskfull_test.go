package sqlite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"minehall/game"
	"minehall/store"
)

// "A full disk is 503 with the reason, not 500 internal": a write that
// finds the database full (SQLITE_FULL, made here by capping the file's
// pages) fails with CodeUnavailable and a message that says the disk is
// full, and the earlier writes stay readable.
func TestDiskFullIsUnavailable(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "full.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer db.Close()
	if err := db.CreateAccount(ctx, &store.Account{ID: "a1", Name: "Ann", NameKey: "ann"}); err != nil {
		t.Fatalf("CreateAccount: %v", err)
	}
	// The file may not grow by a page: max_page_count below the page
	// count is taken as the page count.
	if _, err := db.writer.Exec(`PRAGMA max_page_count = 1`); err != nil {
		t.Fatalf("max_page_count: %v", err)
	}
	big := strings.Repeat("x", 64<<10)
	var werr error
	for i := range 16 {
		werr = db.CreateAccount(ctx, &store.Account{ID: big + string(rune('a'+i)), Name: "Bo", NameKey: big + string(rune('a'+i))})
		if werr != nil {
			break
		}
	}
	if game.ErrorCode(werr) != game.CodeUnavailable || !strings.Contains(werr.Error(), "disk is full") {
		t.Errorf("a write to a full database: got %v (%s); want unavailable, saying the disk is full", werr, game.ErrorCode(werr))
	}
	if a, err := db.Account(ctx, "a1"); err != nil || a.Name != "Ann" {
		t.Errorf("Account(a1) after the full disk: got %+v, %v; want Ann", a, err)
	}
}
