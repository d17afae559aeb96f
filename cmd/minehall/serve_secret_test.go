package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServePostgresNeedsClusterSecret: serve on PostgreSQL refuses to
// start without a cluster secret file, with a missing one, or with one
// shorter than 32 bytes, saying how to make one; nothing is opened.
func TestServePostgresNeedsClusterSecret(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short")
	if err := os.WriteFile(short, []byte("too short\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"ErrNoFile", nil, "needs --cluster-secret-file"},
		{"ErrMissingFile", []string{"--cluster-secret-file", filepath.Join(dir, "none")}, "no such file"},
		{"ErrShortSecret", []string{"--cluster-secret-file", short}, "has 10 bytes; it needs at least 32"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", "postgres://127.0.0.1:1/none?connect_timeout=1"}, tt.args...)
			code, _, errOut := runCmd(t, testRegistry(), args...)
			if code == 0 || !strings.Contains(errOut, tt.want) {
				t.Errorf("serve %v: exit %d, stderr %q; want a failure saying %q", tt.args, code, errOut, tt.want)
			}
		})
	}
}
