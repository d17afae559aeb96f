package loadtest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// EchoServer starts a bare coder/websocket echo server on 127.0.0.1.
func EchoServer() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := r.Context()
		for {
			typ, b, err := c.Read(ctx)
			if err != nil {
				return
			}
			if err := c.Write(ctx, typ, b); err != nil {
				return
			}
		}
	}))
}

// Echo runs conns connections against the echo server at url, each sending
// msg and waiting for its echo in turn, for d, and returns the round trips
// per second.
func Echo(ctx context.Context, url string, conns int, msg []byte, d time.Duration) (float64, error) {
	url = "ws" + strings.TrimPrefix(url, "http")
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var trips atomic.Int64
	var wg sync.WaitGroup
	var firstErr error
	var once sync.Once
	start := time.Now()
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, _, err := websocket.Dial(ctx, url, nil)
			if err != nil {
				if ctx.Err() == nil {
					once.Do(func() { firstErr = err })
				}
				return
			}
			defer c.CloseNow()
			for ctx.Err() == nil {
				if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
					return
				}
				if _, _, err := c.Read(ctx); err != nil {
					return
				}
				trips.Add(1)
			}
		}()
	}
	wg.Wait()
	return float64(trips.Load()) / time.Since(start).Seconds(), firstErr
}
