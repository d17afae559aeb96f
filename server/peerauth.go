package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"minehall/game"
)

// PeerAuthHeader carries the authenticator of a request that one instance
// of a cluster sends another: "v1 ts=<unix ms> nonce=<32 hex digits>
// mac=<64 hex digits>", the MAC being HMAC-SHA-256 under the cluster
// secret over the lines of [peerMessage]. A client cannot make one; a
// request marked with [ForwardedHeader] or this header whose
// authenticator does not check is refused with 401.
const PeerAuthHeader = "Minehall-Peer-Auth"

// ClientAddrHeader carries, in an authenticated request from a peer, the
// address of the client on whose behalf the peer sends it (empty when it
// sends it on its own behalf, as a presence report): the per-address
// quotas count the request under that address. The MAC covers it.
const ClientAddrHeader = "Minehall-Client-Addr"

// PeerRefusedHeader marks the answer of an instance that refused a
// request as a peer's (see checkPeer), so that the sender tells its own
// misconfiguration (another secret, a skewed clock, an address outside
// --peer) from a refusal of its client's request.
const PeerRefusedHeader = "Minehall-Peer-Refused"

// MinClusterSecret is the least length in bytes of a cluster secret.
const MinClusterSecret = 32

// PeerSkew is how far a peer's timestamp may be from this instance's
// clock, either way; a request outside it is refused, and a nonce is
// remembered for as long as a request carrying it could be accepted.
const PeerSkew = 30 * time.Second

// maxPeerNonces bounds the nonces remembered: past it, a request from a
// peer is refused as too many at once (only requests whose MAC checks are
// remembered, so only peers can fill it).
const maxPeerNonces = 1 << 18

// PeerAuth proves and checks that a request comes from another instance
// of the cluster, with a secret that every instance shares and no client
// knows. Safe for concurrent use.
type PeerAuth struct {
	secret []byte
	now    func() time.Time

	mu    sync.Mutex
	seen  map[string]time.Time // nonce → when it may be forgotten
	swept time.Time
}

// NewPeerAuth returns the authenticator of the cluster whose secret is
// given; a secret shorter than MinClusterSecret bytes is refused.
func NewPeerAuth(secret []byte) (*PeerAuth, error) {
	if len(secret) < MinClusterSecret {
		return nil, game.Errorf(game.CodeInvalid, "the cluster secret has %d bytes; it needs at least %d random bytes (head -c 32 /dev/urandom > FILE)", len(secret), MinClusterSecret)
	}
	return &PeerAuth{secret: append([]byte(nil), secret...), now: time.Now, seen: map[string]time.Time{}}, nil
}

// ReadPeerAuth reads the cluster secret from file (every byte of it, as
// written) and returns its authenticator.
func ReadPeerAuth(file string) (*PeerAuth, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("the cluster secret: %w", err)
	}
	a, err := NewPeerAuth(b)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "%s: %v", file, err)
	}
	return a, nil
}

// peerMessage is what the MAC of a peer request covers, one item a line:
// a version tag, the method, the path with its query as sent, the
// SHA-256 of the body in hex, the timestamp, the nonce and the vouched
// client address.
func peerMessage(method, uri string, body []byte, ts, nonce, client string) []byte {
	sum := sha256.Sum256(body)
	return []byte("minehall-peer-v1\n" + method + "\n" + uri + "\n" + hex.EncodeToString(sum[:]) + "\n" + ts + "\n" + nonce + "\n" + client)
}

func (a *PeerAuth) mac(msg []byte) []byte {
	m := hmac.New(sha256.New, a.secret)
	m.Write(msg)
	return m.Sum(nil)
}

