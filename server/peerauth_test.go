package server

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"minehall/game"
)

var peerSecret = []byte("0123456789abcdef0123456789abcdef")

// peerAt returns an authenticator of secret whose clock reads at.
func peerAt(t *testing.T, secret []byte, at time.Time) *PeerAuth {
	t.Helper()
	a, err := NewPeerAuth(secret)
	if err != nil {
		t.Fatalf("NewPeerAuth: %v", err)
	}
	a.now = func() time.Time { return at }
	return a
}

// signedRequest is a POST to uri with body, signed by a for client.
func signedRequest(a *PeerAuth, uri, body string, client netip.Addr) *http.Request {
	r := httptest.NewRequest(http.MethodPost, uri, strings.NewReader(body))
	a.Sign(r, []byte(body), client)
	return r
}

func TestNewPeerAuthRefusesAShortSecret(t *testing.T) {
	for _, n := range []int{0, 16, MinClusterSecret - 1} {
		_, err := NewPeerAuth(bytes.Repeat([]byte{7}, n))
		if game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), "at least 32") {
			t.Errorf("a secret of %d bytes: %v; want invalid, saying at least 32 bytes", n, err)
		}
	}
	if _, err := NewPeerAuth(bytes.Repeat([]byte{7}, MinClusterSecret)); err != nil {
		t.Errorf("a secret of %d bytes: %v; want it taken", MinClusterSecret, err)
	}
}

// TestPeerAuthVerify: only a request signed with the cluster's secret,
// unchanged, on time and seen once passes; every other is refused as
// unauthorized with a message that says what is wrong.
func TestPeerAuthVerify(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	client := netip.MustParseAddr("203.0.113.9")
	const uri, body = "/api/tables/3f2a/join?x=1", `{"name":"Bo"}`
	tests := []struct {
		name    string
		request func() *http.Request
		want    string // "" passes; else a part of the refusal's message
	}{
		{"OK", func() *http.Request { return signedRequest(peerAt(t, peerSecret, now), uri, body, client) }, ""},
		{"OKWithoutClient", func() *http.Request { return signedRequest(peerAt(t, peerSecret, now), uri, body, netip.Addr{}) }, ""},
		{"OKSkewWithin", func() *http.Request {
			return signedRequest(peerAt(t, peerSecret, now.Add(-PeerSkew+time.Second)), uri, body, client)
		}, ""},
		{"ErrNoAuthenticator", func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, uri, strings.NewReader(body))
			r.Header.Set(ForwardedHeader, "1")
			return r
		}, "needs the Minehall-Peer-Auth header"},
		{"ErrWrongSecret", func() *http.Request {
			return signedRequest(peerAt(t, []byte("another secret, also 32 bytes long!"), now), uri, body, client)
		}, "another cluster secret"},
		{"ErrBodyChanged", func() *http.Request {
			r := signedRequest(peerAt(t, peerSecret, now), uri, body, client)
			r.Body = http.NoBody
			return r
		}, "MAC does not check"},
		{"ErrPathChanged", func() *http.Request {
			r := signedRequest(peerAt(t, peerSecret, now), uri, body, client)
			r.URL.RawQuery = "x=2"
			return r
		}, "MAC does not check"},
		{"ErrClientChanged", func() *http.Request {
			r := signedRequest(peerAt(t, peerSecret, now), uri, body, client)
			r.Header.Set(ClientAddrHeader, "198.51.100.1")
			return r
		}, "MAC does not check"},
		{"ErrClientNotAnAddress", func() *http.Request {
			r := signedRequest(peerAt(t, peerSecret, now), uri, body, client)
			r.Header.Set(ClientAddrHeader, "<b>me</b>")
			return r
		}, "is not an address"},
		{"ErrClockBehind", func() *http.Request {
			return signedRequest(peerAt(t, peerSecret, now.Add(-PeerSkew-time.Second)), uri, body, client)
		}, "off this server's clock"},
		{"ErrClockAhead", func() *http.Request {
			return signedRequest(peerAt(t, peerSecret, now.Add(PeerSkew+time.Second)), uri, body, client)
		}, "off this server's clock"},
		{"ErrMalformed", func() *http.Request {
			r := signedRequest(peerAt(t, peerSecret, now), uri, body, client)
			r.Header.Set(PeerAuthHeader, "v1 ts=1 nonce=zz mac=00")
			return r
		}, "the nonce is not 32 hex digits"},
		{"ErrOtherVersion", func() *http.Request {
			r := signedRequest(peerAt(t, peerSecret, now), uri, body, client)
			r.Header.Set(PeerAuthHeader, strings.Replace(r.Header.Get(PeerAuthHeader), "v1", "v2", 1))
			return r
		}, "four fields of version 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.request()
			got, err := peerAt(t, peerSecret, now).Verify(r, []byte(readAll(t, r)))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Verify: %v; want it to pass", err)
				}
				if want := r.Header.Get(ClientAddrHeader); got.String() != want && (want != "" || got.IsValid()) {
					t.Errorf("vouched client %v; want %q", got, want)
				}
				return
			}
			if game.ErrorCode(err) != game.CodeUnauthorized || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Verify: %v; want unauthorized saying %q", err, tt.want)
			}
		})
	}
}

func readAll(t *testing.T, r *http.Request) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := b.ReadFrom(r.Body); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestPeerAuthRefusesAReplay: the same signed request sent twice passes
// once; the second is refused as a replay, within the whole window.
func TestPeerAuthRefusesAReplay(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	sender, receiver := peerAt(t, peerSecret, now), peerAt(t, peerSecret, now)
	r := signedRequest(sender, "/api/tables/3f2a/act", `{"move":"d","seq":1}`, netip.Addr{})
	if _, err := receiver.Verify(r, []byte(`{"move":"d","seq":1}`)); err != nil {
		t.Fatalf("first: %v; want it to pass", err)
	}
	receiver.now = func() time.Time { return now.Add(PeerSkew - time.Millisecond) }
	_, err := receiver.Verify(r, []byte(`{"move":"d","seq":1}`))
	if game.ErrorCode(err) != game.CodeUnauthorized || !strings.Contains(err.Error(), "replay") {
		t.Errorf("the same request again: %v; want unauthorized, a replay", err)
	}
}
