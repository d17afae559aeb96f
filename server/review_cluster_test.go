package server_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"minehall/server"
	"minehall/store"
	"minehall/store/postgres"
	"minehall/store/postgres/pgtest"
	"minehall/table"
)

// reviewInstance is one of several servers sharing a PostgreSQL database,
// each with review workers, as `minehall serve --db postgres://…` wires
// them.
type reviewInstance struct {
	base string
	db   *postgres.DB
}

func newReviewInstance(t *testing.T, url string, rv server.Reviewer, workers int) *reviewInstance {
	t.Helper()
	ctx := context.Background()
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatalf("postgres.Open: %v", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ts := httptest.NewUnstartedServer(nil)
	base := "http://" + ts.Listener.Addr().String()
	cluster, err := postgres.NewCluster(ctx, db, postgres.ClusterConfig{URL: base, Heartbeat: testHeartbeat, Expiry: testExpiry, Logger: log})
	if err != nil {
		t.Fatalf("NewCluster: %v", err)
	}
	q := server.NewReviewQueue(server.ReviewQueueConfig{Store: db, Logger: log, Lease: 3 * time.Second, Retry: time.Millisecond,
		Poll: 20 * time.Millisecond})
	auth := testPeerAuth(t)
	reg := registry()
	hall := table.NewHall(table.Config{Registry: reg, Store: db, Logger: log, Cluster: cluster, Finished: q.TableFinished,
		Remote: server.NewForwarder(server.ForwarderConfig{Timeout: 5 * time.Second, Auth: auth, Logger: log})})
	if err := cluster.Start(ctx, postgres.Handlers{Changed: hall.Changed, Missed: hall.Missed,
		TakeOver: func(id string) { hall.TakeOver(context.Background(), id) }}); err != nil {
		t.Fatalf("cluster.Start: %v", err)
	}
	srv := server.New(server.Config{Registry: reg, Hall: hall, Logger: log, PeerAuth: auth, Peers: server.LocalNets, Limits: &server.Limits{},
		Reviewer: rv, Reviews: q, ReviewWorkers: workers})
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		ts.Close()
		hall.Close()
		srv.Shutdown(ctx)
		q.Close()
		cluster.Close()
		db.Close()
	})
	return &reviewInstance{base: base, db: db}
}

// slowReviewer is the fake reviewer taking a while over each review, so
// that the workers of both instances are busy at once.
type slowReviewer struct{ *fakeReviewer }

func (s slowReviewer) Review(ctx context.Context, record []byte) (json.RawMessage, error) {
	select {
	case <-time.After(20 * time.Millisecond):
	case <-ctx.Done():
	}
	return s.fakeReviewer.Review(ctx, record)
}

// "claimed so that two instances of a cluster never review the same table
// twice": two servers on one PostgreSQL, with two workers each, make the
// reviews of the games finished on one of them, each game's once.
func TestTwoInstancesReviewEachGameOnce(t *testing.T) {
	url := pgtest.URL(t)
	rv := newFakeReviewer()
	a := newReviewInstance(t, url, slowReviewer{rv}, 2)
	newReviewInstance(t, url, slowReviewer{rv}, 2)
	const games = 8
	var ids []string
	for range games {
		id, _ := botGame(t, a.base, false)
		ids = append(ids, id)
	}
	for _, id := range ids {
		waitReview(t, a.db, id, store.ReviewDone)
	}
	total, bySeed := rv.counts()
	if total != games || len(bySeed) != games {
		t.Errorf("reviews made: %d of %d games (%v); want each game reviewed once", total, len(bySeed), bySeed)
	}
	for seed, n := range bySeed {
		if n != 1 {
			t.Errorf("the game of seed %d was reviewed %d times; want once", seed, n)
		}
	}
}
