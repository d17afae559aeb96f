// Command loadtest starts Minehall servers on 127.0.0.1, plays many
// concurrent tables of client bots against them over WebSocket, and prints
// actions per second, latency percentiles and memory per table for each
// setup, followed by the echo rate of the same client against a bare
// coder/websocket echo server. A setup is one instance on a temporary
// SQLite file (the default) or several instances sharing a temporary
// schema of a PostgreSQL database, whose players are spread over the
// instances; several setups are measured one after the other in one run:
//
//	go run ./server/loadtest/cmd/loadtest -tables 1000 -duration 20s
//	go run ./server/loadtest/cmd/loadtest -db sqlite -db postgres://127.0.0.1:5433/postgres -instances 2
package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/server"
	"minehall/server/loadtest"
	"minehall/store/postgres"
	"minehall/store/sqlite"
	"minehall/table"
)

func main() {
	tables := flag.Int("tables", 1000, "concurrent tables")
	gameID := flag.String("game", "connectfour", "game: connectfour, goofspiel or highcard (the test games)")
	players := flag.Int("players", 2, "players per table")
	warmup := flag.Duration("warmup", 5*time.Second, "play before measuring")
	duration := flag.Duration("duration", 20*time.Second, "measurement length")
	think := flag.Duration("think", 0, "mean pause of a client bot before each move (0: as fast as it can)")
	echoDur := flag.Duration("echo", 0, "length of the echo measurement (0: as long as -duration)")
	var dbs []string
	flag.Func("db", "database of a setup to measure, repeatable, measured in order: sqlite (one instance on a temporary file; the default) or postgres://… (-instances instances sharing a temporary schema)", func(v string) error {
		if v != "sqlite" && !strings.HasPrefix(v, "postgres://") && !strings.HasPrefix(v, "postgresql://") {
			return fmt.Errorf("%q is neither sqlite nor postgres://…", v)
		}
		dbs = append(dbs, v)
		return nil
	})
	instances := flag.Int("instances", 2, "instances sharing a PostgreSQL database")
	prof := profiles{}
	flag.StringVar(&prof.cpu, "cpuprofile", "", "write a CPU profile of the measurement to this file")
	flag.StringVar(&prof.block, "blockprofile", "", "write a block profile of the measurement to this file")
	flag.StringVar(&prof.mutex, "mutexprofile", "", "write a mutex profile of the measurement to this file")
	flag.StringVar(&prof.allocs, "memprofile", "", "write an allocation profile (since the start) to this file")
	flag.StringVar(&prof.trace, "trace", "", "write an execution trace of the measurement to this file")
	flag.BoolVar(&prof.logErrors, "log", false, "print the server's warnings and errors on stderr")
	limits := flag.Bool("limits", true, "run the servers with per-address limits on, raised so that the load from this one address is never refused (loadtest.Limits); false runs them with none")
	flag.Parse()
	if *echoDur == 0 {
		*echoDur = *duration
	}
	if len(dbs) == 0 {
		dbs = []string{"sqlite"}
	}
	if *instances < 1 {
		fmt.Fprintln(os.Stderr, "loadtest: -instances must be at least 1")
		os.Exit(2)
	}
	var lim server.Limits // none
	if *limits {
		lim = loadtest.Limits(*tables, *players)
	}
	if err := run(dbs, *instances, *tables, *gameID, *players, *warmup, *duration, *echoDur, *think, lim, prof); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// servers is a running setup: the base URLs of its instances and how to
// stop them.
type servers struct {
	desc string
	urls []string
	stop []func()
}

func (s *servers) close() {
	for i := len(s.stop) - 1; i >= 0; i-- {
		s.stop[i]()
	}
}

func newRegistry() *game.Registry {
	reg := &game.Registry{}
	reg.Register(gametest.ConnectFour())
	reg.Register(gametest.Goofspiel())
	reg.Register(gametest.HighCard())
	return reg
}

// serve runs srv on a plain http.Server, as `minehall serve` does, on a
// free port of 127.0.0.1.
func serve(ln net.Listener, srv *server.Server) func() {
	httpSrv := &http.Server{Handler: srv}
	go httpSrv.Serve(ln)
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		srv.Shutdown(sctx)
		cancel()
		httpSrv.Close()
	}
}

