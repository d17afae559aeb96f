package server_test

import (
	"context"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minehall/game"
	"minehall/server"
	"minehall/table"
)

// The frame limit of these tests: bursts of 10, refilled at 50 a second
// (the bucket is full again 0.2 s after it ran dry).
const testRate, testBurst = 50, 10

// The burst test's limit: bursts of 10, refilled at 5 a second (a token
// every 200 ms, the bucket full again 2 s after it ran dry). The refill is
// slow beside a burst's 14 frames so that a busy machine, which reads them
// over tens of milliseconds, cannot earn a token back in the middle of one.
const burstTestRate, burstTestBurst = 5, 10

// TestFrameBurstsRecover sends 4 bursts of 14 frames, 2.2 s apart, each 4
// frames past the limit: each of those is refused with a limit error, and
// the connection stays open and plays on.
func TestFrameBurstsRecover(t *testing.T) {
	ts := newTestServer(t, server.Config{Rate: burstTestRate, Burst: burstTestBurst})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	a := dial(t, ts.URL, id, tokens[0], 0, nil)
	a.next("state")
	for burst := range 4 {
		for range burstTestBurst + 4 {
			a.send(map[string]any{"type": "presence", "state": "online"})
		}
		for i := range 4 {
			if f := a.next("error"); f.Code != game.CodeLimit {
				t.Fatalf("burst %d, refusal %d: got %s; want a limit error", burst+1, i+1, f.raw)
			}
		}
		time.Sleep(2200 * time.Millisecond)
	}
	seq := a.act("d")
	if f := a.next("ack", "error"); f.Type != "ack" || f.Seq != seq {
		t.Fatalf("acting after the bursts: got %s; want its ack", f.raw)
	}
	select {
	case err := <-a.closed:
		t.Fatalf("the connection was closed: %v", err)
	default:
	}
}

// TestSustainedFloodIsClosed sends frames as fast as it can: it is refused
// frame by frame at first, an action refused names its seq, and once it
// has kept on past its flood allowance the connection is closed with 1008
// and a reason.
func TestSustainedFloodIsClosed(t *testing.T) {
	ts := newTestServer(t, server.Config{Rate: testRate, Burst: testBurst})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, wsURL(ts.URL, id), nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer c.CloseNow()
	c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello","token":"`+tokens[0]+`"}`))
	closed := make(chan error, 1)
	refusedSeq := make(chan string, 1)
	go func() {
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				closed <- err
				return
			}
			if s := string(b); strings.Contains(s, `"limit"`) && strings.Contains(s, `"seq":77`) {
				select {
				case refusedSeq <- s:
				default:
				}
			}
		}
	}()
	start := time.Now()
	sent := 0
	for time.Since(start) < 10*time.Second {
		frame := `{"type":"presence","state":"online"}`
		if sent == testBurst+2 {
			frame = `{"type":"act","seq":77,"move":"d"}`
		}
		if err := c.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			break
		}
		sent++
		select {
		case err = <-closed:
		default:
			continue
		}
		break
	}
	if err == nil {
		err = <-closed
	}
	if websocket.CloseStatus(err) != websocket.StatusPolicyViolation || !strings.Contains(err.Error(), "too many frames") {
		t.Fatalf("flooding connection ended with %v; want close 1008 with a reason", err)
	}
	if sent < 2*testBurst {
		t.Errorf("closed after %d frames; want at least the burst and the flood allowance (%d)", sent, 2*testBurst)
	}
	select {
	case s := <-refusedSeq:
		if !strings.Contains(s, `"code":"limit"`) {
			t.Errorf("the refused action: %s; want a limit error", s)
		}
	default:
		t.Errorf("no limit error named the refused action's seq 77")
	}
}

// TestClientThatDoesNotReadIsClosedWithAFrame: a client that sends frames
// answered with errors but reads nothing fills the server's queue; the
// server then closes it with 1008 and says why, in a close frame the
// client finds once it reads.
func TestClientThatDoesNotReadIsClosedWithAFrame(t *testing.T) {
	ts := newTestServer(t, server.Config{Rate: 100000, Burst: 100000})
	small := httptest.NewUnstartedServer(ts.srv)
	small.Listener = smallBufferListener{small.Listener}
	small.Start()
	defer small.Close()
	id, _, _ := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2})
	dialer := &net.Dialer{Control: func(network, address string, rc syscall.RawConn) error {
		return rc.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
	hc := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, wsURL(small.URL, id), &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer c.CloseNow()
	c.Write(ctx, websocket.MessageText, []byte(`{"type":"hello"}`))
	junk := `{"type":"` + strings.Repeat("x", 200) + `"}` // answered by an error naming it
	for range 600 {
		wctx, wcancel := context.WithTimeout(ctx, 2*time.Second)
		err := c.Write(wctx, websocket.MessageText, []byte(junk))
		wcancel()
		if err != nil {
			break
		}
	}
	time.Sleep(300 * time.Millisecond)
	var status websocket.StatusCode = -1
	var last error
	for {
		_, _, err := c.Read(ctx)
		if err != nil {
			status, last = websocket.CloseStatus(err), err
			break
		}
	}
	if status != websocket.StatusPolicyViolation || !strings.Contains(last.Error(), "does not read") {
		t.Errorf("a client that did not read ended with %v; want a close frame 1008 saying it does not read", last)
	}
}

// TestHugeSeqLocksNoSeat: an action with the largest seq is refused
// saying which seq is expected; the seat then acts with it, and its next
// state frame says its last seq.
func TestHugeSeqLocksNoSeat(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	a := dial(t, ts.URL, id, tokens[0], 0, nil)
	if f := a.next("state"); f.Seq != 0 {
		t.Errorf("first state: seq %d; want none", f.Seq)
	}
	a.send(map[string]any{"type": "act", "seq": int64(math.MaxInt64), "move": "d"})
	if f := a.next("error"); f.Code != game.CodeInvalid || f.Seq != math.MaxInt64 || !strings.Contains(f.Message, "must have seq 1") {
		t.Fatalf("act with seq %d: got %s; want invalid, saying seq 1 is expected", int64(math.MaxInt64), f.raw)
	}
	a.send(map[string]any{"type": "act", "seq": 1, "move": "d"})
	if f := a.next("ack", "error"); f.Type != "ack" || f.N != 1 {
		t.Fatalf("act with seq 1 after the huge one: got %s; want ack n=1", f.raw)
	}
	b := dial(t, ts.URL, id, tokens[0], 1, nil)
	if f := b.next("state"); f.Seq != 1 {
		t.Errorf("state of the seat's second connection: seq %d; want 1, its last", f.Seq)
	}
	s := dial(t, ts.URL, id, "", 2, nil)
	if f := s.next("state"); f.Seq != 0 || strings.Contains(f.raw, `"seq"`) {
		t.Errorf("a spectator's state: %s; want no seq", f.raw)
	}
}
