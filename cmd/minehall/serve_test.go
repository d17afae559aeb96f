package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/store/postgres/pgtest"
	"minehall/table"
)

func TestParseDB(t *testing.T) {
	tests := []struct {
		in       string
		want     database
		wantCode game.Code
	}{
		{"sqlite:minehall.db", database{sqlite: "minehall.db"}, ""},
		{"postgres://u:p@db:5432/minehall?sslmode=disable", database{postgres: "postgres://u:p@db:5432/minehall?sslmode=disable"}, ""},
		{"postgresql://db/minehall", database{postgres: "postgresql://db/minehall"}, ""},
		{"sqlite:", database{}, game.CodeInvalid},
		{"mysql://db", database{}, game.CodeInvalid},
		{"minehall.db", database{}, game.CodeInvalid},
	}
	for _, tc := range tests {
		got, err := parseDB(tc.in)
		if got != tc.want || game.ErrorCode(err) != tc.wantCode {
			t.Errorf("parseDB(%q): got %+v, %v; want %+v, code %q", tc.in, got, err, tc.want, tc.wantCode)
		}
	}
}

func TestAdvertiseURL(t *testing.T) {
	addr := &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080}
	tests := []struct {
		flag    string
		want    string
		wantErr bool
	}{
		{"", "http://127.0.0.1:8080", false},
		{"http://10.0.0.5:8080/", "http://10.0.0.5:8080", false},
		{"https://a.example.org", "https://a.example.org", false},
		{"10.0.0.5:8080", "", true},
		{"ftp://a.example.org", "", true},
	}
	for _, tc := range tests {
		got, err := advertiseURL(tc.flag, addr)
		if got != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("advertiseURL(%q): got %q, %v; want %q, error %v", tc.flag, got, err, tc.want, tc.wantErr)
		}
	}
}

// addrWriter catches the address that runServe prints.
type addrWriter struct{ addr chan string }

func (w addrWriter) Write(p []byte) (int, error) {
	if s, ok := strings.CutPrefix(strings.TrimSpace(string(p)), "minehall serving on "); ok {
		w.addr <- s
	}
	return len(p), nil
}

// serveInstance runs `minehall serve` on db in the background and returns
// its base URL and a function that stops it and returns its result.
func serveInstance(t *testing.T, db string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w := addrWriter{make(chan string, 1)}
	done := make(chan error, 1)
	secret := filepath.Join(t.TempDir(), "cluster-secret")
	if err := os.WriteFile(secret, []byte("the test cluster's secret, 32+ bytes long"), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := serveOptions{addr: "127.0.0.1:0", db: db, heartbeat: 100 * time.Millisecond, lease: time.Second, clusterSecretFile: secret}
	go func() { done <- runServe(ctx, testRegistry(), opts, w, io.Discard) }()
	select {
	case base := <-w.addr:
		return base, func() error { cancel(); return <-done }
	case err := <-done:
		cancel()
		t.Fatalf("serve --db %s: %v", db, err)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatalf("serve --db %s did not start within 30 s", db)
	}
	return "", nil
}

// TestServePostgres runs two instances of `minehall serve` on one
// PostgreSQL database: a table created on one is seen and joined on the
// other, and both stop cleanly.
func TestServePostgres(t *testing.T) {
	db := pgtest.URL(t)
	a, stopA := serveInstance(t, db)
	b, stopB := serveInstance(t, db)
	post := func(base, path string, body any, out any) int {
		t.Helper()
		bs, _ := json.Marshal(body)
		resp, err := http.Post(base+path, "application/json", strings.NewReader(string(bs)))
		if err != nil {
			t.Fatalf("POST %s%s: %v", base, path, err)
		}
		defer resp.Body.Close()
		json.NewDecoder(resp.Body).Decode(out)
		return resp.StatusCode
	}
	var created struct {
		Table table.Info `json:"table"`
	}
	if st := post(a, "/api/tables", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: &store.TimeControl{MoveS: 24 * 60 * 60}}, &created); st != http.StatusCreated {
		t.Fatalf("create on the first instance: status %d; want 201", st)
	}
	var joined struct{ Seat int }
	if st := post(b, "/api/tables/"+created.Table.ID+"/join", map[string]any{"name": "Bo", "seat": 1}, &joined); st != http.StatusOK || joined.Seat != 1 {
		t.Fatalf("join on the second instance: status %d, seat %d; want 200 and seat 1", st, joined.Seat)
	}
	resp, err := http.Get(a + "/api/tables/" + created.Table.ID)
	if err != nil {
		t.Fatalf("GET table: %v", err)
	}
	var info table.Info
	json.NewDecoder(resp.Body).Decode(&info)
	resp.Body.Close()
	if !info.Seats[1].Taken || info.Seats[1].Name != "Bo" {
		t.Errorf("seat 1 on the first instance: got %+v; want taken by Bo", info.Seats[1])
	}
	if err := stopB(); err != nil {
		t.Errorf("second instance stopped with %v; want nil", err)
	}
	if err := stopA(); err != nil {
		t.Errorf("first instance stopped with %v; want nil", err)
	}
}

func TestServeRefusesBadDB(t *testing.T) {
	code, _, errOut := runCmd(t, testRegistry(), "serve", "--db", "mysql://db", "--addr", "127.0.0.1:0")
	if code == 0 || !strings.Contains(errOut, "neither sqlite:FILE nor postgres://") {
		t.Errorf("serve --db mysql://db: got exit %d, stderr %q; want a failure naming the two forms", code, errOut)
	}
}

func TestServeRefusesShortExpiry(t *testing.T) {
	for _, args := range [][]string{{"--open-expiry", "0s"}, {"--idle-expiry", "30s"}, {"--open-expiry", "-1h"}} {
		code, _, errOut := runCmd(t, testRegistry(), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
		if code != 1 || !strings.Contains(errOut, "at least 1m") {
			t.Errorf("serve %v: got exit %d, stderr %q; want exit 1 saying at least 1m", args, code, errOut)
		}
	}
}