// startSQLite starts one instance on a temporary SQLite file.
func startSQLite(ctx context.Context, lim server.Limits, log *slog.Logger) (*servers, error) {
	s := &servers{desc: "1 instance on SQLite"}
	dir, err := os.MkdirTemp("", "minehall-loadtest-")
	if err != nil {
		return nil, err
	}
	s.stop = append(s.stop, func() { os.RemoveAll(dir) })
	db, err := sqlite.Open(ctx, filepath.Join(dir, "load.db"))
	if err != nil {
		s.close()
		return nil, err
	}
	reg := newRegistry()
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
	s.stop = append(s.stop, func() { db.Close() }, hall.Close)
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Rate: 1000, Burst: 1000, Limits: &lim})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.close()
		return nil, err
	}
	s.stop = append(s.stop, serve(ln, srv))
	s.urls = []string{"http://" + ln.Addr().String()}
	return s, nil
}

// startPostgres starts n instances, wired as `minehall serve --db
// postgres://…` wires them, sharing a temporary schema of the database.
func startPostgres(ctx context.Context, dbURL string, n int, lim server.Limits, log *slog.Logger) (*servers, error) {
	s := &servers{desc: fmt.Sprintf("%d instances on PostgreSQL", n)}
	u, err := url.Parse(dbURL)
	if err != nil {
		return nil, err
	}
	// The schema is made on a plain connection, without the pool's
	// parameters.
	admin := *u
	q := admin.Query()
	for k := range q {
		if strings.HasPrefix(k, "pool_") {
			q.Del(k)
		}
	}
	admin.RawQuery = q.Encode()
	adminURL := admin.String()
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return nil, err
	}
	schema := fmt.Sprintf("loadtest_%d", time.Now().UnixNano())
	_, err = conn.Exec(ctx, "CREATE SCHEMA "+schema)
	conn.Close(ctx)
	if err != nil {
		return nil, err
	}
	s.stop = append(s.stop, func() {
		if conn, err := pgx.Connect(context.Background(), adminURL); err == nil {
			conn.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
			conn.Close(context.Background())
		}
	})
	q = u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	// The instances' cluster secret, made for this run.
	secret := make([]byte, server.MinClusterSecret)
	rand.Read(secret)
	for range n {
		auth, err := server.NewPeerAuth(secret)
		if err != nil {
			s.close()
			return nil, err
		}
		db, err := postgres.Open(ctx, u.String())
		if err != nil {
			s.close()
			return nil, err
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			db.Close()
			s.close()
			return nil, err
		}
		base := "http://" + ln.Addr().String()
		cluster, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: base, Logger: log})
		if err != nil {
			db.Close()
			s.close()
			return nil, err
		}
		reg := newRegistry()
		hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Cluster: cluster, Remote: server.NewForwarder(server.ForwarderConfig{Timeout: server.ForwardTimeout(5 * time.Second), Auth: auth, Logger: log})})
		s.stop = append(s.stop, func() { db.Close() }, func() { cluster.Close() }, hall.Close)
		err = cluster.Start(ctx, postgres.Handlers{Changed: hall.Changed, Missed: hall.Missed, TakeOver: func(id string) { hall.TakeOver(context.Background(), id) }})
		if err != nil {
			s.close()
			return nil, err
		}
		srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Rate: 1000, Burst: 1000, Limits: &lim, PeerAuth: auth, Peers: server.LocalNets})
		s.stop = append(s.stop, serve(ln, srv))
		s.urls = append(s.urls, base)
	}
	return s, nil
}

func run(dbs []string, instances, tables int, gameID string, players int, warmup, duration, echoDur, think time.Duration, lim server.Limits, prof profiles) error {
	ctx := context.Background()
	var logTo io.Writer = io.Discard
	if prof.logErrors {
		logTo = os.Stderr
	}
	log := slog.New(slog.NewTextHandler(logTo, &slog.HandlerOptions{Level: slog.LevelWarn}))
	var best float64
	for i, db := range dbs {
		var s *servers
		var err error
		if db == "sqlite" {
			s, err = startSQLite(ctx, lim, log)
		} else {
			s, err = startPostgres(ctx, db, instances, lim, log)
		}
		if err != nil {
			return err
		}
		if i > 0 {
			fmt.Println()
		}
		if lim != (server.Limits{}) {
			s.desc += ", per-address limits on (loadtest.Limits)"
		} else {
			s.desc += ", no per-address limits"
		}
		rate, err := measure(ctx, s, tables, gameID, players, warmup, duration, think, prof)
		s.close()
		if err != nil {
			return err
		}
		best = max(best, rate)
	}
	fmt.Println()
	echo := loadtest.EchoServer()
	defer echo.Close()
	msg := []byte(`{"type":"act","seq":12,"move":"d"}`)
	echoCPU0 := processCPU()
	rate, err := loadtest.Echo(ctx, echo.URL, tables*players, msg, echoDur)
	if err != nil {
		return err
	}
	echoCPU := processCPU() - echoCPU0
	fmt.Printf("echo ceiling      %.0f round trips/s over %d connections (coder/websocket, same client); %.0f µs of CPU per round trip\n",
		rate, tables*players, float64(echoCPU.Microseconds())/(rate*echoDur.Seconds()))
	fmt.Printf("throughput        %.0f%% of the echo ceiling (best setup)\n", 100*best/rate)
	return nil
}

