package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The mail flags are refused, naming the flag at fault, when they do not
// make a working mailer: links need --public-url, the sender and the TLS
// mode must be valid, and --smtp-… without --smtp-addr is a mistake.
func TestServeRefusesBadMailFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--smtp-addr", "127.0.0.1:25", "--smtp-from", "a@example.org"}, "--public-url"},
		{[]string{"--smtp-from", "a@example.org"}, "--smtp-addr"},
		{[]string{"--public-url", "https://play.example.org", "--smtp-addr", "127.0.0.1:25"}, "--smtp-from"},
		{[]string{"--public-url", "https://play.example.org", "--smtp-addr", "127.0.0.1", "--smtp-from", "a@example.org"}, "--smtp-addr"},
		{[]string{"--public-url", "https://play.example.org", "--smtp-addr", "127.0.0.1:25", "--smtp-from", "not an address"}, "--smtp-from"},
		{[]string{"--public-url", "https://play.example.org", "--smtp-addr", "127.0.0.1:25", "--smtp-from", "a@example.org", "--smtp-tls", "maybe"}, "--smtp-tls"},
	} {
		args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", "sqlite:" + filepath.Join(t.TempDir(), "m.db")}, tc.args...)
		code, _, errOut := runCmd(t, testRegistry(), args...)
		if code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("serve %v: got exit %d, stderr %q; want exit 1 naming %s", tc.args, code, errOut, tc.want)
		}
	}
}
