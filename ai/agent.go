package ai

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// DefaultAgentTimeout is how long an agent may take to answer a request
// (or to read a line) when its config sets no timeout.
const DefaultAgentTimeout = 10 * time.Second

// agentGrace is how long a closed agent may take to exit on its own after
// its input ends, before it is killed.
const agentGrace = 2 * time.Second

// maxAnswer bounds the length of an answer line.
const maxAnswer = 1 << 20

// AgentConfig says how to run an external agent.
type AgentConfig struct {
	// Command is the program and its arguments (see [SplitCommand]).
	Command []string
	// Name names the agent in messages; empty means the command.
	Name string
	// Timeout bounds each answer and each line written to the agent; 0
	// means [DefaultAgentTimeout].
	Timeout time.Duration
	// Stderr, when set, receives what the agent writes to its standard
	// error. The last lines are kept for messages either way.
	Stderr io.Writer
}

// Agent is a running external agent: a process that reads lines on its
// standard input and answers on its standard output. Its methods are for
// one goroutine at a time. Every agent must be closed, which ends and
// reaps its process (and the processes it started) for sure.
type Agent struct {
	name    string
	timeout time.Duration
	cmd     *exec.Cmd
	in      *os.File // the agent's standard input, our end
	out     *os.File // the agent's standard output, our end
	rd      *bufio.Reader
	tail    *tailWriter
	done    chan struct{} // closed once the process has exited and been reaped
	waitErr error
	closed  bool
	broken  error // the first failure: the agent is not asked again after it
}

// StartAgent starts the agent of cfg. It fails when the program cannot be
// started; an agent that starts and then exits is reported by the first
// request that finds it gone.
func StartAgent(cfg AgentConfig) (*Agent, error) {
	name := cfg.Name
	if name == "" {
		name = strings.Join(cfg.Command, " ")
	}
	if len(cfg.Command) == 0 {
		return nil, fmt.Errorf("agent %q: no command to run", name)
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultAgentTimeout
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("agent %q: %v", name, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("agent %q: %v", name, err)
	}
	a := &Agent{name: name, timeout: timeout, in: inW, out: outR, tail: &tailWriter{}, done: make(chan struct{})}
	a.rd = bufio.NewReaderSize(outR, 64<<10)
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = a.tail
	if cfg.Stderr != nil {
		cmd.Stderr = io.MultiWriter(a.tail, cfg.Stderr)
	}
	// Grandchildren that keep standard error open must not hold up the
	// reaping of the agent.
	cmd.WaitDelay = time.Second
	ownGroup(cmd)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("agent %q could not start: %v", name, err)
	}
	a.cmd = cmd
	go func() {
		a.waitErr = cmd.Wait()
		close(a.done)
	}()
	return a, nil
}

// Name returns the agent's name for messages.
func (a *Agent) Name() string { return a.name }

// Pid returns the agent's process id.
func (a *Agent) Pid() int { return a.cmd.Process.Pid }

// Send writes msg as one JSON line that needs no answer. what names the
// line for messages, as in "the update after 3 actions".
func (a *Agent) Send(ctx context.Context, what string, msg any) error {
	if a.broken != nil {
		return a.broken
	}
	if err := a.write(ctx, what, msg); err != nil {
		return a.fail(err)
	}
	return nil
}

// Ask writes msg as one JSON line and reads the agent's answer line. It
// returns the answer and the time the agent took to give it (from the end
// of the writing to the answer). what names the request for messages, as
// in "the act request after 3 actions". An agent that does not answer
// within the timeout is stopped; one that exited is reported with its exit
// status and the last lines it wrote to standard error; either way every
// later request fails at once with the same error.
func (a *Agent) Ask(ctx context.Context, what string, msg any) (string, time.Duration, error) {
	if a.broken != nil {
		return "", 0, a.broken
	}
	if err := a.write(ctx, what, msg); err != nil {
		return "", 0, a.fail(err)
	}
	start := time.Now()
	line, err := a.readLine(ctx, what)
	if err != nil {
		return "", 0, a.fail(err)
	}
	return line, time.Since(start), nil
}

