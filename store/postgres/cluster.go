package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"minehall/game"
	"minehall/store"
)

// ClusterConfig configures a [Cluster].
type ClusterConfig struct {
	// URL is the base URL at which the other instances reach this one, as
	// http://10.0.0.5:8080: where they forward actions for its tables.
	URL string
	// Heartbeat is how often the instance renews its lease and looks for
	// tables of dead instances to take over; default 500ms.
	Heartbeat time.Duration
	// Expiry is how long after its last renewal an instance's lease ends:
	// then it counts as dead and its tables are taken over. Default 1.5s; it
	// must be more than Heartbeat.
	Expiry time.Duration
	// Logger defaults to slog.Default().
	Logger *slog.Logger
}

// Handlers are what a [Cluster] tells its instance.
type Handlers struct {
	// Changed receives every change of a table that another instance
	// committed, in the order they were committed.
	Changed func(store.Event)
	// Missed is called when changes may have been missed (the connection
	// that listens for them was lost and is back): followers must read the
	// tables they follow again.
	Missed func()
	// TakeOver is called for each table this instance took over from a
	// dead one; the instance must run it from now on.
	TakeOver func(id string)
	// LeaseLost is called when the instance renews a lease that had run
	// out (it was paused or cut off for longer than the lease): the
	// tables it ran may be another instance's now, and it must stop
	// running those (the database refuses their writes anyway).
	LeaseLost func()
}

// Cluster is one instance among several sharing a database: it holds the
// instance's lease (a row renewed every heartbeat; the instance owns its
// tables while the lease lasts), finds the owner of a table for
// forwarding, takes over the tables of instances whose lease ended, and
// listens for the changes other instances publish.
type Cluster struct {
	db  *DB
	cfg ClusterConfig
	log *slog.Logger

	listen *pgx.Conn
	h      Handlers

	stop    context.CancelFunc
	wg      sync.WaitGroup
	once    sync.Once
	started bool
}

