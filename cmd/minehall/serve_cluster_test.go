package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/server"
	"minehall/store/postgres/pgtest"
)

// This file runs `minehall serve` instances of one cluster as processes of
// their own, on the PostgreSQL that MINEHALL_TEST_POSTGRES names, and
// plays tables through them while one is paused (SIGSTOP) or replaced
// (SIGTERM, then a new process): what the players see is measured, and
// every acknowledged action must be in the store.

// stallBound is the longest a table may wait for an acknowledgement when
// its owner stops answering or is replaced, as docs/deploy.md promises
// with the default lease; the tests log the figure and fail only above
// looseStallBound, which the race detector on a loaded machine cannot
// reach, since timed assertions would flake (docs/benchmarks.md records
// the figure measured without it).
const (
	stallBound      = 2500 * time.Millisecond
	looseStallBound = 6 * time.Second
)

// clusterServeArgs is the command line of an instance of a cluster on db,
// with the default lease and heartbeat: the one place that names the
// flags every clustered instance needs.
func clusterServeArgs(t *testing.T, db string) []string {
	return []string{"--addr", "127.0.0.1:0", "--db", db, "--cluster-secret-file", clusterSecretFile(t),
		"--limit-requests", "0", "--limit-creates", "0", "--limit-joins", "0", "--limit-connections", "0", "--limit-tables", "0"}
}

// clusterSecrets holds the cluster secret file of each test, which every
// instance it starts shares.
var clusterSecrets sync.Map // *testing.T → string

// clusterSecretFile returns the path of t's cluster secret, writing it on
// the first call; it is removed when t ends.
func clusterSecretFile(t *testing.T) string {
	t.Helper()
	if p, ok := clusterSecrets.Load(t); ok {
		return p.(string)
	}
	p := filepath.Join(t.TempDir(), "cluster-secret")
	if err := os.WriteFile(p, []byte("the clustered instances' test secret, 32+ bytes"), 0o600); err != nil {
		t.Fatalf("write the cluster secret: %v", err)
	}
	clusterSecrets.Store(t, p)
	t.Cleanup(func() { clusterSecrets.Delete(t) })
	return p
}

// startInstance starts an instance of the cluster on db; it is stopped
// (SIGCONT, then SIGTERM) when the test ends.
func startInstance(t *testing.T, db string) *serveProc {
	t.Helper()
	return startServeProc(t, clusterServeArgs(t, db)...)
}

// stop stops the instance with SIGTERM and waits for it to exit.
func (p *serveProc) stop(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatalf("SIGTERM: %v", err)
	}
	select {
	case <-p.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("the instance at %s did not stop within 30 s of SIGTERM", p.base)
	}
}

func (p *serveProc) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal %v: %v", sig, err)
	}
}

// drawnLine is a whole game of Connect Four that ends in a draw (42
// moves), found by seeded random games in which neither side completes a
// row while it can help it: every table plays it, so that no table ends
// early.
func drawnLine(t *testing.T) []string {
	t.Helper()
	g := gametest.ConnectFour()
	rng := game.NewRand(3)
	for range 10000 {
		s, err := g.New(game.Config{Players: 2})
		if err != nil {
			t.Fatal(err)
		}
		var line []string
		for !s.Terminal() {
			p := s.Actors(nil)[0]
			var quiet []game.Action
			for _, a := range s.Legal(p, nil) {
				c := s.Clone()
				c.Apply(p, a)
				if !c.Terminal() || c.Returns(nil)[0] == c.Returns(nil)[1] {
					quiet = append(quiet, a)
				}
			}
			if len(quiet) == 0 {
				break
			}
			a := quiet[rng.IntN(len(quiet))]
			line = append(line, s.ActionString(p, a))
			s.Apply(p, a)
		}
		if r := s.Returns(nil); s.Terminal() && r[0] == r[1] {
			return line
		}
	}
	t.Fatal("no drawn game of Connect Four found")
	return nil
}

// balancer is the load balancer in front of the instances: it sends each
// connection to an instance in service, as a health check would.
type balancer struct {
	mu    sync.Mutex
	bases []string
}

func (b *balancer) set(bases ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.bases = bases
}

func (b *balancer) pick(i int) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.bases[i%len(b.bases)]
}

