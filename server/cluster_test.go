package server_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
	"minehall/table"
)

// instance is one of several servers sharing one PostgreSQL database, as
// `minehall serve --db postgres://…` wires it, on 127.0.0.1.
type instance struct {
	base    string
	db      *postgres.DB
	cluster *postgres.Cluster
	hall    *table.Hall
	srv     *server.Server
	http    *http.Server
	gate    *pauseGate
	dead    bool
}

// pauseGate holds every request back while paused, as a process stopped
// by SIGSTOP answers none: its kernel takes the connections, nothing
// answers them.
type pauseGate struct {
	h      http.Handler
	mu     sync.Mutex
	paused chan struct{} // closed on resume; nil while running
	// mute serves API requests but never answers them, as a process
	// stopped right after its commit.
	mute bool
}

func (g *pauseGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	paused, mute := g.paused, g.mute
	g.mu.Unlock()
	if mute && strings.HasPrefix(r.URL.Path, "/api/") {
		// Served, and the answer never sent: the process stopped between.
		g.h.ServeHTTP(httptest.NewRecorder(), r)
		<-r.Context().Done()
		return
	}
	if paused != nil {
		select {
		case <-paused:
		case <-r.Context().Done():
			return
		}
	}
	g.h.ServeHTTP(w, r)
}

func (g *pauseGate) pause() {
	g.mu.Lock()
	g.paused = make(chan struct{})
	g.mu.Unlock()
}

func (g *pauseGate) resume() {
	g.mu.Lock()
	close(g.paused)
	g.paused = nil
	g.mu.Unlock()
}

// Lease timings of the test instances: a dead owner is replaced within
// about a second.
const (
	testHeartbeat = 100 * time.Millisecond
	testExpiry    = 800 * time.Millisecond
)

func newInstance(t *testing.T, url string) *instance {
	t.Helper()
	return newInstanceWith(t, url, testExpiry, 5*time.Second)
}

// newInstanceWith is newInstance with a lease of its own, and a forward
// timeout.
func newInstanceWith(t *testing.T, url string, lease, forward time.Duration) *instance {
	t.Helper()
	return newInstanceClocked(t, url, lease, forward, nil)
}

// newInstanceClocked is newInstanceWith whose tables run on clock (nil:
// the system's).
func newInstanceClocked(t *testing.T, url string, lease, forward time.Duration, clock table.Clock) *instance {
	t.Helper()
	return newInstanceConfigured(t, url, lease, forward, clock, nil)
}

// newInstanceConfigured is newInstanceClocked whose server configuration
// configure changes last (nil: none).
func newInstanceConfigured(t *testing.T, url string, lease, forward time.Duration, clock table.Clock, configure func(*server.Config)) *instance {
	t.Helper()
	ctx := context.Background()
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("postgres.Open: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	in := &instance{base: "http://" + ln.Addr().String(), db: db}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	in.cluster, err = postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: in.base, Heartbeat: testHeartbeat, Expiry: lease, Logger: log})
	if err != nil {
		t.Fatalf("NewCluster: %v", err)
	}
	reg := registry()
	auth := testPeerAuth(t)
	in.hall = table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Clock: clock, Cluster: in.cluster,
		Remote: server.NewForwarder(server.ForwarderConfig{Timeout: forward, Auth: auth, Logger: log})})
	err = in.cluster.Start(ctx, postgres.Handlers{
		Changed: in.hall.Changed,
		Missed:  in.hall.Missed,
		TakeOver: func(id string) {
			if err := in.hall.TakeOver(context.Background(), id); err != nil {
				t.Logf("take over %s: %v", id, err)
			}
		},
	})
	if err != nil {
		t.Fatalf("cluster.Start: %v", err)
	}
	cfg := server.Config{Registry: reg, Hall: in.hall, Logger: log, PeerAuth: auth, Peers: server.LocalNets, PasswordCost: account.MinCost}
	if configure != nil {
		configure(&cfg)
	}
	in.srv = server.New(cfg)
	in.gate = &pauseGate{h: in.srv}
	in.http = &http.Server{Handler: in.gate}
	go in.http.Serve(ln)
	t.Cleanup(func() {
		if in.dead {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		in.http.Shutdown(ctx)
		in.srv.Shutdown(ctx)
		in.hall.Close()
		in.cluster.Close()
		in.db.Close()
	})
	return in
}