// fail makes err the agent's lasting error, stopping the agent unless the
// failure was only the caller's context ending (then Close stops it).
func (a *Agent) fail(err error) error {
	a.broken = err
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		// An answer may still come; it would be read as the next one's.
		return err
	}
	a.kill()
	return err
}

func (a *Agent) write(ctx context.Context, what string, msg any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("agent %q: %s does not encode: %v", a.name, what, err)
	}
	b = append(b, '\n')
	a.in.SetWriteDeadline(time.Now().Add(a.timeout))
	stop := context.AfterFunc(ctx, func() { a.in.SetWriteDeadline(time.Now()) })
	_, err = a.in.Write(b)
	stop()
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, os.ErrDeadlineExceeded):
		return fmt.Errorf("agent %q did not read %s within %s (it was stopped)", a.name, what, a.timeout)
	}
	return a.gone(what, "before reading", err)
}

func (a *Agent) readLine(ctx context.Context, what string) (string, error) {
	a.out.SetReadDeadline(time.Now().Add(a.timeout))
	stop := context.AfterFunc(ctx, func() { a.out.SetReadDeadline(time.Now()) })
	defer stop()
	var line []byte
	for {
		chunk, err := a.rd.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxAnswer {
			return "", fmt.Errorf("agent %q answered %s with a line longer than %d bytes", a.name, what, maxAnswer)
		}
		switch {
		case err == nil:
			return strings.TrimRight(string(line), "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case ctx.Err() != nil:
			return "", ctx.Err()
		case errors.Is(err, os.ErrDeadlineExceeded):
			return "", fmt.Errorf("agent %q did not answer %s within %s (it was stopped)", a.name, what, a.timeout)
		}
		return "", a.gone(what, "before answering", err)
	}
}

// gone explains a failed read or write: the agent exited (with its
// status and last words) or closed its end of the pipe.
func (a *Agent) gone(what, when string, err error) error {
	select {
	case <-a.done:
	case <-time.After(time.Second):
		if errors.Is(err, syscall.EPIPE) {
			return fmt.Errorf("agent %q closed its standard input %s %s", a.name, when, what)
		}
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("agent %q closed its standard output %s %s", a.name, when, what)
		}
		return fmt.Errorf("agent %q: %s: %v", a.name, what, err)
	}
	status := "exited"
	if a.waitErr != nil {
		status = "exited (" + a.waitErr.Error() + ")"
	}
	msg := fmt.Sprintf("agent %q %s %s %s", a.name, status, when, what)
	if last := a.tail.last(); last != "" {
		msg += fmt.Sprintf("; the end of its standard error: %q", last)
	}
	return errors.New(msg)
}

// Close ends the agent: its input is closed, it has a moment to exit on
// its own, then it and every process it started are killed. Close returns
// once the process is reaped; it is safe to call more than once. It
// returns an error when the agent, not stopped before, exited on its own
// with a failure status.
func (a *Agent) Close() error {
	if a.closed {
		return nil
	}
	a.closed = true
	a.in.Close()
	var err error
	select {
	case <-a.done:
		if a.broken == nil && a.waitErr != nil {
			err = a.gone("the end of its input", "after reading", a.waitErr)
		}
	case <-time.After(agentGrace):
	}
	a.kill()
	<-a.done
	a.out.Close()
	return err
}

// kill kills the agent and its process group, and waits for the reaping.
func (a *Agent) kill() {
	killGroup(a.cmd)
	select {
	case <-a.done:
	case <-time.After(5 * time.Second):
		// cmd.WaitDelay bounds the wait; this is a last resort.
	}
}

// tailWriter keeps the last bytes written to it.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 4096

func (w *tailWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	if len(w.buf) > tailSize {
		w.buf = append(w.buf[:0], w.buf[len(w.buf)-tailSize:]...)
	}
	return len(p), nil
}

// last returns the last non-empty line written, at most 300 bytes of it.
func (w *tailWriter) last() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := strings.TrimRight(string(w.buf), "\r\n\t ")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 300 {
		s = "…" + s[len(s)-300:]
	}
	return s
}