// wsFrame is what the tests read of the server's frames.
type wsFrame struct {
	Type    string `json:"type"`
	N       int64  `json:"n"`
	Seq     int64  `json:"seq"`
	Status  string `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// seatConn is one seat's WebSocket.
type seatConn struct {
	c      *websocket.Conn
	frames chan wsFrame
	closed chan struct{}
}

func dialSeat(ctx context.Context, base, id, token string) (*seatConn, wsFrame, error) {
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/tables/"+id, nil)
	if err != nil {
		return nil, wsFrame{}, err
	}
	c.SetReadLimit(1 << 20)
	sc := &seatConn{c: c, frames: make(chan wsFrame, 4096), closed: make(chan struct{})}
	go func() {
		defer close(sc.closed)
		for {
			_, data, err := c.Read(context.Background())
			if err != nil {
				return
			}
			var f wsFrame
			if json.Unmarshal(data, &f) == nil {
				select {
				case sc.frames <- f:
				default:
				}
			}
		}
	}()
	hello, _ := json.Marshal(map[string]any{"type": "hello", "token": token})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		c.CloseNow()
		return nil, wsFrame{}, err
	}
	for {
		select {
		case f := <-sc.frames:
			if f.Type == "state" {
				return sc, f, nil
			}
			if f.Type == "error" {
				c.CloseNow()
				return nil, wsFrame{}, fmt.Errorf("hello refused: %s %s", f.Code, f.Message)
			}
		case <-sc.closed:
			return nil, wsFrame{}, fmt.Errorf("closed before the state")
		case <-ctx.Done():
			c.CloseNow()
			return nil, wsFrame{}, ctx.Err()
		}
	}
}

// player plays both seats of one table through the balancer as the web
// client does: an action not acknowledged when its connection closes is
// sent again, with the same seq, after reconnecting, unless the state
// shows it applied; a refused one is sent again.
type player struct {
	idx    int
	lb     *balancer
	id     string
	tokens [2]string
	line   []string
	pace   time.Duration

	conns [2]*seatConn
	seq   [2]int64
	// acked counts the actions acknowledged (or shown applied); stalls
	// holds, for each, the time from its first sending to then.
	acked   int
	stalls  []time.Duration
	sentAt  []time.Time
	refused []string
}

// connect (re)connects seat through the balancer and returns its state.
func (p *player) connect(seat int) (wsFrame, error) {
	if c := p.conns[seat]; c != nil {
		c.c.CloseNow()
	}
	var err error
	for try := 0; try < 100; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var c *seatConn
		var st wsFrame
		c, st, err = dialSeat(ctx, p.lb.pick(p.idx+try), p.id, p.tokens[seat])
		cancel()
		if err == nil {
			p.conns[seat] = c
			return st, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return wsFrame{}, err
}

func (p *player) send(seat int, seq int64, move string) {
	b, _ := json.Marshal(map[string]any{"type": "act", "seq": seq, "move": move})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	p.conns[seat].c.Write(ctx, websocket.MessageText, b) // a closed connection shows in closed
}

// play plays the line to its end.
func (p *player) play() error {
	for seat := range 2 {
		st, err := p.connect(seat)
		if err != nil {
			return err
		}
		p.seq[seat] = st.Seq
	}
	for p.acked < len(p.line) {
		seat := p.acked % 2
		move, seq := p.line[p.acked], p.seq[seat]+1
		start := time.Now()
		p.sentAt = append(p.sentAt, start)
		p.send(seat, seq, move)
		deadline := time.After(30 * time.Second)
		for applied := false; !applied; {
			c := p.conns[seat]
			select {
			case f := <-c.frames:
				switch {
				case f.Type == "ack" && f.Seq == seq:
					applied = true
				case f.Type == "error" && f.Seq == seq:
					p.refused = append(p.refused, fmt.Sprintf("action %d (%s): %s %s", p.acked+1, move, f.Code, f.Message))
					time.Sleep(50 * time.Millisecond)
					b, _ := json.Marshal(map[string]any{"type": "sync"})
					c.c.Write(context.Background(), websocket.MessageText, b)
				case f.Type == "state":
					if f.Seq >= seq {
						applied = true
					} else {
						p.send(seat, seq, move)
					}
				}
			case <-c.closed:
				st, err := p.connect(seat)
				if err != nil {
					return fmt.Errorf("table %s: reconnect: %v", p.id, err)
				}
				if st.Seq >= seq {
					applied = true
				} else {
					p.send(seat, seq, move)
				}
			case <-deadline:
				return fmt.Errorf("table %s: action %d (%s) not acknowledged within 30 s", p.id, p.acked+1, move)
			}
		}
		p.stalls = append(p.stalls, time.Since(start))
		p.seq[seat] = seq
		p.acked++
		// The other seat's connection may have closed meanwhile.
		if other := p.conns[1-seat]; other != nil {
			select {
			case <-other.closed:
				if _, err := p.connect(1 - seat); err != nil {
					return fmt.Errorf("table %s: reconnect: %v", p.id, err)
				}
			default:
			}
		}
		time.Sleep(p.pace)
	}
	for _, c := range p.conns {
		c.c.Close(websocket.StatusNormalClosure, "")
	}
	return nil
}

// worst returns the longest wait for an acknowledgement and when that
// action was first sent.
func (p *player) worst() (time.Duration, time.Time) {
	var w time.Duration
	var at time.Time
	for i, s := range p.stalls {
		if s > w {
			w, at = s, p.sentAt[i]
		}
	}
	return w, at
}

// createTables creates n private tables of Connect Four on base, both
// seats taken at once, and returns their ids and seat tokens.
func createTables(t *testing.T, base string, n int) ([]string, [][2]string) {
	t.Helper()
	var ids []string
	var tokens [][2]string
	for range n {
		body, _ := json.Marshal(map[string]any{"game": "connectfour", "players": 2, "autostart": true, "private": true,
			"seats": []map[string]any{{"kind": "person", "here": true, "name": "Ann"}, {"kind": "person", "here": true, "name": "Bo"}}})
		resp, err := http.Post(base+"/api/tables", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatalf("create a table: %v", err)
		}
		var out struct {
			Table struct {
				ID string `json:"id"`
			} `json:"table"`
			Here []struct {
				Seat  int    `json:"seat"`
				Token string `json:"token"`
			} `json:"here"`
		}
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusCreated || len(out.Here) != 2 {
			t.Fatalf("create a table: status %d, %+v, %v", resp.StatusCode, out, err)
		}
		var tok [2]string
		for _, h := range out.Here {
			tok[h.Seat] = h.Token
		}
		ids, tokens = append(ids, out.Table.ID), append(tokens, tok)
	}
	return ids, tokens
}

// playAll plays every table's line through the balancer, pace between a
// table's actions, and returns the players once all are done; run is
// called meanwhile, with the start time.
func playAll(t *testing.T, lb *balancer, ids []string, tokens [][2]string, line []string, pace time.Duration, run func(start time.Time)) []*player {
	t.Helper()
	players := make([]*player, len(ids))
	errs := make(chan error, len(ids))
	start := time.Now()
	for i := range ids {
		players[i] = &player{idx: i, lb: lb, id: ids[i], tokens: tokens[i], line: line, pace: pace}
		go func() { errs <- players[i].play() }()
	}
	run(start)
	for range ids {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	return players
}

// checkStored fails unless every table's log in the database is the line,
// every action acknowledged, and the table finished; it returns the
// instance URL that owns each table.
func checkStored(t *testing.T, db string, players []*player) map[string]string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	owners := map[string]string{}
	for _, p := range players {
		rows, err := conn.Query(ctx, `SELECT move FROM actions WHERE table_id = $1 ORDER BY n`, p.id)
		if err != nil {
			t.Fatalf("read actions: %v", err)
		}
		moves, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatalf("read actions: %v", err)
		}
		if p.acked != len(p.line) || strings.Join(moves, "") != strings.Join(p.line, "") {
			t.Errorf("table %s: %d actions acknowledged, stored %q; want all %d of %q", p.id, p.acked, strings.Join(moves, ""), len(p.line), strings.Join(p.line, ""))
		}
		var status, url string
		err = conn.QueryRow(ctx, `SELECT t.status, COALESCE(i.url, '') FROM tables t LEFT JOIN instances i ON i.id = t.owner WHERE t.id = $1`, p.id).Scan(&status, &url)
		if err != nil {
			t.Fatalf("read table: %v", err)
		}
		if status != "finished" {
			t.Errorf("table %s: status %s; want finished", p.id, status)
		}
		owners[p.id] = url
	}
	return owners
}

// TestPausedOwnerTakenOverWithinTheBound plays tables that instance A
// runs through instance B, and pauses A with SIGSTOP for longer than the
// lease: B takes the tables over and answers its players within the
// bound, every acknowledged action is stored once, and A, resumed, writes
// nothing: its lease ran out, so it drops the tables (and the database
// would refuse its writes).
func TestPausedOwnerTakenOverWithinTheBound(t *testing.T) {
	db := pgtest.URL(t)
	a, b := startInstance(t, db), startInstance(t, db)
	ids, tokens := createTables(t, a.base, 4)
	lb := &balancer{}
	lb.set(b.base)
	line := drawnLine(t)
	const pause = 4 * time.Second
	var pausedAt time.Time
	players := playAll(t, lb, ids, tokens, line, 150*time.Millisecond, func(start time.Time) {
		time.Sleep(time.Second)
		a.signal(t, syscall.SIGSTOP)
		pausedAt = time.Now()
		time.Sleep(pause)
		a.signal(t, syscall.SIGCONT)
	})
	var worst time.Duration
	for _, p := range players {
		w, at := p.worst()
		t.Logf("table %s: longest wait for an acknowledgement %v (sent %v after the pause began); refusals: %q", p.id, w.Round(time.Millisecond), at.Sub(pausedAt).Round(time.Millisecond), p.refused)
		worst = max(worst, w)
		if len(p.refused) > 0 {
			t.Errorf("table %s: actions refused while the owner was paused: %q; want each acknowledged once the table is taken over", p.id, p.refused)
		}
		// What a player waited for counts from the pause's start when
		// the action was sent before it.
		for i, s := range p.stalls {
			if end := p.sentAt[i].Add(s); p.sentAt[i].Before(pausedAt) && end.After(pausedAt) {
				worst = max(worst, end.Sub(pausedAt))
			}
		}
	}
	t.Logf("SIGSTOP for %v: the longest a table waited for an acknowledgement: %v (promised: %v)", pause, worst.Round(time.Millisecond), stallBound)
	if worst > looseStallBound {
		t.Errorf("a table waited %v for an acknowledgement while its owner was paused; want within %v", worst, stallBound)
	}
	for id, url := range checkStored(t, db, players) {
		if url != b.base {
			t.Errorf("table %s is owned by %q; want %s, which took it over", id, url, b.base)
		}
	}
	// A, resumed, found its lease run out and dropped the tables.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(a.log.String(), "lease ran out") {
		if time.Now().After(deadline) {
			t.Fatalf("A did not say its lease ran out within 10 s of SIGCONT; its log:\n%s", a.log)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestRollingUpgrade replaces both instances of a cluster, one after the
// other, while their tables are played, as docs/deploy.md describes: the
// instance is taken out of the load balancer, stopped with SIGTERM, and a
// new one started in its place. Players connected to the stopped instance
// reconnect to another; no table waits longer than the bound for an
// acknowledgement, and every acknowledged action is stored once.
func TestRollingUpgrade(t *testing.T) {
	db := pgtest.URL(t)
	a, b := startInstance(t, db), startInstance(t, db)
	idsA, tokA := createTables(t, a.base, 3)
	idsB, tokB := createTables(t, b.base, 3)
	ids, tokens := append(idsA, idsB...), append(tokA, tokB...)
	lb := &balancer{}
	lb.set(a.base, b.base)
	line := drawnLine(t)
	var a2, b2 *serveProc
	players := playAll(t, lb, ids, tokens, line, 200*time.Millisecond, func(time.Time) {
		time.Sleep(time.Second)
		lb.set(b.base)
		a.stop(t)
		a2 = startInstance(t, db)
		lb.set(a2.base, b.base)
		time.Sleep(time.Second)
		lb.set(a2.base)
		b.stop(t)
		b2 = startInstance(t, db)
		lb.set(a2.base, b2.base)
	})
	var worst time.Duration
	for _, p := range players {
		w, _ := p.worst()
		worst = max(worst, w)
		if len(p.refused) > 0 {
			t.Logf("table %s: refusals during the upgrade: %q", p.id, p.refused)
		}
	}
	t.Logf("rolling upgrade of two instances: the longest a table waited for an acknowledgement: %v (promised: %v)", worst.Round(time.Millisecond), stallBound)
	if worst > looseStallBound {
		t.Errorf("a table waited %v for an acknowledgement during the upgrade; want within %v", worst, stallBound)
	}
	for id, url := range checkStored(t, db, players) {
		if url == a.base || url == b.base {
			t.Errorf("table %s is still owned by the stopped instance at %s", id, url)
		}
	}
}

// TestServeLeaseDefaultsMeetTheBound: with the default --lease and
// --heartbeat, a player whose table's owner stops answering is answered
// within the lease and the forward timeout, which must be within the
// bound docs/deploy.md promises, and the lease outlasts three heartbeats,
// so that one late renewal does not hand the tables over.
func TestServeLeaseDefaultsMeetTheBound(t *testing.T) {
	f := newServeCmd(testRegistry()).Flags()
	lease, err := f.GetDuration("lease")
	if err != nil {
		t.Fatal(err)
	}
	heartbeat, err := f.GetDuration("heartbeat")
	if err != nil {
		t.Fatal(err)
	}
	if got := lease + server.ForwardTimeout(lease); got > stallBound {
		t.Errorf("--lease %v with its forward timeout answers within %v; want at most %v", lease, got, stallBound)
	}
	if lease < 3*heartbeat {
		t.Errorf("--lease %v is shorter than three --heartbeat %v", lease, heartbeat)
	}
}
