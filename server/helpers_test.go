package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/server"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

func registry() *game.Registry {
	reg := &game.Registry{}
	reg.Register(gametest.ConnectFour())
	reg.Register(gametest.HighCard())
	reg.Register(gametest.Goofspiel())
	reg.Register(ruledGame{gametest.ConnectFour()})
	reg.Register(tickGame{})
	return reg
}

// ruledGame is Connect Four under another id, with rules text in English
// and German: a game that implements game.Rulebook.
type ruledGame struct{ game.Game }

func (g ruledGame) Spec() game.Spec {
	sp := g.Game.Spec()
	sp.ID, sp.Title = "ruledfour", "Connect Four with rules"
	return sp
}

func (ruledGame) Rules(lang string) (string, bool) {
	if lang == "de" {
		return "# Vier gewinnt\n\nWer zuerst vier Steine in einer Reihe hat, gewinnt.", true
	}
	return "# Connect Four\n\nThe first to line up four discs wins.", lang == "en"
}

// testServer is a server on a temporary SQLite file behind httptest.
type testServer struct {
	*httptest.Server
	admin *httptest.Server // the admin handler: metrics and pprof
	reg   *game.Registry
	hall  *table.Hall
	srv   *server.Server
	db    *sqlite.DB
}

func newTestServer(t *testing.T, cfg server.Config) *testServer {
	t.Helper()
	return newTestServerClocked(t, cfg, nil)
}

// newTestServerClocked is newTestServer whose tables run on clock (the
// real one when nil).
func newTestServerClocked(t *testing.T, cfg server.Config, clock table.Clock) *testServer {
	t.Helper()
	reg := registry()
	db := sqlitetest.Open(t)
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: cfg.Logger, Clock: clock})
	cfg.Registry, cfg.Hall = reg, hall
	cfg.Ready = append(cfg.Ready, server.StoreCheck(db))
	srv := server.New(cfg)
	ts := &testServer{Server: httptest.NewServer(srv), admin: httptest.NewServer(srv.AdminHandler()), reg: reg, hall: hall, srv: srv, db: db}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		ts.Close()
		ts.admin.Close()
		hall.Close()
		db.Close()
	})
	return ts
}

// do sends a JSON request and decodes the JSON answer into out (when not
// nil); it returns the status and the error body, if any.
func do(t *testing.T, base, method, path, token string, body, out any) (int, errorBody) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		if s, ok := body.(string); ok {
			rd = strings.NewReader(s)
		} else {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatalf("NewRequest: %v", err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var eb struct {
		Error errorBody `json:"error"`
	}
	if resp.StatusCode >= 400 {
		json.Unmarshal(b, &eb)
		return resp.StatusCode, eb.Error
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: answer %s does not decode: %v", method, path, b, err)
		}
	}
	return resp.StatusCode, eb.Error
}

type errorBody struct {
	Code    game.Code `json:"code"`
	Message string    `json:"message"`
	Reason  string    `json:"reason"`
}

type created struct {
	Table      table.Info `json:"table"`
	OwnerToken string     `json:"owner_token"`
	Link       string     `json:"link"`
}

type joined struct {
	Seat  game.Player `json:"seat"`
	Token string      `json:"token"`
}

// patient is a time control no test waits out, a week a move: a public
// table of a turn-based game must have one.
var patient = &store.TimeControl{MoveS: 7 * 24 * 60 * 60}

// realTimeGames are the test servers' games played in real time, which
// keep their own clock and take no time control.
var realTimeGames = map[string]bool{"outofmine": true}

// createTable creates a table and seats a person in every person seat,
// returning the table id, the owner token and the seat tokens. A public
// turn-based table without a time control gets the patient one.
func createTable(t *testing.T, base string, req table.CreateRequest) (string, string, []string) {
	t.Helper()
	id, owner, _, tokens := openTable(t, base, req)
	return id, owner, tokens
}