// testClusterSecret is the cluster secret of the test instances.
var testClusterSecret = []byte("the test cluster's secret, 32+ bytes long")

// testPeerAuth returns an authenticator of the test instances' cluster,
// with its own replay cache, as each instance has.
func testPeerAuth(t *testing.T) *server.PeerAuth {
	t.Helper()
	auth, err := server.NewPeerAuth(testClusterSecret)
	if err != nil {
		t.Fatalf("NewPeerAuth: %v", err)
	}
	return auth
}

// kill stops the instance as a crash would: connections dropped, the
// lease left to expire, nothing handed over.
func (in *instance) kill() {
	in.dead = true
	in.cluster.Halt()
	in.http.Close()
	in.hall.Close()
	in.db.Close()
}

// TestTwoInstancesPlayTogether seats the players of one table on two
// instances: the second player joins and plays through the instance that
// does not run the table, and both see every update live.
func TestTwoInstancesPlayTogether(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	var c created
	if st, eb := do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, TimeControl: patient}, &c); st != http.StatusCreated {
		t.Fatalf("create on a: status %d %+v", st, eb)
	}
	id := c.Table.ID
	var j0, j1 joined
	if st, eb := do(t, a.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Ann"}, &j0); st != http.StatusOK {
		t.Fatalf("join on a: status %d %+v", st, eb)
	}
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Bo"}, &j1); st != http.StatusOK {
		t.Fatalf("join on b (forwarded): status %d %+v", st, eb)
	}
	var info table.Info
	do(t, b.base, "GET", "/api/tables/"+id, "", nil, &info)
	if info.Status != store.StatusPlaying || info.Seats[1].Name != "Bo" {
		t.Errorf("table on b after the joins: status %s, seat 1 %q; want playing and Bo", info.Status, info.Seats[1].Name)
	}
	sink := make(chan frame, 1024)
	clients := []*client{dial(t, a.base, id, j0.Token, 0, sink), dial(t, b.base, id, j1.Token, 1, sink)}
	watcher := dial(t, b.base, id, "", 2, nil)
	rng := game.NewRand(7)
	all := playOut(t, clients, sink, &rng)

	// Each client saw every action once, in order, wherever it is.
	last := []int64{-1, -1}
	for _, f := range all {
		switch f.Type {
		case "state":
			last[f.from] = f.N
		case "update":
			if f.N != last[f.from]+1 {
				t.Errorf("client %d: update n=%d after n=%d; want consecutive", f.from, f.N, last[f.from])
			}
			last[f.from] = f.N
		}
	}
	var rec game.Record
	if st, eb := do(t, b.base, "GET", "/api/tables/"+id+"/record", "", nil, &rec); st != http.StatusOK {
		t.Fatalf("record from b: %d %+v", st, eb)
	}
	if _, err := game.Verify(registry(), &rec); err != nil {
		t.Errorf("record does not verify: %v", err)
	}
	for i, n := range last {
		if n != int64(len(rec.Actions)) {
			t.Errorf("client %d saw %d actions; the record has %d", i, n, len(rec.Actions))
		}
	}
	for {
		f := watcher.next("state", "update")
		if f.Status == "finished" {
			if f.N != int64(len(rec.Actions)) {
				t.Errorf("spectator on b: finished at n=%d; want %d", f.N, len(rec.Actions))
			}
			break
		}
	}
}

