package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// serveArgsEnv holds the command line of `minehall serve` that a
// re-executed test binary runs: the test binary doubles as a server
// process of its own, whose memory a test measures or which a test
// pauses, stops and replaces.
const serveArgsEnv = "MINEHALL_TEST_SERVE_ARGS"

func TestMain(m *testing.M) {
	if args := os.Getenv(serveArgsEnv); args != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := run(ctx, testRegistry(), strings.Split(args, "\x1f"), os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// serveProc is a `minehall serve` process started by a test.
type serveProc struct {
	base string // its base URL
	cmd  *exec.Cmd
	log  *lockedBuffer
	done chan struct{} // closed when the process has exited
}

// startServe runs `minehall serve args…` as a process of its own and
// returns its base URL and process; the process is stopped when the test
// ends.
func startServe(t *testing.T, args ...string) (string, *exec.Cmd) {
	t.Helper()
	p := startServeProc(t, args...)
	return p.base, p.cmd
}

// startServeProc runs `minehall serve args…` as a process of its own,
// waits for it to say its address and returns it; when the test ends it
// is resumed (SIGCONT) and stopped (SIGTERM, or killed after 20 s), and
// its log is shown if the test failed.
func startServeProc(t *testing.T, args ...string) *serveProc {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveArgsEnv+"="+strings.Join(append([]string{"serve"}, args...), "\x1f"))
	p := &serveProc{cmd: cmd, log: &lockedBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.log
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("StdoutPipe: %v", err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start server: %v", err)
	}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(out).ReadString('\n')
		line <- s
		io.Copy(io.Discard, out)
		cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-p.done
		}
		if t.Failed() {
			t.Logf("log of the server at %s:\n%s", p.base, p.log)
		}
	})
	select {
	case s := <-line:
		base, ok := strings.CutPrefix(strings.TrimSpace(s), "minehall serving on ")
		if !ok {
			t.Fatalf("the server said %q; want its address; its log:\n%s", s, p.log)
		}
		p.base = base
		return p
	case <-time.After(60 * time.Second):
		t.Fatalf("the server did not start within 60 s")
	}
	return nil
}

// lockedBuffer is a log that a process writes while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
