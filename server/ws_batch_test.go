package server_test

import (
	"net"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"minehall/server"
	"minehall/table"
)

// writeCounter is a listener whose connections count the writes they get,
// in the order they were accepted.
type writeCounter struct {
	net.Listener
	mu    sync.Mutex
	conns []*countedConn
}

type countedConn struct {
	net.Conn
	writes atomic.Int64
}

func (c *countedConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

func (l *writeCounter) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	cc := &countedConn{Conn: c}
	l.mu.Lock()
	l.conns = append(l.conns, cc)
	l.mu.Unlock()
	return cc, nil
}

func (l *writeCounter) writes(i int) int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.conns[i].writes.Load()
}

// TestOwnActionUpdateAndAckGoOutInOneWrite plays a game and checks that
// the client who acts gets its action's update and then its ack, both in
// one write to the network, and the other seat its update in one.
func TestOwnActionUpdateAndAckGoOutInOneWrite(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	counted := httptest.NewUnstartedServer(ts.srv)
	lis := &writeCounter{Listener: counted.Listener}
	counted.Listener = lis
	counted.Start()
	t.Cleanup(counted.Close)

	// The WebSockets are the listener's connections 0 and 1.
	a := dial(t, counted.URL, id, tokens[0], 0, nil)
	a.next("state")
	b := dial(t, counted.URL, id, tokens[1], 1, nil)
	b.next("state")
	// Seat 0 hears of seat 1's arrival in a table frame, which must be
	// written before the writes of the moves are counted.
	for f := a.next("table"); f.Table == nil || f.Table.Seats[1].Presence != "online"; f = a.next("table") {
	}
	clients := []*client{a, b}
	for i, move := range []string{"a", "b", "c", "d", "a", "b"} {
		seat := i % 2
		actor, other := clients[seat], clients[1-seat]
		before, otherBefore := lis.writes(seat), lis.writes(1-seat)
		seq := actor.act(move)
		u := actor.next("update", "ack", "error")
		if u.Type != "update" || u.N != int64(i+1) || u.Player == nil || int(*u.Player) != seat {
			t.Fatalf("move %d (%s): seat %d's first frame: got %s; want its action's update, n %d", i+1, move, seat, u.raw, i+1)
		}
		if ack := actor.next("update", "ack", "error"); ack.Type != "ack" || ack.Seq != seq || ack.N != int64(i+1) {
			t.Fatalf("move %d (%s): seat %d's second frame: got %s; want the ack of seq %d, n %d", i+1, move, seat, ack.raw, seq, i+1)
		}
		if f := other.next("update"); f.N != int64(i+1) {
			t.Fatalf("move %d (%s): seat %d's update: got %s; want n %d", i+1, move, 1-seat, f.raw, i+1)
		}
		if got := lis.writes(seat) - before; got != 1 {
			t.Errorf("move %d (%s): writes to the acting seat %d: got %d; want 1 (the update and the ack together)", i+1, move, seat, got)
		}
		if got := lis.writes(1-seat) - otherBefore; got != 1 {
			t.Errorf("move %d (%s): writes to seat %d: got %d; want 1", i+1, move, 1-seat, got)
		}
	}
}
