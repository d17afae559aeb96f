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
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
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
	flag.Parse()
	if err := run(*tables, *gameID, *players, *warmup, *duration, *think); err != nil {
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

func run(tables int, gameID string, players int, warmup, duration, think time.Duration) error {
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
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
	defer hall.Close()
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Rate: 1000, Burst: 1000})
	ts := httptest.NewServer(srv)
	defer ts.Close()

	base := heapInUse()
	mid := make(chan uint64, 1)
	go func() {
		time.Sleep(warmup + duration/2)
		mid <- heapInUse()
	}()
	rep, err := loadtest.Run(ctx, loadtest.Config{URL: ts.URL, Tables: tables, Game: gameID, Players: players, Warmup: warmup, Duration: duration, Think: think})
	if err != nil {
		return err
	}
	inPlay := <-mid
	perTable := (float64(inPlay) - float64(base)) / float64(tables)
	fmt.Printf("tables            %d (%s, %d players, every seat a client bot over WebSocket, think %v)\n", rep.Tables, gameID, players, think)
	fmt.Printf("actions           %d in %.1f s: %.0f actions/s\n", rep.Actions, rep.Seconds, rep.PerSecond)
	fmt.Printf("latency           p50 %v  p99 %v  max %v (action sent to its update received)\n",
		rep.P50.Round(10*time.Microsecond), rep.P99.Round(10*time.Microsecond), rep.Max.Round(10*time.Microsecond))
	fmt.Printf("games finished    %d; errors %d %s\n", rep.Games, rep.Errors, rep.FirstError)
	fmt.Printf("heap in use       %.1f MiB with %d tables in play, %.1f MiB idle: %.1f KiB per table (server and its client bots together)\n",
		float64(inPlay)/(1<<20), tables, float64(base)/(1<<20), perTable/1024)
	ts.CloseClientConnections()

	echo := loadtest.EchoServer()
	defer echo.Close()
	msg := []byte(`{"type":"act","seq":12,"move":"d"}`)
	rate, err := loadtest.Echo(ctx, echo.URL, tables*players, msg, duration)
	if err != nil {
		return err
	}
	fmt.Printf("echo ceiling      %.0f round trips/s over %d connections (coder/websocket, same client)\n", rate, tables*players)
	fmt.Printf("throughput        %.0f%% of the echo ceiling\n", 100*rep.PerSecond/rate)
	return nil
}