// measure runs the load against s, prints what it measured and returns
// the actions per second.
func measure(ctx context.Context, s *servers, tables int, gameID string, players int, warmup, duration, think time.Duration, prof profiles) (float64, error) {
	base := heapInUse()
	var (
		stop       func() error
		profErr    error
		cpu0, used time.Duration
		inPlay     uint64
	)
	rep, err := loadtest.Run(ctx, loadtest.Config{
		URLs: s.urls, Tables: tables, Game: gameID, Players: players, Warmup: warmup, Duration: duration, Think: think,
		Measuring: func() {
			cpu0 = processCPU()
			stop, profErr = prof.start()
		},
		Measured: func() {
			used = processCPU() - cpu0
			if stop != nil {
				profErr = stop()
			}
			inPlay = heapInUse()
		},
	})
	if err != nil {
		return 0, err
	}
	if profErr != nil {
		return 0, profErr
	}
	perTable := (float64(inPlay) - float64(base)) / float64(tables)
	fmt.Printf("setup             %s\n", s.desc)
	fmt.Printf("tables            %d (%s, %d players, every seat a client bot over WebSocket, think %v)\n", rep.Tables, gameID, players, think)
	fmt.Printf("actions           %d in %.1f s: %.0f actions/s\n", rep.Actions, rep.Seconds, rep.PerSecond)
	fmt.Printf("latency           p50 %v  p99 %v  max %v (action sent to its update received)\n",
		rep.P50.Round(10*time.Microsecond), rep.P99.Round(10*time.Microsecond), rep.Max.Round(10*time.Microsecond))
	fmt.Printf("worst by second  ")
	for _, d := range rep.WorstBySecond {
		fmt.Printf(" %v", d.Round(time.Millisecond))
	}
	fmt.Println()
	fmt.Printf("games finished    %d; errors %d %s\n", rep.Games, rep.Errors, rep.FirstError)
	fmt.Printf("CPU               %.2f s of %d cores in %.1f s: %.0f µs per action (servers and client bots together; not the database server's)\n",
		used.Seconds(), runtime.NumCPU(), rep.Seconds, float64(used.Microseconds())/float64(max(rep.Actions, 1)))
	fmt.Printf("heap in use       %.1f MiB with %d tables in play, %.1f MiB idle: %.1f KiB per table (servers and client bots together)\n",
		float64(inPlay)/(1<<20), tables, float64(base)/(1<<20), perTable/1024)
	return rep.PerSecond, nil
}

// profiles names the profile files to write; empty names are skipped.
type profiles struct {
	cpu, block, mutex, allocs, trace string
	// logErrors sends the server's warnings and errors to stderr.
	logErrors bool
}

// start starts the profiles and returns the function that stops them and
// writes the files.
func (p profiles) start() (func() error, error) {
	var cpu, tr *os.File
	var err error
	if p.cpu != "" {
		if cpu, err = os.Create(p.cpu); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			return nil, err
		}
	}
	if p.trace != "" {
		if tr, err = os.Create(p.trace); err != nil {
			return nil, err
		}
		if err := trace.Start(tr); err != nil {
			return nil, err
		}
	}
	if p.block != "" {
		runtime.SetBlockProfileRate(10000) // one event per 10 µs blocked
	}
	if p.mutex != "" {
		runtime.SetMutexProfileFraction(10)
	}
	return func() error {
		var errs []error
		if cpu != nil {
			pprof.StopCPUProfile()
			errs = append(errs, cpu.Close())
		}
		if tr != nil {
			trace.Stop()
			errs = append(errs, tr.Close())
		}
		for _, w := range []struct{ name, file string }{{"block", p.block}, {"mutex", p.mutex}, {"allocs", p.allocs}} {
			if w.file == "" {
				continue
			}
			f, err := os.Create(w.file)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			errs = append(errs, pprof.Lookup(w.name).WriteTo(f, 0), f.Close())
		}
		return errors.Join(errs...)
	}, nil
}

// processCPU returns the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