// openTable is createTable that also returns the query of the table's
// link, "?invite=SECRET" for a private table (empty for a public one),
// with which its seats are joined.
func openTable(t *testing.T, base string, req table.CreateRequest) (id, owner, invite string, tokens []string) {
	t.Helper()
	if req.TimeControl == nil && !req.Private && !realTimeGames[req.Game] {
		req.TimeControl = patient
	}
	var c created
	if st, eb := do(t, base, "POST", "/api/tables", "", req, &c); st != http.StatusCreated {
		t.Fatalf("create table: status %d %+v; want 201", st, eb)
	}
	if _, q, ok := strings.Cut(c.Link, "?"); ok {
		invite = "?" + q
	}
	for i, s := range c.Table.Seats {
		if s.Kind != "person" {
			tokens = append(tokens, "")
			continue
		}
		var j joined
		if st, eb := do(t, base, "POST", "/api/tables/"+c.Table.ID+"/join"+invite, "", map[string]any{"name": fmt.Sprintf("P%d", i)}, &j); st != http.StatusOK {
			t.Fatalf("join: status %d %+v; want 200", st, eb)
		}
		tokens = append(tokens, j.Token)
	}
	return c.Table.ID, c.OwnerToken, invite, tokens
}

// frame is any server frame.
type frame struct {
	Type    string          `json:"type"`
	N       int64           `json:"n"`
	You     *game.Player    `json:"you"`
	Player  *game.Player    `json:"player"`
	Move    string          `json:"move"`
	Status  string          `json:"status"`
	Actors  []game.Player   `json:"actors"`
	Legal   []string        `json:"legal"`
	View    json.RawMessage `json:"view"`
	Result  *game.Result    `json:"result"`
	Table   *table.Info     `json:"table"`
	Seq     int64           `json:"seq"`
	Code    game.Code       `json:"code"`
	Message string          `json:"message"`
	// Chat frames and state frames; takeback frames; errors of chat and
	// takeback frames.
	Said     *table.ChatMessage  `json:"-"`
	Chat     []table.ChatMessage `json:"chat"`
	TakeBack *table.TakeBackInfo `json:"takeback"`
	Frame    string              `json:"frame"`
	Reason   string              `json:"reason"`

	raw  string
	from int // index of the client that received it
}

// client is a WebSocket client whose frames arrive on a channel.
type client struct {
	t      *testing.T
	idx    int
	c      *websocket.Conn
	frames chan frame
	closed chan error // the read error that ended the client
	seq    int64
}

func wsURL(base, id string) string {
	return "ws" + strings.TrimPrefix(base, "http") + "/ws/tables/" + id
}

// dial connects and says hello with token (none: spectator). Frames go to
// sink when it is not nil, else to the client's own channel.
func dial(t *testing.T, base, id, token string, idx int, sink chan frame) *client {
	t.Helper()
	return dialWith(t, base, id, map[string]any{"type": "hello", "token": token, "legal": true}, idx, sink)
}

// dialHello connects and says the given hello; frames go to the client's
// own channel.
func dialHello(t *testing.T, base, id string, hello map[string]any, idx int) *client {
	t.Helper()
	return dialWith(t, base, id, hello, idx, nil)
}

func dialWith(t *testing.T, base, id string, hello map[string]any, idx int, sink chan frame) *client {
	t.Helper()
	return dialClient(t, base, id, nil, hello, idx, sink)
}

// dialClient is dialWith with the options of the dial (nil: the defaults),
// such as a browser's HTTP client that carries its sign-in cookie.
func dialClient(t *testing.T, base, id string, opts *websocket.DialOptions, hello map[string]any, idx int, sink chan frame) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, wsURL(base, id), opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	c.SetReadLimit(1 << 20)
	cl := &client{t: t, idx: idx, c: c, frames: sink, closed: make(chan error, 1)}
	if sink == nil {
		cl.frames = make(chan frame, 1024)
	}
	go cl.read()
	t.Cleanup(func() { c.CloseNow() })
	cl.send(hello)
	return cl
}

