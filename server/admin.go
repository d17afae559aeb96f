package server

import (
	"net/http"
	"net/http/pprof"
)

// AdminHandler serves what only the operators should reach: the
// Prometheus metrics at /metrics, Go's profiler (net/http/pprof) under
// /debug/pprof/, and POST /admin/tournaments, which schedules a
// tournament for the operator (the body of POST /api/tournaments). Serve it on an address of its own that the public cannot
// reach (minehall serve --admin-addr); the public address serves neither.
func (s *Server) AdminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", s.metrics.handler())
	mux.HandleFunc("POST /admin/tournaments", s.adminCreateTournament)
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
