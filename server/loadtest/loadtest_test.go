package loadtest_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/server"
	"minehall/server/loadtest"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// TestRunAndEcho runs a small load against a real server and the echo
// server, and checks that the report adds up.
func TestRunAndEcho(t *testing.T) {
	ctx := context.Background()
	db := sqlitetest.Open(t)
	reg := &game.Registry{}
	reg.Register(gametest.ConnectFour())
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log})
	lim := loadtest.Limits(4, 2)
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, Rate: 1000, Burst: 1000, Limits: &lim})
	ts := httptest.NewServer(srv)
	defer func() {
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		ts.Close()
		hall.Close()
		db.Close()
	}()
	measuring, measured := false, false
	rep, err := loadtest.Run(ctx, loadtest.Config{URL: ts.URL, Tables: 4, Game: "connectfour", Players: 2,
		Warmup: 200 * time.Millisecond, Duration: time.Second,
		Measuring: func() { measuring = true }, Measured: func() { measured = measuring }})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if rep.Errors != 0 || rep.Actions == 0 {
		t.Fatalf("report: %d actions, %d errors (%s); want actions and no errors", rep.Actions, rep.Errors, rep.FirstError)
	}
	if !(rep.P50 <= rep.P99 && rep.P99 <= rep.Max) || len(rep.WorstBySecond) == 0 {
		t.Errorf("report: p50 %v, p99 %v, max %v, worst by second %v; want p50 <= p99 <= max and a worst per second", rep.P50, rep.P99, rep.Max, rep.WorstBySecond)
	}
	if !measured {
		t.Errorf("the Measuring and Measured hooks were not called in order")
	}
	echo := loadtest.EchoServer()
	defer echo.Close()
	rate, err := loadtest.Echo(ctx, echo.URL, 4, []byte(`{"type":"act","seq":1,"move":"d"}`), 300*time.Millisecond)
	if err != nil || rate <= 0 {
		t.Errorf("Echo: %.0f round trips/s, %v; want a positive rate", rate, err)
	}
}
