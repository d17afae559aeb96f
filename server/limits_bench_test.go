package server

import (
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

// BenchmarkRequestLimit is what the per-address limits add to a request:
// finding its client address and spending a token of the address's
// bucket, with 1,000 addresses known.
func BenchmarkRequestLimit(b *testing.B) {
	s := &Server{quotas: newQuotas(Limits{Requests: 1 << 30}, func(string) bool { return true }, nil)}
	r := httptest.NewRequest("GET", "/api/games", nil)
	addrs := make([]string, 1000)
	for i := range addrs {
		addrs[i] = netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}).String() + ":40000"
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r.RemoteAddr = addrs[i%len(addrs)]
		i++
		if err := s.quotas.request(s.clientOf(r)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFrameLimit is what the per-connection frame limit adds to a
// frame.
func BenchmarkFrameLimit(b *testing.B) {
	now := time.Now()
	l := newFrameLimit(1e9, 1e9, now)
	b.ReportAllocs()
	for b.Loop() {
		now = now.Add(time.Microsecond)
		if ok, _ := l.take(now); !ok {
			b.Fatal("refused")
		}
	}
}
