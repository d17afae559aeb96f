package server

import (
	"net/http"
	"net/netip"
	"strings"
)

// client is who a request counts against for the per-address quotas.
type client struct {
	// addr is the client's address: the TCP peer's, or, from a trusted
	// proxy, the one its header names.
	addr netip.Addr
	// key is what the quotas count under: addr itself for IPv4, its /64
	// network for IPv6 (one subscriber usually holds a whole /64).
	key netip.Prefix
	// peer marks a request that another instance of the cluster sent and
	// proved it sent (see checkPeer): addr is then the client's address
	// that the peer vouches for, the zero address when it sent the
	// request on its own behalf. Such a request counts against no
	// Requests limit (its client's was counted where it came in), and
	// against the other quotas of the vouched address only.
	peer bool
}

// counted reports whether c counts against the per-address quotas: every
// client does, and a peer's request on behalf of one.
func (c client) counted() bool { return !c.peer || c.addr.IsValid() }

// clientOf finds who r counts against. The address is the TCP peer's
// unless the peer is one of the trusted proxies and the request carries
// ClientIPHeader: then it is the last address of that header (a
// comma-separated list, as in X-Forwarded-For) that is not itself a
// trusted proxy, walking from the right, since a client may put anything
// on the left. A request from another instance whose authenticator
// checked (see checkPeer) counts under the client's address it vouches
// for, if any; a header alone makes no request a peer's.
func (s *Server) clientOf(r *http.Request) client {
	if vouched, ok := fromPeer(r); ok {
		return client{addr: vouched, key: quotaKey(vouched), peer: true}
	}
	peer := remoteAddr(r)
	addr := peer
	var values []string
	if s.cfg.ClientIPHeader != "" && inAny(s.cfg.TrustedProxies, peer) {
		values = r.Header.Values(s.cfg.ClientIPHeader)
	}
	if a, ok := fromHeader(values, s.cfg.TrustedProxies); ok {
		addr = a
	}
	return client{addr: addr, key: quotaKey(addr)}
}

// remoteAddr is the TCP peer's address of r (the zero address if
// RemoteAddr does not parse, which only a test's request does).
func remoteAddr(r *http.Request) netip.Addr {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		a, _ := netip.ParseAddr(r.RemoteAddr)
		return a.Unmap()
	}
	return ap.Addr().Unmap()
}

// fromHeader returns the rightmost address of the header's values that is
// not a trusted proxy (the leftmost if all are), reporting false when none
// parses.
func fromHeader(values []string, trusted []netip.Prefix) (netip.Addr, bool) {
	var parts []string
	for _, v := range values {
		parts = append(parts, strings.Split(v, ",")...)
	}
	var leftmost netip.Addr
	found := false
	for i := len(parts) - 1; i >= 0; i-- {
		a, ok := parseHostAddr(strings.TrimSpace(parts[i]))
		if !ok {
			continue
		}
		if !inAny(trusted, a) {
			return a, true
		}
		leftmost, found = a, true
	}
	return leftmost, found
}

// parseHostAddr reads an address as proxies write it: "192.0.2.7",
// "2001:db8::1", "[2001:db8::1]:443" or "192.0.2.7:5000".
func parseHostAddr(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

func inAny(nets []netip.Prefix, a netip.Addr) bool {
	for _, n := range nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// quotaKey is the network a client address counts under.
func quotaKey(a netip.Addr) netip.Prefix {
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p
	}
	p, _ := a.Prefix(a.BitLen())
	return p
}

// ParseNets reads addresses and networks in CIDR notation ("10.0.0.0/8",
// "192.0.2.7", "::1"); a bare address is a network of its own.
func ParseNets(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if p, err := netip.ParsePrefix(s); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			return nil, err
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// LocalNets are the loopback and private networks (RFC 1918, RFC 4193
// unique local IPv6): where the other instances of a cluster usually are.
var LocalNets = []netip.Prefix{
	netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"),
	netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("172.16.0.0/12"),
	netip.MustParsePrefix("192.168.0.0/16"), netip.MustParsePrefix("fc00::/7"),
}
