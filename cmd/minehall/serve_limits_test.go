package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"minehall/server"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
)

func TestServeRefusesBadLimitFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"--limit-creates", "-1"}, "must not be negative"},
		{[]string{"--bot-thinkers", "-2"}, "must not be negative"},
		{[]string{"--bot-time", "50ms"}, "--bot-time 50ms is not from 100ms to 10s"},
		{[]string{"--bot-time", "11s"}, "--bot-time 11s is not from 100ms to 10s"},
		{[]string{"--trusted-proxy", "10.0.0.0/33"}, "--trusted-proxy"},
		{[]string{"--peer", "somehost"}, "--peer"},
		{[]string{"--client-ip-header", "X-Forwarded-For", "--trusted-proxy", ""}, "needs the --trusted-proxy"},
		{[]string{"--bot-pace", "-5s"}, "--bot-pace -5s is negative: give the least time a bot takes for a move, such as 800ms, or 0 for no pause"},
		{[]string{"--heartbeat", "0s"}, "--heartbeat 0s must be longer than 0, such as 500ms"},
		{[]string{"--heartbeat", "-1s"}, "--heartbeat -1s must be longer than 0"},
		{[]string{"--lease", "1ms"}, "--lease 1ms must be longer than --heartbeat 500ms"},
		{[]string{"--heartbeat", "2s"}, "--lease 1.5s must be longer than --heartbeat 2s"},
		{[]string{"--cluster-secret-file", "/no/such/file"}, "--cluster-secret-file is for several instances sharing a PostgreSQL database (--db postgres://…); a SQLite database is served by one instance alone"},
		{[]string{"--db", "sqlite:" + filepath.Join(t.TempDir(), "x.db"), "--advertise", "http://10.0.0.5:8080"}, "--advertise is for several instances"},
		{[]string{"--peer", "10.0.0.0/8"}, "--peer is for several instances"},
		{[]string{"--heartbeat", "400ms"}, "--heartbeat is for several instances"},
		{[]string{"--lease", "2s"}, "--lease is for several instances"},
	} {
		code, _, errOut := runCmd(t, testRegistry(), append([]string{"serve", "--addr", "127.0.0.1:0"}, tc.args...)...)
		if code != 1 || !strings.Contains(errOut, tc.says) {
			t.Errorf("serve %v: exit %d, %q; want 1 saying %q", tc.args, code, errOut, tc.says)
		}
	}
}

// TestServeDefaults: the flags default to the server's DefaultLimits and
// DefaultBotThinkers, the proxy trusted by default is the loopback, and no
// admin address is served.
func TestServeDefaults(t *testing.T) {
	cmd := newServeCmd(testRegistry())
	f := cmd.Flags()
	def := server.DefaultLimits()
	for flag, want := range map[string]int{
		"limit-requests": def.Requests, "limit-creates": def.Creates, "limit-joins": def.Joins,
		"limit-connections": def.Connections, "limit-tables": def.Tables,
	} {
		if got, err := f.GetInt(flag); err != nil || got != want {
			t.Errorf("--%s defaults to %d (%v); want %d", flag, got, err, want)
		}
	}
	if got, _ := f.GetString("admin-addr"); got != "" {
		t.Errorf("--admin-addr defaults to %q; want none", got)
	}
	if got, _ := f.GetStringSlice("trusted-proxy"); strings.Join(got, ",") != "127.0.0.1,::1" {
		t.Errorf("--trusted-proxy defaults to %v; want the loopback", got)
	}
}

// TestServeAdminAndReady runs `minehall serve` with --admin-addr: the
// metrics and the profiler are on that address only, and /readyz says
// ready.
func TestServeAdminAndReady(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := adminWriter{serving: make(chan string, 1), admin: make(chan string, 1)}
	opts := serveOptions{addr: "127.0.0.1:0", db: "sqlite:" + t.TempDir() + "/m.db", adminAddr: "127.0.0.1:0", limits: server.DefaultLimits()}
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, testRegistry(), opts, w, io.Discard) }()
	var base, admin string
	for base == "" || admin == "" {
		select {
		case base = <-w.serving:
		case admin = <-w.admin:
		case err := <-done:
			t.Fatalf("serve: %v", err)
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not start within 30 s")
		}
	}
	for _, tc := range []struct {
		url, want string
		status    int
	}{
		{admin + "/metrics", "minehall_connections", 200},
		{admin + "/debug/pprof/", "goroutine", 200},
		{base + "/readyz", `"ready"`, 200},
		{base + "/healthz", `"ok"`, 200},
	} {
		resp, err := http.Get(tc.url)
		if err != nil {
			t.Fatalf("GET %s: %v", tc.url, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || !strings.Contains(string(b), tc.want) {
			t.Errorf("GET %s: %d %.100s; want %d with %q", tc.url, resp.StatusCode, b, tc.status, tc.want)
		}
	}
	// The public address has the web client there, not the metrics or
	// the profiles.
	for path, secret := range map[string]string{"/metrics": "minehall_connections", "/debug/pprof/goroutine?debug=1": "goroutine profile"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(b), secret) {
			t.Errorf("the public address serves %s", path)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve stopped with %v", err)
	}
}

// adminWriter catches the addresses that runServe prints.
type adminWriter struct{ serving, admin chan string }

func (w adminWriter) Write(p []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimSpace(string(p)), "\n") {
		if s, ok := strings.CutPrefix(line, "minehall serving on "); ok {
			w.serving <- s
		}
		if s, ok := strings.CutPrefix(line, "minehall admin on "); ok {
			w.admin <- s
		}
	}
	return len(p), nil
}

// TestLeaseCheck: an instance's lease check passes while its lease is
// renewed, and fails, saying why, once its last renewal is older than the
// lease or its lease is gone.
func TestLeaseCheck(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("postgres.Open: %v", err)
	}
	defer db.Close()
	if _, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: "http://127.0.0.1:1", Expiry: 5 * time.Second}); err != nil {
		t.Fatalf("NewCluster: %v", err)
	}
	lc, err := newLeaseCheck(url, db.Instance(), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.close()
	check := lc.check()
	if err := check.Check(ctx); err != nil {
		t.Fatalf("lease just renewed: %v; want it held", err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	conn.Exec(ctx, `UPDATE instances SET heartbeat = now() - interval '1 minute' WHERE id = $1`, db.Instance())
	if err := check.Check(ctx); err == nil || !strings.Contains(err.Error(), "longer than the lease") {
		t.Errorf("lease renewed a minute ago: %v; want it lost", err)
	}
	conn.Exec(ctx, `DELETE FROM instances WHERE id = $1`, db.Instance())
	if err := check.Check(ctx); err == nil || !strings.Contains(err.Error(), "holds no lease") {
		t.Errorf("lease row gone: %v; want no lease", err)
	}
}

// TestServePostgresReady: an instance on PostgreSQL is ready with its
// store and its lease.
func TestServePostgresReady(t *testing.T) {
	base, stop := serveInstance(t, pgtest.URL(t))
	defer stop()
	resp, err := http.Get(base + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/readyz of an instance on PostgreSQL: %d %s; want 200", resp.StatusCode, b)
	}
}
