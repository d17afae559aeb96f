package server

import (
	"context"
	"embed"
	"html/template"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"minehall/game"
	"minehall/table"
)

//go:embed web
var web embed.FS

var indexPage = template.Must(template.ParseFS(web, "web/index.html"))

// Config configures a [Server].
type Config struct {
	Registry *game.Registry
	Hall     *table.Hall
	// Logger defaults to slog.Default().
	Logger *slog.Logger
	// AllowedOrigins are host patterns (path.Match syntax, such as
	// "play.example.org" or "*.example.org") whose pages may open
	// WebSockets; the server's own host is always allowed.
	AllowedOrigins []string
	// MaxMessage caps a client frame in bytes; default 4096. A larger frame
	// closes the connection.
	MaxMessage int64
	// Rate and Burst limit each connection's frames: Burst at once, then
	// Rate per second; defaults 20 and 40. Frames beyond are refused with a
	// limit error; a connection that keeps flooding is closed.
	Rate  float64
	Burst float64
	// HelloTimeout is how long a connection may take to say hello;
	// default 10s.
	HelloTimeout time.Duration
	// UI serves the web client: every GET whose path is not under /api/ or
	// /ws/ and is not /healthz or /metrics goes to it, so that a
	// single-page app owns its own routes. Nil serves a minimal page at /
	// that lists the games.
	UI http.Handler
}

// Server serves Minehall over HTTP and WebSocket.
type Server struct {
	cfg     Config
	log     *slog.Logger
	metrics *metrics
	mux     *http.ServeMux

	mu    sync.Mutex
	conns map[*websocket.Conn]struct{}
	wg    sync.WaitGroup
	down  bool
}

// New returns a server for cfg.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxMessage == 0 {
		cfg.MaxMessage = 4096
	}
	if cfg.Rate == 0 {
		cfg.Rate = 20
	}
	if cfg.Burst == 0 {
		cfg.Burst = 40
	}
	if cfg.HelloTimeout == 0 {
		cfg.HelloTimeout = 10 * time.Second
	}
	s := &Server{cfg: cfg, log: cfg.Logger, metrics: newMetrics(cfg.Hall), mux: http.NewServeMux(), conns: map[*websocket.Conn]struct{}{}}
	s.routes()
	return s
}

func (s *Server) routes() {
	s.mux.HandleFunc("GET /", s.serveUI)
	s.mux.HandleFunc("GET /healthz", s.serveHealth)
	s.mux.Handle("GET /metrics", s.metrics.handler())
	s.mux.HandleFunc("GET /api/games", s.listGames)
	s.mux.HandleFunc("GET /api/games/{id}/rules", s.gameRules)
	s.mux.HandleFunc("POST /api/tables", s.createTable)
	s.mux.HandleFunc("GET /api/tables", s.listTables)
	s.mux.HandleFunc("GET /api/tables/{id}", s.getTable)
	s.mux.HandleFunc("POST /api/tables/{id}/join", s.joinTable)
	s.mux.HandleFunc("POST /api/tables/{id}/start", s.startTable)
	s.mux.HandleFunc("POST /api/tables/{id}/act", s.actTable)
	s.mux.HandleFunc("POST /api/tables/{id}/rematch", s.rematchTable)
	s.mux.HandleFunc("POST /api/tables/{id}/leave", s.leaveTable)
	s.mux.HandleFunc("POST /api/tables/{id}/reclaim", s.reclaimSeat)
	s.mux.HandleFunc("POST /api/tables/{id}/seats/{seat}/bot", s.seatBot)
	s.mux.HandleFunc("POST /api/tables/{id}/abort", s.abortTable)
	s.mux.HandleFunc("POST /api/tables/{id}/presence", s.reportPresence)
	s.mux.HandleFunc("GET /api/tables/{id}/record", s.tableRecord)
	s.mux.HandleFunc("GET /api/tables/{id}/replay", s.tableReplay)
	s.mux.HandleFunc("GET /ws/tables/{id}", s.serveWebSocket)
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// serveUI answers every GET that no other route takes: an unknown path of
// the API or the WebSocket gets a not_found error, anything else the web
// client (or, without one, the minimal page at /).
func (s *Server) serveUI(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case p == "/api" || strings.HasPrefix(p, "/api/") || p == "/ws" || strings.HasPrefix(p, "/ws/"):
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "there is no %s %s", r.Method, p))
	case s.cfg.UI != nil:
		s.cfg.UI.ServeHTTP(w, r)
	case p == "/":
		s.serveIndex(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	type gameRow struct{ ID, Title, Summary string }
	var rows []gameRow
	for _, g := range s.cfg.Registry.Games() {
		sp := g.Spec()
		rows = append(rows, gameRow{sp.ID, sp.Title, sp.Summary})
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := indexPage.Execute(w, rows); err != nil {
		s.log.Error("index page", "err", err)
	}
}

func (s *Server) serveHealth(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	down := s.down
	s.mu.Unlock()
	if down {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "shutting down"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// track registers an open WebSocket; it reports false once the server is
// shutting down.
func (s *Server) track(c *websocket.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return false
	}
	s.conns[c] = struct{}{}
	s.wg.Add(1)
	s.metrics.connections.Inc()
	return true
}

func (s *Server) untrack(c *websocket.Conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
	s.metrics.connections.Dec()
	s.wg.Done()
}

// Shutdown refuses new WebSockets, closes the open ones with "service
// restart" (clients reconnect), and waits for their handlers until ctx
// ends. Close the hall first, so that every acknowledged action is stored
// and no table acts any more; the HTTP listener is the caller's
// (http.Server.Shutdown).
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.down = true
	conns := make([]*websocket.Conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		go c.Close(websocket.StatusServiceRestart, "the server is restarting")
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
