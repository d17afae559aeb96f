package server_test

import (
	"context"
	"errors"
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

// TestForwarderRefusesGarbage: an owner (or whatever answers at its
// address) whose answer to a forwarded action is not one of the API's (a
// page, a refusal without a code, an action without its number, a
// redirect elsewhere, an answer too long) is refused with a clear error,
// code unavailable, that says what came and that nothing was played, not
// a made-up result; a server error without a body counts as no answer.
func TestForwarderRefusesGarbage(t *testing.T) {
	tests := []struct {
		name   string
		status int
		header map[string]string
		body   string
		code   game.Code // "": not a refusal but a failure to reach the owner
		want   string
	}{
		{"ErrPage", http.StatusOK, nil, "<html>welcome to nginx</html>", game.CodeUnavailable, "not JSON of the API"},
		{"ErrNoPlayer", http.StatusOK, nil, `{"n": 3, "move": "d"}`, game.CodeUnavailable, "without its number, player or move"},
		{"ErrNoNumber", http.StatusOK, nil, `{"player": 1, "move": "d"}`, game.CodeUnavailable, "without its number, player or move"},
		{"ErrRefusalWithoutCode", http.StatusBadRequest, nil, "bad request", game.CodeUnavailable, "a refusal without an error code"},
		{"ErrRedirect", http.StatusFound, map[string]string{"Location": "http://192.0.2.1/"}, "", game.CodeUnavailable, "neither an answer nor a refusal"},
		{"ErrTooLong", http.StatusOK, nil, `"` + strings.Repeat("x", 70<<10) + `"`, game.CodeUnavailable, "an answer over"},
		{"ErrBadGateway", http.StatusBadGateway, nil, "<html>502</html>", "", "502"},
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
			f := server.NewForwarder(server.ForwarderConfig{Timeout: time.Second, Auth: testPeerAuth(t), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			act, err := f.Act(context.Background(), owner.URL, "3f2a9c0d11b4e7a2", "5e0c", "d", 1)
			if err == nil {
				t.Fatalf("got the action %+v; want an error", act)
			}
			var ge *game.Error
			isRefusal := errors.As(err, &ge)
			switch {
			case !strings.Contains(err.Error(), tt.want):
				t.Errorf("got %q; want it to say %q", err, tt.want)
			case tt.code == "" && isRefusal:
				t.Errorf("got the refusal %v; want a failure to reach the owner", err)
			case tt.code != "" && (!isRefusal || ge.Code != tt.code):
				t.Errorf("got %v (code %s); want code %s", err, game.ErrorCode(err), tt.code)
			case tt.code != "" && !strings.Contains(err.Error(), "nothing was played"):
				t.Errorf("got %q; want a message saying nothing was played", err)
			}
		})
	}
}
