package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"minehall/game"
	"minehall/server"
	"minehall/store/sqlite"
	"minehall/table"
	"minehall/web"
)

// serveOptions are the flags of `minehall serve`.
type serveOptions struct {
	addr    string
	db      string
	origins []string
	botPace time.Duration
}

// newServeCmd returns `minehall serve`: the game server, until SIGINT or
// SIGTERM, then a graceful shutdown that stores every acknowledged action.
func newServeCmd(reg *game.Registry) *cobra.Command {
	opts := serveOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the games over HTTP and WebSocket",
		Long: `Serve runs the Minehall server: the web client, the JSON API and the WebSocket
protocol (see docs/protocol.md), with tables stored in SQLite. Unfinished tables
are rebuilt from the database on start. SIGINT or SIGTERM shut it down gracefully.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, reg, opts, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port)")
	f.StringVar(&opts.db, "db", "sqlite:minehall.db", "database: sqlite:FILE")
	f.StringSliceVar(&opts.origins, "origin", nil, "host pattern of another site allowed to open WebSockets (repeatable)")
	f.DurationVar(&opts.botPace, "bot-pace", 800*time.Millisecond, "least time a bot takes for a turn-based move")
	return cmd
}

// sqlitePath returns the file of a --db value, refusing other databases
// with a message that says what to do.
func sqlitePath(db string) (string, error) {
	switch {
	case strings.HasPrefix(db, "postgres://"), strings.HasPrefix(db, "postgresql://"):
		return "", game.Errorf(game.CodeInvalid, "--db %s: PostgreSQL storage is not available yet; use --db sqlite:FILE", "postgres://…")
	case strings.HasPrefix(db, "sqlite:"):
		path := strings.TrimPrefix(db, "sqlite:")
		if path == "" {
			return "", game.Errorf(game.CodeInvalid, "--db sqlite: needs a file name, as in sqlite:minehall.db")
		}
		return path, nil
	}
	return "", game.Errorf(game.CodeInvalid, "--db %q is not sqlite:FILE", db)
}

func runServe(ctx context.Context, reg *game.Registry, opts serveOptions, stdout, stderr io.Writer) error {
	path, err := sqlitePath(opts.db)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		return err
	}
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, BotPace: opts.botPace})
	n, err := hall.Restore(ctx)
	if err != nil {
		hall.Close()
		db.Close()
		return err
	}
	log.Info("tables restored", "count", n)
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, AllowedOrigins: opts.origins, UI: web.Handler()})
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		hall.Close()
		db.Close()
		return fmt.Errorf("listen on %s: %w", opts.addr, err)
	}
	httpSrv := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	fmt.Fprintf(stdout, "minehall serving on http://%s\n", ln.Addr())
	log.Info("serving", "addr", ln.Addr().String(), "db", path)
	served := make(chan error, 1)
	go func() { served <- httpSrv.Serve(ln) }()

	select {
	case <-ctx.Done():
	case err := <-served:
		hall.Close()
		db.Close()
		return err
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// Stop taking requests, then close the WebSockets (their in-flight
	// actions finish and are stored), then stop the tables' bots and clocks,
	// then flush the store.
	errHTTP := httpSrv.Shutdown(shutdownCtx)
	errWS := srv.Shutdown(shutdownCtx)
	hall.Close()
	errDB := db.Close()
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		errHTTP = errors.Join(errHTTP, err)
	}
	log.Info("stopped")
	return errors.Join(errHTTP, errWS, errDB)
}
