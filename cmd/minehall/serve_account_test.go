package main

import (
	"strings"
	"testing"
)

// --public-url must be a site's address: passkeys and Secure cookies
// depend on it.
func TestServeRefusesBadPublicURL(t *testing.T) {
	for _, u := range []string{"play.example.org", "ftp://play.example.org", "https://", "https://play.example.org/minehall"} {
		code, _, errOut := runCmd(t, testRegistry(), "serve", "--addr", "127.0.0.1:0", "--public-url", u)
		if code != 1 || !strings.Contains(errOut, "--public-url") {
			t.Errorf("serve --public-url %s: got exit %d, stderr %q; want exit 1 naming --public-url", u, code, errOut)
		}
	}
}

// --password-hashers bounds the memory of sign-ins: 0 (no hashing at all)
// and counts beyond 64 are refused before anything starts.
func TestServeRefusesBadPasswordHashers(t *testing.T) {
	for _, n := range []string{"0", "-1", "65"} {
		code, _, errOut := runCmd(t, testRegistry(), "serve", "--addr", "127.0.0.1:0", "--password-hashers", n)
		if code != 1 || !strings.Contains(errOut, "--password-hashers") {
			t.Errorf("serve --password-hashers %s: got exit %d, stderr %q; want exit 1 naming --password-hashers", n, code, errOut)
		}
	}
}
