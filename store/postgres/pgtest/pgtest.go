// Package pgtest gives each test a PostgreSQL schema of its own in the
// database that the environment variable MINEHALL_TEST_POSTGRES names, such
// as postgres://postgres@127.0.0.1:5433/postgres?sslmode=disable (.ci/run
// starts one).
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env is the environment variable that names the test database.
const Env = "MINEHALL_TEST_POSTGRES"

// URL creates a fresh schema for t and returns the database URL with that
// schema as its search path; the schema is dropped when t ends. Without
// MINEHALL_TEST_POSTGRES the test fails under CI (CI set) and is skipped
// elsewhere, with a message saying how to run it.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		msg := Env + " is not set: the PostgreSQL tests need a database, as in " +
			Env + "=postgres://postgres@127.0.0.1:5433/postgres?sslmode=disable (.ci/run starts one)"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s is not a URL: %v", Env, err)
	}
	var b [6]byte
	rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connect to %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("connect to drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
