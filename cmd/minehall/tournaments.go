package main

import (
	"log/slog"

	"minehall/server"
	"minehall/store"
	"minehall/table"
)

// tournamentsFor returns the tournaments of db and the runner that drives
// them on this instance, or nils for a store that keeps none. Every
// instance runs a runner: each tournament is driven by the one holding
// its lease (docs/tournaments.md).
func tournamentsFor(db any, hall *table.Hall, log *slog.Logger) (store.Tournaments, *server.TournamentRunner) {
	ts, ok := db.(interface{ Tournaments() store.Tournaments })
	if !ok {
		return nil, nil
	}
	cfg := server.TournamentRunnerConfig{Store: ts.Tournaments(), Hall: hall, Logger: log}
	if ns, ok := db.(interface{ Notifications() store.Notifications }); ok {
		cfg.Notifications = ns.Notifications()
	}
	return cfg.Store, server.NewTournamentRunner(cfg)
}
