package server_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"minehall/game"
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

// TestForwarderRefusesGarbage: an owner that answers what is not its
// API's (a page, a refusal without a code, an action without its
// number, a redirect elsewhere) gets an error that says so, not a
// made-up result.
func TestForwarderRefusesGarbage(t *testing.T) {
	tests := []struct {
		name   string
		status int
		header map[string]string
		body   string
		want   string
	}{
		{"Page", http.StatusOK, nil, "<html>hello</html>", "not JSON of the API"},
		{"RefusalWithoutCode", http.StatusInternalServerError, nil, "oops", "a refusal without an error code"},
		{"ActionWithoutNumber", http.StatusOK, nil, `{"move":"d"}`, "without its number, player or move"},
		{"Redirect", http.StatusFound, map[string]string{"Location": "http://192.0.2.1/"}, "", "neither an answer nor a refusal"},
		{"TooLong", http.StatusOK, nil, `"` + strings.Repeat("x", 70<<10) + `"`, "an answer over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			owner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				for k, v := range tt.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.body)
			}))
			defer owner.Close()
			f := server.NewForwarder(server.ForwarderConfig{Auth: testPeerAuth(t), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			act, err := f.Act(context.Background(), owner.URL, "3f2a9c0d11b4e7a2", "5e0c", "d", 1)
			if err == nil || game.ErrorCode(err) != game.CodeInternal || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Act: %+v, %v; want an error (no refusal code) saying %q", act, err, tt.want)
			}
		})
	}
}