// Sign marks req, whose body is body, as a request from a peer on behalf
// of client (the zero address: on its own behalf): it sets
// ForwardedHeader, PeerAuthHeader and, for a client, ClientAddrHeader.
func (a *PeerAuth) Sign(req *http.Request, body []byte, client netip.Addr) {
	var n [16]byte
	rand.Read(n[:])
	nonce := hex.EncodeToString(n[:])
	ts := strconv.FormatInt(a.now().UnixMilli(), 10)
	addr := ""
	if client.IsValid() {
		addr = client.String()
		req.Header.Set(ClientAddrHeader, addr)
	}
	mac := a.mac(peerMessage(req.Method, req.URL.RequestURI(), body, ts, nonce, addr))
	req.Header.Set(ForwardedHeader, "1")
	req.Header.Set(PeerAuthHeader, "v1 ts="+ts+" nonce="+nonce+" mac="+hex.EncodeToString(mac))
}

// Verify checks the authenticator of r, whose body is body, and returns
// the client address the peer vouches for (the zero address when it
// sends the request on its own behalf). It refuses with CodeUnauthorized,
// saying why, a request without one, with a malformed one, with a
// timestamp more than PeerSkew away, with a nonce seen already (a
// replay), or whose MAC does not check (another secret, or a request
// changed on the way); and with CodeUnavailable one that finds the
// replay cache full.
func (a *PeerAuth) Verify(r *http.Request, body []byte) (netip.Addr, error) {
	h := r.Header.Get(PeerAuthHeader)
	if h == "" {
		return netip.Addr{}, game.Errorf(game.CodeUnauthorized, "a forwarded request needs the %s header of a peer; only the instances of the cluster send it", PeerAuthHeader)
	}
	ts, nonce, mac, err := parsePeerAuth(h)
	if err != nil {
		return netip.Addr{}, err
	}
	now := a.now()
	at := time.UnixMilli(ts)
	if skew := now.Sub(at); skew > PeerSkew || skew < -PeerSkew {
		return netip.Addr{}, game.Errorf(game.CodeUnauthorized, "the peer request's timestamp is %s off this server's clock; the instances' clocks must agree within %s", skew.Round(time.Millisecond), PeerSkew)
	}
	addrText := r.Header.Get(ClientAddrHeader)
	var client netip.Addr
	if addrText != "" {
		if client, err = netip.ParseAddr(addrText); err != nil {
			return netip.Addr{}, game.Errorf(game.CodeUnauthorized, "the peer request's %s %q is not an address", ClientAddrHeader, addrText)
		}
	}
	want := a.mac(peerMessage(r.Method, r.URL.RequestURI(), body, strconv.FormatInt(ts, 10), nonce, addrText))
	if !hmac.Equal(mac, want) {
		return netip.Addr{}, game.Errorf(game.CodeUnauthorized, "the peer request's MAC does not check: the sender has another cluster secret, or the request was changed on the way")
	}
	if err := a.remember(nonce, at.Add(PeerSkew), now); err != nil {
		return netip.Addr{}, err
	}
	return client.Unmap(), nil
}

// remember records nonce until forget, refusing it if seen already.
func (a *PeerAuth) remember(nonce string, forget, now time.Time) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.seen[nonce]; ok {
		return game.Errorf(game.CodeUnauthorized, "the peer request was received already (nonce %s): a replay", nonce)
	}
	if now.Sub(a.swept) > PeerSkew || len(a.seen) >= maxPeerNonces {
		for n, f := range a.seen {
			if now.After(f) {
				delete(a.seen, n)
			}
		}
		a.swept = now
	}
	if len(a.seen) >= maxPeerNonces {
		return game.Errorf(game.CodeUnavailable, "too many peer requests at once (%d in %s); try again in a moment", maxPeerNonces, 2*PeerSkew)
	}
	a.seen[nonce] = forget
	return nil
}

