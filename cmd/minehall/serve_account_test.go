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
