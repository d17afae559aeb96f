// Package serveproc runs a test binary as a server process of its own, so
// that a test can kill it with SIGKILL and start it again on the same
// database, as a crash and a restart of `minehall serve`.
//
// The test binary doubles as the server: its TestMain calls the server's
// wiring when an environment variable of the test's choosing is set, and
// that wiring ends in [Serve]; the test starts it with [Start].
package serveproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Serve prints "listening ADDR" (ln's address) on standard output for
// [Start], and serves h on ln until SIGTERM or an interrupt; it then shuts
// the HTTP server down and calls stop, which closes what the wiring
// opened, with a 10 s deadline.
func Serve(ln net.Listener, h http.Handler, stop func(context.Context) error) error {
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer cancel()
	fmt.Printf("listening %s\n", ln.Addr())
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	<-ctx.Done()
	sctx, done := context.WithTimeout(context.Background(), 10*time.Second)
	defer done()
	return errors.Join(srv.Shutdown(sctx), stop(sctx))
}

// Start runs the test binary, running no test, with env (NAME=VALUE
// entries) added to its environment, waits up to 60 s for the address
// [Serve] prints, and returns it with the process. The process is killed
// when the test ends if it still runs.
func Start(t testing.TB, env ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("StdoutPipe: %v", err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start server: %v", err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(out).ReadString('\n')
		line <- s
		io.Copy(io.Discard, out)
	}()
	select {
	case s := <-line:
		addr, ok := strings.CutPrefix(strings.TrimSpace(s), "listening ")
		if !ok {
			t.Fatalf("server said %q; want its address", s)
		}
		return addr, cmd
	case <-time.After(60 * time.Second):
		t.Fatalf("the server did not start within 60 s")
	}
	return "", nil
}