// parsePeerAuth reads "v1 ts=… nonce=… mac=…".
func parsePeerAuth(h string) (ts int64, nonce string, mac []byte, err error) {
	bad := func(why string) (int64, string, []byte, error) {
		return 0, "", nil, game.Errorf(game.CodeUnauthorized, "the %s header is not v1 ts=<unix ms> nonce=<32 hex digits> mac=<64 hex digits>: %s", PeerAuthHeader, why)
	}
	f := strings.Fields(h)
	if len(f) != 4 || f[0] != "v1" {
		return bad("it has not the four fields of version 1")
	}
	tsText, ok1 := strings.CutPrefix(f[1], "ts=")
	nonce, ok2 := strings.CutPrefix(f[2], "nonce=")
	macText, ok3 := strings.CutPrefix(f[3], "mac=")
	if !ok1 || !ok2 || !ok3 {
		return bad("its fields are not ts, nonce and mac in that order")
	}
	ts, err = strconv.ParseInt(tsText, 10, 64)
	if err != nil {
		return bad("ts is not a number")
	}
	if n, err := hex.DecodeString(nonce); err != nil || len(n) != 16 {
		return bad("the nonce is not 32 hex digits")
	}
	mac, err = hex.DecodeString(macText)
	if err != nil || len(mac) != sha256.Size {
		return bad("the mac is not 64 hex digits")
	}
	return ts, nonce, mac, nil
}

// peerKey marks the context of a request whose peer authenticator
// checked; its value is the client address the peer vouches for.
type peerKey struct{}

// clientAddrKey carries, in the context of a client's request or
// WebSocket, the client's address, which a request forwarded on its
// behalf vouches for.
type clientAddrKey struct{}

// withClientAddr returns ctx carrying the client's address a.
func withClientAddr(ctx context.Context, a netip.Addr) context.Context {
	return context.WithValue(ctx, clientAddrKey{}, a)
}

// clientAddrFrom returns the client's address ctx carries, or the zero
// address.
func clientAddrFrom(ctx context.Context) netip.Addr {
	a, _ := ctx.Value(clientAddrKey{}).(netip.Addr)
	return a
}

// fromPeer reports whether r is a request from a peer whose authenticator
// checked, and the client address it vouches for (the zero address when
// none).
func fromPeer(r *http.Request) (netip.Addr, bool) {
	a, ok := r.Context().Value(peerKey{}).(netip.Addr)
	return a, ok
}

// claimsPeer reports whether r says it comes from a peer: it carries
// ForwardedHeader, PeerAuthHeader or ClientAddrHeader.
func claimsPeer(r *http.Request) bool {
	return r.Header.Get(ForwardedHeader) != "" || r.Header.Get(PeerAuthHeader) != "" || r.Header.Get(ClientAddrHeader) != ""
}

// checkPeer checks a request that says it comes from a peer (see
// claimsPeer): this server must have a cluster secret, the request must
// come directly from one of Peers (when any are given) and its
// authenticator must check. It returns r, its body kept, with a context
// that marks it as a peer's and carries the client address the peer
// vouches for; or a refusal with CodeUnauthorized that says why.
func (s *Server) checkPeer(r *http.Request) (*http.Request, error) {
	if s.cfg.PeerAuth == nil {
		return r, game.Errorf(game.CodeUnauthorized, "this server has no cluster secret: it takes no requests from other instances (%s)", ForwardedHeader)
	}
	if from := remoteAddr(r); len(s.cfg.Peers) > 0 && !inAny(s.cfg.Peers, from) {
		return r, game.Errorf(game.CodeUnauthorized, "requests from other instances come only from the --peer networks; %s is not in them", from)
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return r, game.Errorf(game.CodeInvalid, "the peer request's body could not be read: %v", err)
	}
	if len(body) > maxBody {
		return r, &bodyTooLarge{game.Errorf(game.CodeLimit, "the request body is larger than %d bytes", maxBody)}
	}
	r.Body.Close()
	client, err := s.cfg.PeerAuth.Verify(r, body)
	if err != nil {
		return r, err
	}
	r = r.WithContext(context.WithValue(r.Context(), peerKey{}, client))
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	return r, nil
}
