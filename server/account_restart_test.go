package server_test

import (
	"net/http"
	"syscall"
	"testing"
	"time"

	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// "Both stores: … nothing lost on SIGKILL": accounts, sessions and the
// ratings of a finished rated table survive kill -9 of the server, on
// SQLite and on PostgreSQL.
func TestKilledServerKeepsAccounts(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { killKeepsAccounts(t, sqlitetest.Path(t)) })
	t.Run("postgres", func(t *testing.T) { killKeepsAccounts(t, pgtest.URL(t)) })
}

func killKeepsAccounts(t *testing.T, db string) {
	base, proc := startServer(t, db)
	ann, bo := newBrowser(t, base), newBrowser(t, base)
	ann.signUp("Ann", "correct horse")
	bo.signUp("Bo", "battery staple")
	id, tokens := createRatedGoofspiel(t, ann, bo)
	seq := [2]int{}
	var info table.Info
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		do(t, base, "GET", "/api/tables/"+id, "", nil, &info)
		if info.Status == store.StatusFinished {
			break
		}
		bidOnce(t, base, id, tokens, &seq)
	}
	if info.Status != store.StatusFinished {
		t.Fatalf("the rated table did not finish: %+v", info)
	}
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	proc.Wait()

	base, _ = startServer(t, db)
	for _, b := range []*browser{ann, bo} {
		b.base = base
		var a accountJSON
		if st, _ := b.call("GET", "/api/account", nil, &a); st != http.StatusOK {
			t.Fatalf("the session after kill -9: %d; want it kept", st)
		}
		if len(a.Ratings) != 1 || a.Ratings[0].Games != 1 || len(a.Games) != 1 || a.Games[0].Table != id {
			t.Errorf("%s after kill -9: ratings %+v, games %+v; want the rated game", a.Name, a.Ratings, a.Games)
		}
	}
	fresh := newBrowser(t, base)
	if st, _ := fresh.call("POST", "/api/account/signin", map[string]any{"name": "Ann", "password": "correct horse"}, nil); st != http.StatusOK {
		t.Errorf("sign-in after kill -9: %d", st)
	}
}