// NewCluster registers db's instance as alive at cfg.URL. Make it before
// the instance creates tables, so that no other instance thinks them
// orphaned.
func NewCluster(ctx context.Context, db *DB, cfg ClusterConfig) (*Cluster, error) {
	if cfg.Heartbeat == 0 {
		cfg.Heartbeat = 500 * time.Millisecond
	}
	if cfg.Expiry == 0 {
		cfg.Expiry = 1500 * time.Millisecond
	}
	if cfg.Expiry <= cfg.Heartbeat {
		return nil, game.Errorf(game.CodeInvalid, "the lease expiry (%v) must be longer than the heartbeat (%v)", cfg.Expiry, cfg.Heartbeat)
	}
	if cfg.URL == "" {
		return nil, game.Errorf(game.CodeInvalid, "the instance needs the URL at which the others reach it")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	c := &Cluster{db: db, cfg: cfg, log: cfg.Logger}
	if _, err := c.renew(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

// Instance returns the id of this instance.
func (c *Cluster) Instance() string { return c.db.instance }

func (c *Cluster) expirySeconds() float64 { return c.cfg.Expiry.Seconds() }

// renew renews the lease, registering the instance if its row is gone,
// and reports whether the lease was still held: false when it had run out
// or ended (the instance was paused or cut off longer than the lease, and
// the others may have taken its tables over), or at the first renewal.
func (c *Cluster) renew(ctx context.Context) (bool, error) {
	var held bool
	err := c.db.pool.QueryRow(ctx, `WITH prev AS (
			SELECT heartbeat > now() - make_interval(secs => $3) AS held FROM instances WHERE id = $1
		)
		INSERT INTO instances (id, url, heartbeat) VALUES ($1, $2, now())
		ON CONFLICT (id) DO UPDATE SET url = EXCLUDED.url, heartbeat = EXCLUDED.heartbeat
		RETURNING COALESCE((SELECT held FROM prev), false)`, c.db.instance, c.cfg.URL, c.expirySeconds()).Scan(&held)
	if err != nil {
		return false, internal("renew the lease", err)
	}
	return held, nil
}

// Owner returns the URL of the live instance other than this one that runs
// the unfinished table id; "" when this instance owns it, when no live
// instance does, or when the table is finished.
func (c *Cluster) Owner(ctx context.Context, id string) (string, error) {
	owner, _, err := c.OwnerLease(ctx, id)
	return owner, err
}

// OwnerLease is Owner with how long, from now, the owner's lease lasts
// unless the owner renews it (0 with no owner): the longest another
// instance waits for an owner that does not answer before it takes the
// table over. It is measured on the database's clock, as leases are.
func (c *Cluster) OwnerLease(ctx context.Context, id string) (string, time.Duration, error) {
	var owner, url, status string
	var left float64
	err := c.db.pool.QueryRow(ctx, `SELECT t.owner, t.status, COALESCE(i.url, ''),
			COALESCE(EXTRACT(EPOCH FROM i.heartbeat + make_interval(secs => $2) - now())::float8, 0)
		FROM tables t LEFT JOIN instances i ON i.id = t.owner WHERE t.id = $1`, id, c.expirySeconds()).Scan(&owner, &status, &url, &left)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", 0, game.Errorf(game.CodeNotFound, "no table %s", id)
	case err != nil:
		return "", 0, internal("find the owner", err)
	case status == string(store.StatusFinished) || owner == c.db.instance || left <= 0:
		return "", 0, nil
	}
	return url, time.Duration(left * float64(time.Second)), nil
}

// Claim makes this instance the owner of the unfinished table id unless
// another live instance owns it, and reports whether this instance owns it
// now. Taking a table from another instance moves its epoch on (see
// store.Table.Epoch), fencing the writes of the previous owner.
func (c *Cluster) Claim(ctx context.Context, id string) (bool, error) {
	tag, err := c.db.pool.Exec(ctx, `UPDATE tables SET owner = $1, epoch = CASE WHEN owner = $1 THEN epoch ELSE epoch + 1 END
		WHERE id = $2 AND status <> 'finished' AND (owner = $1 OR owner NOT IN
			(SELECT id FROM instances WHERE heartbeat > now() - make_interval(secs => $3)))`,
		c.db.instance, id, c.expirySeconds())
	if err != nil {
		return false, internal("claim a table", err)
	}
	return tag.RowsAffected() == 1, nil
}

// forgetAfter is how long the row of a dead instance is kept, for the
// record, before it is deleted.
const forgetAfter = time.Hour

// claimOrphans takes over every unfinished table whose owner's lease has
// ended and returns their ids; it deletes the rows of instances dead for
// longer than forgetAfter.
func (c *Cluster) claimOrphans(ctx context.Context) ([]string, error) {
	if _, err := c.db.pool.Exec(ctx, `DELETE FROM instances WHERE heartbeat < now() - make_interval(secs => $1)`, forgetAfter.Seconds()); err != nil {
		return nil, internal("forget dead instances", err)
	}
	rows, err := c.db.pool.Query(ctx, `UPDATE tables SET owner = $1, epoch = epoch + 1
		WHERE status <> 'finished' AND owner <> $1 AND owner NOT IN
			(SELECT id FROM instances WHERE heartbeat > now() - make_interval(secs => $2))
		RETURNING id`, c.db.instance, c.expirySeconds())
	if err != nil {
		return nil, internal("take over tables", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, internal("take over tables", err)
	}
	return ids, nil
}

// Start listens for the changes other instances publish and keeps the
// lease, calling h, until Close or Halt. It takes over the tables of dead
// instances at once and then at every heartbeat. Changes are heard from
// the moment Start returns.
func (c *Cluster) Start(ctx context.Context, h Handlers) error {
	if c.started {
		return errors.New("postgres: the cluster is started already")
	}
	conn, err := c.connectListener(ctx)
	if err != nil {
		return err
	}
	c.started, c.listen, c.h = true, conn, h
	runCtx, stop := context.WithCancel(context.Background())
	c.stop = stop
	c.wg.Add(2)
	c.takeOver(runCtx)
	go c.heartbeatLoop(runCtx)
	go c.listenLoop(runCtx)
	return nil
}

func (c *Cluster) connectListener(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, c.db.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, fmt.Errorf("postgres: connect to listen: %w", err)
	}
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{c.db.channel}.Sanitize()); err != nil {
		conn.Close(ctx)
		return nil, internal("listen", err)
	}
	return conn, nil
}

func (c *Cluster) takeOver(ctx context.Context) {
	ids, err := c.claimOrphans(ctx)
	if err != nil {
		if ctx.Err() == nil {
			c.log.Error("tables of dead instances not taken over", "err", err)
		}
		return
	}
	if len(ids) == 0 || c.h.TakeOver == nil {
		return
	}
	// Rebuilding tables takes time: the heartbeat must not wait for it,
	// lest the lease expire meanwhile.
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		for _, id := range ids {
			c.log.Info("table taken over", "table", id)
			c.h.TakeOver(id)
		}
	}()
}

