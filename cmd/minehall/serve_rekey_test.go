package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"minehall/account"
	"minehall/store"
	"minehall/store/sqlite"
)

// An account made before names had skeletons (its key the old case-folded
// form, "strasse") gets its PRECIS key and skeleton when `minehall serve`
// starts: it signs in under its name in any case, and a look-alike name
// is refused at sign-up.
func TestServeRekeysOldAccounts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	hash, _ := account.HashPassword("correct horse")
	if err := db.CreateAccount(ctx, &store.Account{ID: "old1", Name: "Straße", NameKey: "strasse", PasswordHash: hash, Created: time.Now()}); err != nil {
		t.Fatalf("CreateAccount: %v", err)
	}
	db.Close()
	base, _ := startServe(t, "--addr", "127.0.0.1:0", "--db", "sqlite:"+path)
	post := func(path, body string) (int, string) {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		defer resp.Body.Close()
		var eb struct {
			Error struct{ Code string } `json:"error"`
		}
		b, _ := io.ReadAll(resp.Body)
		json.Unmarshal(b, &eb)
		return resp.StatusCode, eb.Error.Code
	}
	if st, code := post("/api/account/signin", `{"name": "STRAßE", "password": "correct horse"}`); st != http.StatusOK {
		t.Errorf("sign-in of the old account after the start: %d %s; want 200", st, code)
	}
	if st, code := post("/api/account/signup", `{"name": "Strаße", "password": "another password"}`); st != http.StatusConflict {
		t.Errorf("sign-up of a look-alike (Cyrillic а) of the old account: %d %s; want 409 conflict", st, code)
	}
}