func (cl *client) read() {
	for {
		_, b, err := cl.c.Read(context.Background())
		if err != nil {
			cl.closed <- err
			return
		}
		var f frame
		// A chat frame's message is an object, an error's a string.
		var chat struct {
			Type    string             `json:"type"`
			Message *table.ChatMessage `json:"message"`
		}
		if json.Unmarshal(b, &chat) == nil && chat.Type == "chat" {
			b2 := bytes.Replace(b, []byte(`"message":`), []byte(`"said":`), 1)
			if err := json.Unmarshal(b2, &f); err != nil {
				cl.t.Errorf("frame %s does not decode: %v", b, err)
			}
			f.Said = chat.Message
		} else if err := json.Unmarshal(b, &f); err != nil {
			cl.t.Errorf("frame %s does not decode: %v", b, err)
		}
		f.raw, f.from = string(b), cl.idx
		cl.frames <- f
	}
}

func (cl *client) send(v any) {
	cl.t.Helper()
	b, _ := json.Marshal(v)
	cl.sendRaw(string(b))
}

func (cl *client) sendRaw(s string) {
	cl.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := cl.c.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		cl.t.Fatalf("write %s: %v", s, err)
	}
}

// act sends move with the next sequence number and returns that number.
func (cl *client) act(move string) int64 {
	cl.t.Helper()
	cl.seq++
	cl.send(map[string]any{"type": "act", "seq": cl.seq, "move": move})
	return cl.seq
}

// next returns the next frame of one of the given types, skipping others.
func (cl *client) next(types ...string) frame {
	cl.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case f := <-cl.frames:
			for _, ty := range types {
				if f.Type == ty {
					return f
				}
			}
		case err := <-cl.closed:
			// Frames read before the close are queued already.
			for len(cl.frames) > 0 {
				f := <-cl.frames
				for _, ty := range types {
					if f.Type == ty {
						cl.closed <- err
						return f
					}
				}
			}
			cl.t.Fatalf("client %d: connection closed while waiting for %v: %v", cl.idx, types, err)
		case <-timeout:
			cl.t.Fatalf("client %d: no %v frame within 10 s", cl.idx, types)
		}
	}
}

// waitClosed waits until the server closes the connection and returns its
// close status.
func (cl *client) waitClosed() websocket.StatusCode {
	cl.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case <-cl.frames:
		case err := <-cl.closed:
			return websocket.CloseStatus(err)
		case <-timeout:
			cl.t.Fatalf("client %d: the connection was not closed within 10 s", cl.idx)
		}
	}
}

// playOut plays random legal moves for every client until each has seen
// the game finish, and returns every frame received in order.
func playOut(t *testing.T, clients []*client, sink chan frame, rng *game.Rand) []frame {
	t.Helper()
	var all []frame
	done := make([]bool, len(clients))
	acted := make([]int64, len(clients)) // the n at which each client last acted
	for i := range acted {
		acted[i] = -1
	}
	timeout := time.After(60 * time.Second)
	pending := 0 // actions sent and not yet acknowledged
	for remaining := len(clients); remaining > 0 || pending > 0; {
		select {
		case f := <-sink:
			all = append(all, f)
			cl := clients[f.from]
			switch f.Type {
			case "error":
				t.Fatalf("client %d got an error frame: %s", f.from, f.raw)
			case "ack":
				pending--
			case "state", "update", "table":
				if f.Status == "finished" && !done[f.from] {
					done[f.from] = true
					remaining--
				}
				if len(f.Legal) > 0 && acted[f.from] < f.N {
					acted[f.from] = f.N
					cl.act(f.Legal[rng.IntN(len(f.Legal))])
					pending++
				}
			}
		case <-timeout:
			t.Fatalf("the game did not finish within 60 s")
		}
	}
	return all
}
