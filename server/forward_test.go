package server_test

import (
	"context"
	"net"
	"testing"
	"time"

	"minehall/server"
)

// TestForwardTimeoutIsHalfTheLease: a forwarded action to an owner that
// takes the connection but never answers (a paused process: its kernel
// accepts, nothing reads) gives up after half the lease.
func TestForwardTimeoutIsHalfTheLease(t *testing.T) {
	if got := server.ForwardTimeout(5 * time.Second); got != 2500*time.Millisecond {
		t.Errorf("ForwardTimeout(5s): %v; want 2.5s", got)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0") // never accepted
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	const lease = time.Second
	f := server.NewForwarder(server.ForwarderConfig{Timeout: server.ForwardTimeout(lease), Auth: testPeerAuth(t)})
	start := time.Now()
	_, err = f.Act(context.Background(), "http://"+ln.Addr().String(), "3f2a9c0d11b4e7a2", "5e0c", "d", 1)
	elapsed := time.Since(start)
	if err == nil {
		t.Fatalf("an action forwarded to a paused owner succeeded; want an error")
	}
	if elapsed < lease/2 || elapsed >= lease {
		t.Errorf("the paused owner held the action up %v; want half the lease (%v), less than the lease", elapsed, lease/2)
	}
}