func (c *Cluster) heartbeatLoop(ctx context.Context) {
	defer c.wg.Done()
	tick := time.NewTicker(c.cfg.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		held, err := c.renew(ctx)
		if err != nil {
			if ctx.Err() == nil {
				c.log.Error("lease not renewed", "err", err)
			}
			continue
		}
		if !held {
			c.log.Warn("the lease had run out before it was renewed: the other instances may have taken this one's tables over", "lease", c.cfg.Expiry)
			if c.h.LeaseLost != nil {
				// Dropping many tables takes time: the heartbeat must
				// not wait for it.
				c.wg.Add(1)
				go func() {
					defer c.wg.Done()
					c.h.LeaseLost()
				}()
			}
		}
		c.takeOver(ctx)
	}
}

func (c *Cluster) listenLoop(ctx context.Context) {
	defer c.wg.Done()
	conn := c.listen
	defer func() {
		if conn != nil {
			conn.Close(context.Background())
		}
	}()
	for {
		if conn == nil {
			var err error
			if conn, err = c.connectListener(ctx); err != nil {
				if ctx.Err() != nil {
					return
				}
				c.log.Error("not listening for table changes", "err", err)
				select {
				case <-ctx.Done():
					return
				case <-time.After(c.cfg.Heartbeat):
				}
				continue
			}
			if c.h.Missed != nil {
				c.h.Missed()
			}
		}
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			c.log.Warn("connection listening for table changes lost", "err", err)
			conn.Close(context.Background())
			conn = nil
			continue
		}
		var ev event
		if err := json.Unmarshal([]byte(n.Payload), &ev); err != nil {
			c.log.Error("table change not understood", "payload", n.Payload, "err", err)
			continue
		}
		if ev.Owner == c.db.instance || c.h.Changed == nil {
			continue
		}
		c.h.Changed(store.Event{Table: ev.Table, Action: ev.Action, N: ev.N, TableEvent: ev.TableEvent, EventN: ev.EventN})
	}
}

// Close stops the cluster and ends the instance's lease at once, so that
// the other instances take its tables over at their next heartbeat. Close
// the hall first.
func (c *Cluster) Close() error {
	c.Halt()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := c.db.pool.Exec(ctx, `DELETE FROM instances WHERE id = $1`, c.db.instance); err != nil {
		return internal("end the lease", err)
	}
	return nil
}

// Halt stops the cluster without ending the lease, as an instance that
// died: the others take its tables over once the lease expires.
func (c *Cluster) Halt() {
	c.once.Do(func() {
		if c.stop != nil {
			c.stop()
		}
		c.wg.Wait()
	})
}
