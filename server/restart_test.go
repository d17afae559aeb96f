package server_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"minehall/account"
	"minehall/game"
	"minehall/internal/serveproc"
	"minehall/server"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// serveEnv names the database a re-executed test binary serves: the test
// binary doubles as the server process that TestKilledServerLosesNothing
// kills, so the test needs no separate build.
const serveEnv = "MINEHALL_TEST_SERVE_DB"

func TestMain(m *testing.M) {
	if path := os.Getenv(serveEnv); path != "" {
		if err := serveForTest(path); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// serveForTest wires a server as `minehall serve` does, on 127.0.0.1 with
// a free port that it prints, until SIGTERM: on the SQLite file path, or,
// for a postgres:// URL, as an instance of a cluster on that database.
func serveForTest(path string) error {
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	reg := registry()
	var hall *table.Hall
	var closeDB func() error
	var accounts store.Accounts
	var auth *server.PeerAuth // the cluster's, on PostgreSQL
	if strings.HasPrefix(path, "postgres://") {
		db, err := postgres.Open(ctx, path)
		if err != nil {
			return err
		}
		c, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: "http://" + ln.Addr().String(), Heartbeat: testHeartbeat, Expiry: testExpiry, Logger: log})
		if err != nil {
			return err
		}
		accounts = db
		auth, err = server.NewPeerAuth(testClusterSecret)
		if err != nil {
			return err
		}
		hall = table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Cluster: c,
			Remote:   server.NewForwarder(server.ForwarderConfig{Timeout: 5 * time.Second, Auth: auth, Logger: log}),
			Finished: account.NewRecorder(db, db, reg, log).TableFinished})
		err = c.Start(ctx, postgres.Handlers{Changed: hall.Changed, Missed: hall.Missed,
			TakeOver: func(id string) { hall.TakeOver(context.Background(), id) }})
		if err != nil {
			return err
		}
		closeDB = func() error { return errors.Join(c.Close(), db.Close()) }
	} else {
		db, err := sqlite.Open(ctx, path)
		if err != nil {
			return err
		}
		accounts = db
		hall = table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Finished: account.NewRecorder(db, db, reg, log).TableFinished})
		if _, err := hall.Restore(ctx); err != nil {
			return err
		}
		closeDB = db.Close
	}
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Accounts: accounts, PeerAuth: auth, PasswordCost: account.MinCost})
	return serveproc.Serve(ln, srv, func(ctx context.Context) error {
		return errors.Join(srv.Shutdown(ctx), func() error { hall.Close(); return closeDB() }())
	})
}

// startServer runs the test binary as a server on db and returns its base
// URL and process.
func startServer(t *testing.T, db string) (string, *exec.Cmd) {
	t.Helper()
	addr, cmd := serveproc.Start(t, serveEnv+"="+db)
	return "http://" + addr, cmd
}

func TestKilledServerLosesNothing(t *testing.T) {
	db := sqlitetest.Path(t)
	base, proc := startServer(t, db)
	id, _, tokens := createTable(t, base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	clients := []*client{dial(t, base, id, tokens[0], 0, nil), dial(t, base, id, tokens[1], 1, nil)}
	moves := []string{"d", "d", "c", "e", "c"}
	playAcknowledged(t, clients[0], clients[1], moves)
	// Kill -9 right after the last acknowledgement.
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	proc.Wait()

	base, proc = startServer(t, db)
	sink := make(chan frame, 1024)
	clients = []*client{dial(t, base, id, tokens[0], 0, sink), dial(t, base, id, tokens[1], 1, sink)}
	clients[0].seq, clients[1].seq = 3, 2
	var seen []frame
	for states := 0; states < 2; {
		f := <-sink
		if f.Type == "table" { // a seat's presence changed
			seen = append(seen, f)
			continue
		}
		states++
		if f.Type != "state" || f.N != int64(len(moves)) {
			t.Fatalf("client %d after restart: got %s; want the state at n=%d", f.from, f.raw, len(moves))
		}
		if f.from == 1 && len(f.Legal) == 0 {
			t.Errorf("seat 1 after restart: no legal moves; it is its turn")
		}
		seen = append(seen, f)
	}
	for _, f := range seen {
		sink <- f // let playOut see it and move
	}
	rng := game.NewRand(3)
	playOut(t, clients, sink, &rng)

	var rec game.Record
	if st, eb := do(t, base, "GET", "/api/tables/"+id+"/record", "", nil, &rec); st != 200 {
		t.Fatalf("record: %d %+v", st, eb)
	}
	if _, err := game.Verify(registry(), &rec); err != nil {
		t.Errorf("record after the kill does not verify: %v", err)
	}
	for i, m := range moves {
		if rec.Actions[i].Move != m {
			t.Errorf("recorded action %d: got %q; want the acknowledged %q", i+1, rec.Actions[i].Move, m)
		}
	}
	// A graceful stop exits cleanly and keeps the finished table.
	proc.Process.Signal(syscall.SIGTERM)
	if err := proc.Wait(); err != nil {
		t.Errorf("server after SIGTERM: %v; want exit status 0", err)
	}
	base, _ = startServer(t, db)
	var again game.Record
	do(t, base, "GET", "/api/tables/"+id+"/record", "", nil, &again)
	if again.Hash != rec.Hash {
		t.Errorf("record after a graceful restart: hash %s; want %s", again.Hash, rec.Hash)
	}
}

// TestClockRunsOutWhileKilled kills the server during a timed turn and
// keeps it down past the turn's deadline: once it is back, the seat is
// handed to a stand-in, as the deadline stored with the log says.
func TestClockRunsOutWhileKilled(t *testing.T) {
	db := sqlitetest.Path(t)
	base, proc := startServer(t, db)
	id, _, tokens := createTable(t, base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true,
		TimeControl: &store.TimeControl{MoveS: 2, BankS: 0}, StandIn: "random"})
	var info table.Info
	do(t, base, "GET", "/api/tables/"+id, "", nil, &info)
	deadline := info.Seats[0].Clock.Deadline
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("kill: %v", err)
	}
	proc.Wait()
	time.Sleep(time.Until(time.UnixMilli(deadline + 500)))

	base, _ = startServer(t, db)
	bo := dial(t, base, id, tokens[1], 1, nil) // Bo is here: the table goes on
	bo.next("state")
	for end := time.Now().Add(10 * time.Second); ; {
		do(t, base, "GET", "/api/tables/"+id, "", nil, &info)
		if s := info.Seats[0]; s.StandIn {
			if s.Absent != table.AbsentTimeout {
				t.Fatalf("Ann's seat: %+v; want stood in for a timeout", s)
			}
			break
		}
		if time.Now().After(end) {
			t.Fatalf("Ann's clock, due at %d, had not run out 10 s after the restart: %+v", deadline, info.Seats[0])
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The stand-in plays Ann's move: the move log marks it.
	for end := time.Now().Add(10 * time.Second); ; {
		w := dial(t, base, id, "", 2, nil)
		if f := w.next("state"); strings.Contains(f.raw, `{"n":1,"player":0,`) {
			if !strings.Contains(f.raw, `"stand_in":true}`) {
				t.Fatalf("history: %s; want the first move marked as the stand-in's", f.raw)
			}
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the stand-in did not play Ann's move within 10 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
