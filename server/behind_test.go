package server_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minehall/server"
	"minehall/store"
	"minehall/table"
)

// smallBufferListener gives every accepted connection a small send buffer,
// so that a client that stops reading holds up the server's writes after a
// few kilobytes instead of megabytes.
type smallBufferListener struct{ net.Listener }

func (l smallBufferListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(4096)
	}
	return c, err
}

// TestClientFallenBehindGetsFreshState has a spectator stop reading while
// two bots play 300 moves: the server's queue for it overflows past 64
// updates, and when the spectator reads again it receives what was queued,
// then a fresh state, then the rest: it is never disconnected and never
// misses the end.
func TestClientFallenBehindGetsFreshState(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	small := httptest.NewUnstartedServer(ts.srv)
	small.Listener = smallBufferListener{small.Listener}
	small.Start()
	defer small.Close()

	var c created
	do(t, ts.URL, "POST", "/api/tables", "", table.CreateRequest{Game: "tick", Players: 2, TimeControl: patient,
		Seats: []table.SeatRequest{{Kind: store.SeatBot}, {Kind: store.SeatBot}}}, &c)
	id := c.Table.ID

	dialer := &net.Dialer{Control: func(network, address string, rc syscall.RawConn) error {
		return rc.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	hc := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, wsURL(small.URL, id), &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"hello"}`)); err != nil {
		t.Fatalf("hello: %v", err)
	}
	read := func() frame {
		t.Helper()
		_, b, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var f frame
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatalf("frame %s does not decode: %v", b, err)
		}
		f.raw = string(b)
		return f
	}
	if f := read(); f.Type != "state" || f.N != 0 {
		t.Fatalf("first frame: got %s; want the state at n=0", f.raw)
	}
	// Start the game and read nothing until it is over.
	if st, eb := do(t, ts.URL, "POST", "/api/tables/"+id+"/start", c.OwnerToken, nil, nil); st != http.StatusOK {
		t.Fatalf("start: %d %+v", st, eb)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var info table.Info
		do(t, ts.URL, "GET", "/api/tables/"+id, "", nil, &info)
		if info.Status == store.StatusFinished {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bots did not finish within 30 s")
		}
	}
	last, states, updates := int64(0), 0, 0
	for {
		f := read()
		switch f.Type {
		case "update":
			if f.N != last+1 {
				t.Fatalf("update n=%d after n=%d: a gap without a fresh state", f.N, last)
			}
			updates++
		case "state":
			// The game's start sends a state at n=0; a fresh one after
			// the overflow skips what was dropped.
			if f.N > last+1 {
				states++
			}
		}
		last = f.N
		if f.Status == "finished" {
			break
		}
	}
	if states == 0 || last != tickLength {
		t.Errorf("got %d fresh states and %d updates ending at n=%d; want a fresh state and the end at n=%d", states, updates, last, tickLength)
	}
	if updates < 64 {
		t.Errorf("got %d updates; want at least the 64 that were queued", updates)
	}
}
