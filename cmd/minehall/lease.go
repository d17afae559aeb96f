package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"minehall/game"
	"minehall/server"
)

// leaseCheck is the readiness check of an instance sharing a PostgreSQL
// database: its lease is held, its row in the instances table having been
// renewed within the lease. An instance whose lease ran out (paused, or cut
// off from the database) has had its tables taken over and must not take
// players until it renews it. It reads on one connection of its own, so
// that a store pool busy with commits does not fail the check.
type leaseCheck struct {
	pool     *pgxpool.Pool
	instance string
	lease    time.Duration
}

func newLeaseCheck(url, instance string, lease time.Duration) (*leaseCheck, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "the database URL is not valid: %v", err)
	}
	cfg.MaxConns, cfg.MinConns = 1, 0
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg) // connects on first use
	if err != nil {
		return nil, fmt.Errorf("postgres: lease check: %w", err)
	}
	return &leaseCheck{pool: pool, instance: instance, lease: lease}, nil
}

func (l *leaseCheck) close() { l.pool.Close() }

// check returns the server's readiness check of the lease.
func (l *leaseCheck) check() server.ReadyCheck {
	return server.ReadyCheck{Name: "lease", Check: func(ctx context.Context) error {
		var age float64
		err := l.pool.QueryRow(ctx, `SELECT EXTRACT(EPOCH FROM now() - heartbeat)::float8 FROM instances WHERE id = $1`, l.instance).Scan(&age)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return fmt.Errorf("instance %s holds no lease: the others take its tables over", l.instance)
		case err != nil:
			return fmt.Errorf("the lease cannot be read: %w", err)
		case age > l.lease.Seconds():
			return fmt.Errorf("instance %s last renewed its lease %.1f s ago, longer than the lease (%v): the others take its tables over", l.instance, age, l.lease)
		}
		return nil
	}}
}