// TestOwnerKilledOtherTakesOver kills the instance that runs a table in
// the middle of its game: the other takes the table over within the
// lease, the player who was on the dead instance reconnects to the other,
// and the game finishes with every acknowledged action in its record.
func TestOwnerKilledOtherTakesOver(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	id, _, tokens := createTable(t, a.base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	c0, c1 := dial(t, a.base, id, tokens[0], 0, nil), dial(t, b.base, id, tokens[1], 1, nil)
	moves := []string{"d", "d", "c", "e", "c"}
	playAcknowledged(t, c0, c1, moves)
	a.kill()
	c0.waitClosed()

	takeOverAndFinish(t, b.base, id, tokens, c0, c1, moves, 5)
}

// TestOwnerProcessKilled is TestOwnerKilledOtherTakesOver with the owner
// in a process of its own, killed with SIGKILL right after an
// acknowledgement.
func TestOwnerProcessKilled(t *testing.T) {
	url := pgtest.URL(t)
	aBase, proc := startServer(t, url)
	b := newInstance(t, url)
	id, _, tokens := createTable(t, aBase, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	c0, c1 := dial(t, aBase, id, tokens[0], 0, nil), dial(t, b.base, id, tokens[1], 1, nil)
	moves := []string{"d", "d", "c", "e", "c"}
	playAcknowledged(t, c0, c1, moves)
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	proc.Wait()
	c0.waitClosed()

	takeOverAndFinish(t, b.base, id, tokens, c0, c1, moves, 11)
}

// playAcknowledged plays moves by turns, c0 first, and fails the test
// unless each is acknowledged under its number.
func playAcknowledged(t *testing.T, c0, c1 *client, moves []string) {
	t.Helper()
	for i, m := range moves {
		cl := []*client{c0, c1}[i%2]
		cl.act(m)
		if f := cl.next("ack", "error"); f.Type != "ack" || f.N != int64(i+1) {
			t.Fatalf("move %d %s: got %s; want ack n=%d", i+1, m, f.raw, i+1)
		}
	}
}

// takeOverAndFinish goes on after the instance that ran table id (a game
// of Connect Four, where moves were acknowledged, c0 on the killed
// instance) was killed: seat 1 plays e through b (base) until b has taken
// the table over (its action refused with a conflict, changing nothing,
// until then), both seats then play the game out on b from seed, and the
// record verifies and holds every acknowledged action.
func takeOverAndFinish(t *testing.T, base, id string, tokens []string, c0, c1 *client, moves []string, seed uint64) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c1.act("e")
		f := c1.next("ack", "error")
		if f.Type == "ack" {
			if f.N != int64(len(moves)+1) {
				t.Fatalf("ack after the takeover: n=%d; want %d", f.N, len(moves)+1)
			}
			break
		}
		if f.Code != game.CodeConflict || time.Now().After(deadline) {
			t.Fatalf("action during the takeover: got %s; want a conflict until b runs the table", f.raw)
		}
		c1.seq-- // sent again with the same seq, as the refused one was not applied
		time.Sleep(100 * time.Millisecond)
	}
	sink := make(chan frame, 1024)
	clients := []*client{dial(t, base, id, tokens[0], 0, sink), dial(t, base, id, tokens[1], 1, sink)}
	clients[0].seq, clients[1].seq = c0.seq, c1.seq
	c1.c.CloseNow()
	rng := game.NewRand(seed)
	playOut(t, clients, sink, &rng)

	var rec game.Record
	if st, eb := do(t, base, "GET", "/api/tables/"+id+"/record", "", nil, &rec); st != http.StatusOK {
		t.Fatalf("record: %d %+v", st, eb)
	}
	if _, err := game.Verify(registry(), &rec); err != nil {
		t.Errorf("record after the kill does not verify: %v", err)
	}
	for i, m := range append(moves, "e") {
		if rec.Actions[i].Move != m {
			t.Errorf("recorded action %d: got %q; want the acknowledged %q", i+1, rec.Actions[i].Move, m)
		}
	}
}

