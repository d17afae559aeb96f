package server

import (
	"bufio"
	"net"
	"net/http"
	"sync"
)

// corkedConn is a WebSocket's network connection whose writes can be held
// back and sent together: the connection's writer corks it, writes the
// frames that are ready (each a whole WebSocket message, which the
// WebSocket library flushes at once), and uncorks it, which sends them all
// in one system call. Uncorked, a write goes straight through.
//
// The WebSocket library may write a control frame (a pong, a close) from
// another goroutine while the writer has it corked: that frame is held
// with the others, in order, and sent at the uncork.
type corkedConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	held   []byte
}

// maxKeptCork bounds the buffer a connection keeps between batches; a
// larger batch's buffer is let go.
const maxKeptCork = 64 << 10

// Write sends p, or holds it while the connection is corked.
func (c *corkedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.held = append(c.held, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

// cork holds every write until uncork.
func (c *corkedConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork sends what was held, in one write, and lets writes through
// again.
func (c *corkedConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	if len(c.held) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.held)
	if cap(c.held) > maxKeptCork {
		c.held = nil
	} else {
		c.held = c.held[:0]
	}
	return err
}

// corkingWriter is a ResponseWriter whose Hijack hands out the
// connection as a corkedConn, so that the WebSocket accepted over it
// writes through one.
type corkingWriter struct {
	http.ResponseWriter
	conn *corkedConn
}

// Hijack takes over the connection as http.Hijacker does, wrapped in a
// corkedConn.
func (w *corkingWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// The WebSocket library writes through the bufio.Writer handed out
	// here: make it one that writes to the corkedConn.
	if err := brw.Writer.Flush(); err != nil {
		nc.Close()
		return nil, nil, err
	}
	w.conn = &corkedConn{Conn: nc}
	return w.conn, bufio.NewReadWriter(brw.Reader, bufio.NewWriter(w.conn)), nil
}

// Unwrap returns the ResponseWriter wrapped, for http.ResponseController.
func (w *corkingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
