// Command loadtest starts a Minehall server on 127.0.0.1 with a temporary
// SQLite database, plays many concurrent tables of client bots against it
// over WebSocket, and prints actions per second, latency percentiles and
// memory per table, followed by the echo rate of the same client against a
// bare coder/websocket echo server.
//
//	go run ./server/loadtest/cmd/loadtest -tables 1000 -duration 20s
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"syscall"
	"time"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/server"
	"minehall/server/loadtest"
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
	prof := profiles{}
	flag.StringVar(&prof.cpu, "cpuprofile", "", "write a CPU profile of the measurement to this file")
	flag.StringVar(&prof.block, "blockprofile", "", "write a block profile of the measurement to this file")
	flag.StringVar(&prof.mutex, "mutexprofile", "", "write a mutex profile of the measurement to this file")
	flag.StringVar(&prof.allocs, "memprofile", "", "write an allocation profile (since the start) to this file")
	flag.StringVar(&prof.trace, "trace", "", "write an execution trace of the measurement to this file")
	flag.BoolVar(&prof.logErrors, "log", false, "print the server's warnings and errors on stderr")
	flag.Parse()
	if *echoDur == 0 {
		*echoDur = *duration
	}
	if err := run(*tables, *gameID, *players, *warmup, *duration, *echoDur, *think, prof); err != nil {
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

func run(tables int, gameID string, players int, warmup, duration, echoDur, think time.Duration, prof profiles) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "minehall-loadtest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	db, err := sqlite.Open(ctx, filepath.Join(dir, "load.db"))
	if err != nil {
		return err
	}
	defer db.Close()
	reg := &game.Registry{}
	reg.Register(gametest.ConnectFour())
	reg.Register(gametest.Goofspiel())
	reg.Register(gametest.HighCard())
	var logTo io.Writer = io.Discard
	if prof.logErrors {
		logTo = os.Stderr
	}
	log := slog.New(slog.NewTextHandler(logTo, &slog.HandlerOptions{Level: slog.LevelWarn}))
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
	defer hall.Close()
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Rate: 1000, Burst: 1000})
	// A plain http.Server, as `minehall serve` runs, on a free port.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	httpSrv := &http.Server{Handler: srv}
	go httpSrv.Serve(ln)
	defer httpSrv.Close()
	url := "http://" + ln.Addr().String()

	base := heapInUse()
	var (
		stop       func() error
		profErr    error
		cpu0, used time.Duration
		inPlay     uint64
	)
	rep, err := loadtest.Run(ctx, loadtest.Config{
		URL: url, Tables: tables, Game: gameID, Players: players, Warmup: warmup, Duration: duration, Think: think,
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
		return err
	}
	if profErr != nil {
		return profErr
	}
	perTable := (float64(inPlay) - float64(base)) / float64(tables)
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
	fmt.Printf("CPU               %.2f s of %d cores in %.1f s: %.0f µs per action (server and its client bots together)\n",
		used.Seconds(), runtime.NumCPU(), rep.Seconds, float64(used.Microseconds())/float64(max(rep.Actions, 1)))
	fmt.Printf("heap in use       %.1f MiB with %d tables in play, %.1f MiB idle: %.1f KiB per table (server and its client bots together)\n",
		float64(inPlay)/(1<<20), tables, float64(base)/(1<<20), perTable/1024)
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	srv.Shutdown(sctx)
	cancel()
	httpSrv.Close()

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
	fmt.Printf("throughput        %.0f%% of the echo ceiling\n", 100*rep.PerSecond/rate)
	return nil
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