// TestPresenceAcrossInstances connects Bo through the instance that does
// not run the table: the owner counts him as online (so his seat is not
// taken for an absent one), and leaving through that instance hands his
// seat to a stand-in on the owner.
func TestPresenceAcrossInstances(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	var c created
	do(t, a.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, StandIn: "random", TimeControl: patient}, &c)
	id := c.Table.ID
	var j0, j1 joined
	do(t, a.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Ann"}, &j0)
	do(t, b.base, "POST", "/api/tables/"+id+"/join", "", map[string]any{"name": "Bo"}, &j1)
	bo := dial(t, b.base, id, j1.Token, 1, nil)
	bo.next("state")
	waitFor := func(what string, ok func(table.Info) bool) {
		t.Helper()
		for end := time.Now().Add(10 * time.Second); ; {
			var info table.Info
			do(t, a.base, "GET", "/api/tables/"+id, "", nil, &info)
			if ok(info) {
				return
			}
			if time.Now().After(end) {
				t.Fatalf("%s: not within 10 s; the owner shows %+v", what, info.Seats)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitFor("Bo online on the owner", func(in table.Info) bool { return in.Seats[1].Presence == table.PresenceOnline })
	bo.send(map[string]any{"type": "presence", "state": "away"})
	waitFor("Bo away on the owner", func(in table.Info) bool { return in.Seats[1].Presence == table.PresenceAway })
	bo.send(map[string]any{"type": "leave"})
	if f := bo.next("left", "error"); f.Type != "left" {
		t.Fatalf("leave through b: %s", f.raw)
	}
	waitFor("Bo's stand-in on the owner", func(in table.Info) bool { return in.Seats[1].StandIn && in.Seats[1].Absent == table.AbsentLeft })
	// Only instances report presence.
	if st, eb := do(t, a.base, "POST", "/api/tables/"+id+"/presence", "", map[string]any{"from": "x", "seats": []string{"online", "online"}}, nil); st != http.StatusUnauthorized {
		t.Errorf("a presence report from a client: %d %+v; want 401", st, eb)
	}
}

// TestPausedOwnerDoesNotStallForwarding: the instance that runs a table
// stops answering requests while it keeps renewing its lease (a process
// paused by SIGSTOP stops renewing too: cmd/minehall's
// TestPausedOwnerTakenOverWithinTheBound). An action sent through the
// other instance is asked of the owner a second time, since its renewed
// lease says it is alive, and then refused with conflict, not held up
// longer; sent again with the same seq once the owner answers again, it is
// played.
func TestPausedOwnerDoesNotStallForwarding(t *testing.T) {
	url := pgtest.URL(t)
	const lease = 4 * time.Second
	timeout := server.ForwardTimeout(lease)
	a, b := newInstanceWith(t, url, lease, timeout), newInstanceWith(t, url, lease, timeout)
	id, _, tokens := createTable(t, a.base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ann, bo := dial(t, a.base, id, tokens[0], 0, nil), dial(t, b.base, id, tokens[1], 1, nil)
	ann.next("state")
	bo.next("state")
	ann.act("d")
	ann.next("ack")
	bo.next("update")
	a.gate.pause()
	start := time.Now()
	bo.act("d")
	f := bo.next("ack", "error")
	elapsed := time.Since(start)
	if f.Type != "error" || f.Code != game.CodeConflict || !strings.Contains(f.Message, "did not answer") {
		t.Fatalf("action while its owner is paused: got %s; want a conflict saying the owner did not answer", f.raw)
	}
	if elapsed < 2*timeout || elapsed >= 2*lease {
		t.Errorf("the paused owner held the action up %v; want twice the forward timeout %v, less than twice the lease %v", elapsed, timeout, lease)
	}
	// The owner may yet play the request it held when it wakes up, as a
	// paused process would: then the action sent again is "received
	// already"; either way it is played once.
	a.gate.resume()
	bo.seq--
	bo.act("d")
	f = bo.next("ack", "error")
	if f.Type == "error" && (f.Code != game.CodeConflict || !strings.Contains(f.Message, "received already")) || f.Type == "ack" && f.N != 2 {
		t.Errorf("the same action once the owner answers: got %s; want ack n=2, or received already", f.raw)
	}
	var info table.Info
	time.Sleep(200 * time.Millisecond)
	do(t, a.base, "GET", "/api/tables/"+id, "", nil, &info)
	if info.Status != "playing" {
		t.Fatalf("table after the pause: %+v", info)
	}
	ann.act("c")
	if f := ann.next("ack", "error"); f.Type != "ack" || f.N != 3 {
		t.Errorf("Ann's next action: got %s; want ack n=3, Bo's action played once", f.raw)
	}
}

// TestChatAcrossInstances puts Ann on the instance that runs a table, and
// Bo and a named spectator on the other: every message reaches everyone
// live wherever it was said, the owner counts the spectator, and when the
// owner is killed the instance that takes the table over has the whole
// chat and goes on numbering it.
func TestChatAcrossInstances(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	id, owner, toks := createTable(t, a.base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ann := dial(t, a.base, id, toks[0], 0, nil)
	ann.next("state")
	bo := dial(t, b.base, id, toks[1], 1, nil)
	bo.next("state")
	var info table.Info
	if st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/chat/settings", owner, map[string]any{"spectators": true}, &info); st != http.StatusOK || !info.Chat.Spectators {
		t.Fatalf("owner allows spectators through b: %d %+v %+v", st, eb, info.Chat)
	}
	cy := dialNamed(t, b.base, id, "Cy", 2)
	cy.next("state")

	ann.send(map[string]any{"type": "chat", "text": "hi from a"})
	bo.send(map[string]any{"type": "chat", "text": "hi from b"})
	cy.send(map[string]any{"type": "chat", "phrase": "good_luck"})
	want := map[string]bool{"hi from a": true, "hi from b": true, "good_luck": true}
	for _, cl := range []*client{ann, bo, cy} {
		seen := map[string]bool{}
		for len(seen) < 3 {
			m := cl.nextChat()
			seen[m.Text+m.Phrase] = true
			if m.Phrase == "good_luck" && (m.Seat != game.Spectator || m.Name != "Cy") {
				t.Errorf("client %d: Cy's message %+v", cl.idx, m)
			}
		}
		for k := range want {
			if !seen[k] {
				t.Errorf("client %d did not see %q", cl.idx, k)
			}
		}
	}
	for end := time.Now().Add(10 * time.Second); ; {
		do(t, a.base, "GET", "/api/tables/"+id, "", nil, &info)
		if s := info.Spectators; s != nil && s.Count == 1 && len(s.Names) == 1 && s.Names[0] == "Cy" {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the owner does not list Cy, who watches on b: %+v", info.Spectators)
		}
		time.Sleep(50 * time.Millisecond)
	}
	ann.act("d")
	ann.next("ack")

	a.kill()
	ann.waitClosed()
	// b takes the table over; a client who comes back finds the chat.
	deadline := time.Now().Add(20 * time.Second)
	for {
		var m table.ChatMessage
		st, eb := do(t, b.base, "POST", "/api/tables/"+id+"/chat", toks[0], map[string]any{"text": "back on b"}, &m)
		if st == http.StatusOK {
			if m.ID != 4 || m.After != 1 {
				t.Errorf("Ann's message after the takeover: %+v; want number 4 after action 1", m)
			}
			break
		}
		if eb.Code != game.CodeConflict || time.Now().After(deadline) {
			t.Fatalf("chat during the takeover: %d %+v; want a conflict until b runs the table", st, eb)
		}
		time.Sleep(100 * time.Millisecond)
	}
	again := dial(t, b.base, id, toks[0], 0, nil)
	st := again.next("state")
	// The first three were sent at once, in any order.
	if len(st.Chat) != 4 || !want[st.Chat[0].Text+st.Chat[0].Phrase] || st.Chat[3].Text != "back on b" {
		t.Errorf("state on b after the takeover: chat %+v; want the 4 messages", st.Chat)
	}
}

// TestTakeBackAcrossInstances: Ann, on the instance that runs the table,
// asks for a take-back across turns; Bo, on the other, agrees: both are
// told and get the whole state at the point the table went back to, the
// game goes on from there, and its record replays.
func TestTakeBackAcrossInstances(t *testing.T) {
	url := pgtest.URL(t)
	a, b := newInstance(t, url), newInstance(t, url)
	// Only an untimed table takes back across turns, and only a private
	// table may be untimed.
	id, _, invite, toks := openTable(t, a.base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true, Private: true})
	ann := dial(t, a.base, id, toks[0], 0, nil)
	ann.next("state")
	bo := dial(t, b.base, id, toks[1], 1, nil)
	bo.next("state")
	ann.act("d")
	ann.next("ack")
	bo.act("c")
	bo.next("ack")
	ann.act("d")
	ann.next("ack")
	bo.send(map[string]any{"type": "takeback"}) // Bo's "c" and Ann's second "d"
	if f := ann.next("takeback"); f.TakeBack.Status != table.TakeBackAsked || f.TakeBack.Seat != 1 || f.TakeBack.To != 1 {
		t.Fatalf("Ann is asked: %s", f.raw)
	}
	ann.send(map[string]any{"type": "takeback", "answer": "agree"})
	for _, cl := range []*client{ann, bo} {
		for f := cl.next("takeback"); f.TakeBack.Status != table.TakeBackDone; f = cl.next("takeback") {
		}
		if st := cl.next("state"); st.N != 1 || len(st.Actors) != 1 || st.Actors[0] != 1 {
			t.Errorf("client %d after the take-back: n=%d actors %v; want n=1, Bo to move", cl.idx, st.N, st.Actors)
		}
	}
	// Bo plays on from b with his next seq (the one taken back stays used).
	bo.act("e")
	if f := bo.next("ack", "error"); f.Type != "ack" || f.N != 2 {
		t.Fatalf("Bo's move after the take-back: %s; want ack n=2", f.raw)
	}
	if f := ann.next("update"); f.N != 2 || f.Move != "e" {
		t.Errorf("Ann's update: %s; want Bo's e as action 2", f.raw)
	}
	sink := make(chan frame, 1024)
	clients := []*client{dial(t, a.base, id, toks[0], 0, sink), dial(t, b.base, id, toks[1], 1, sink)}
	clients[0].seq, clients[1].seq = ann.seq, bo.seq
	rng := game.NewRand(3)
	playOut(t, clients, sink, &rng)
	var rec game.Record
	if st, eb := do(t, b.base, "GET", "/api/tables/"+id+"/record"+invite, "", nil, &rec); st != http.StatusOK {
		t.Fatalf("record: %d %+v", st, eb)
	}
	if _, err := game.Verify(registry(), &rec); err != nil {
		t.Errorf("record after a take-back across instances: %v", err)
	}
	if rec.Actions[0].Move != "d" || rec.Actions[1].Move != "e" {
		t.Errorf("record starts %+v; want d, then Bo's e", rec.Actions[:2])
	}
}

// TestSilentOwnerStoredTheAction: the owner of a table stores an action
// forwarded to it and stops before it answers (its lease no longer
// renewed). The forwarding instance waits for the lease to run out, takes
// the table over and answers the player with the action as stored, not a
// refusal, and the action is played once.
func TestSilentOwnerStoredTheAction(t *testing.T) {
	url := pgtest.URL(t)
	const forward = 300 * time.Millisecond
	a, b := newInstanceWith(t, url, testExpiry, forward), newInstanceWith(t, url, testExpiry, forward)
	id, _, tokens := createTable(t, a.base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	ann, bo := dial(t, a.base, id, tokens[0], 0, nil), dial(t, b.base, id, tokens[1], 1, nil)
	ann.next("state")
	bo.next("state")
	ann.act("d")
	ann.next("ack")
	a.gate.mu.Lock()
	a.gate.mute = true
	a.gate.mu.Unlock()
	a.cluster.Halt()
	bo.act("c")
	if f := bo.next("ack", "error"); f.Type != "ack" || f.N != 2 {
		t.Fatalf("Bo's action, stored by the owner that then stopped: got %s; want ack n=2", f.raw)
	}
	acts, err := b.db.Actions(context.Background(), id)
	if err != nil {
		t.Fatalf("Actions: %v", err)
	}
	if len(acts) != 2 || acts[1].Move != "c" {
		t.Errorf("stored actions %+v; want d then c, once", acts)
	}
}
