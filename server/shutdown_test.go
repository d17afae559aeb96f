package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minehall/server"
	"minehall/table"
)

// TestShutdownClosesWithServiceRestart checks the order `minehall serve`
// shuts down in: the hall stops, then every WebSocket is closed with 1012
// (service restart) so that clients reconnect, /healthz says 503, and new
// WebSockets are refused.
func TestShutdownClosesWithServiceRestart(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	id, _, tokens := createTable(t, ts.URL, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	a := dial(t, ts.URL, id, tokens[0], 0, nil)
	a.next("state")
	a.act("d")
	if f := a.next("ack", "error"); f.Type != "ack" {
		t.Fatalf("act: got %s; want an ack", f.raw)
	}
	ts.hall.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := ts.srv.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	if st := a.waitClosed(); st != websocket.StatusServiceRestart {
		t.Errorf("open WebSocket at shutdown: closed with %v; want service restart (1012)", st)
	}
	if st, _ := get(t, ts.URL+"/healthz"); st != http.StatusServiceUnavailable {
		t.Errorf("/healthz after shutdown: %d; want 503", st)
	}
	c, _, err := websocket.Dial(ctx, wsURL(ts.URL, id), nil)
	if err == nil {
		defer c.CloseNow()
		if _, _, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusServiceRestart {
			t.Errorf("WebSocket opened after shutdown: read %v; want a close with service restart", err)
		}
	}
}
