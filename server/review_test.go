package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"minehall/game"
	"minehall/server"
	"minehall/store"
	"minehall/store/sqlite"
	"minehall/store/sqlite/sqlitetest"
	"minehall/table"
)

// fakeReviewer answers every review with the same body after next lets
// it (nil: at once), or with the error fail returns (nil: none); it
// counts the reviews asked for by the record's seed.
type fakeReviewer struct {
	next chan struct{}
	fail func(n int) error

	mu     sync.Mutex
	calls  map[uint64]int
	total  int
	asked  chan struct{} // closed at the first call
	record game.Record   // the last record asked for
}

func newFakeReviewer() *fakeReviewer {
	return &fakeReviewer{calls: map[uint64]int{}, asked: make(chan struct{})}
}

// fakeReview is the body the fake reviewer answers: a review as the
// engine writes it, without the table (the server adds it).
const fakeReview = `{"game":"goofspiel","status":"done","scale":"points","players":[{"seat":0,"name":"Garnet","accuracy":91.5,` +
	`"marks":{"best":3,"good":1,"inaccuracy":0,"mistake":1,"blunder":0}}],"moves":[],"series":[[0.5,0.5]],"swings":[]}`

func (f *fakeReviewer) Review(ctx context.Context, record []byte) (json.RawMessage, error) {
	var rec game.Record
	if err := json.Unmarshal(record, &rec); err != nil {
		return nil, fmt.Errorf("the record does not decode: %w", err)
	}
	f.mu.Lock()
	f.calls[rec.Seed]++
	f.total++
	n := f.total
	f.record = rec
	if n == 1 {
		close(f.asked)
	}
	f.mu.Unlock()
	if f.next != nil {
		select {
		case <-f.next:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if f.fail != nil {
		if err := f.fail(n); err != nil {
			return nil, err
		}
	}
	return json.RawMessage(fakeReview), nil
}

func (f *fakeReviewer) counts() (total int, bySeed map[uint64]int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	bySeed = map[uint64]int{}
	for k, v := range f.calls {
		bySeed[k] = v
	}
	return f.total, bySeed
}

// reviewServer is a server on a SQLite file whose hall queues the review
// of every finished game.
type reviewServer struct {
	base  string
	http  *httptest.Server
	db    *sqlite.DB
	hall  *table.Hall
	srv   *server.Server
	queue *server.ReviewQueue
	once  sync.Once
}

// reviewSetup says how a review server is made.
type reviewSetup struct {
	path     string // the database file; "" for a fresh one
	reviewer server.Reviewer
	workers  int
	cap      int
	// noHook leaves the hall without the Finished hook: games finish
	// without their review queued, as before reviews existed.
	noHook bool
}

func startReviewServer(t *testing.T, rs reviewSetup) *reviewServer {
	t.Helper()
	if rs.path == "" {
		rs.path = sqlitetest.Path(t)
	}
	db, err := sqlite.Open(context.Background(), rs.path)
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	q := server.NewReviewQueue(server.ReviewQueueConfig{Store: db, Logger: log, Lease: 3 * time.Second, Retry: time.Millisecond,
		Poll: 20 * time.Millisecond, Cap: rs.cap})
	hcfg := table.Config{Registry: registry(), Store: db, Logger: log}
	if !rs.noHook {
		hcfg.Finished = q.TableFinished
	}
	hall := table.NewHall(hcfg)
	srv := server.New(server.Config{Registry: hcfg.Registry, Hall: hall, Logger: log, Limits: &server.Limits{},
		Reviewer: rs.reviewer, Reviews: q, ReviewWorkers: rs.workers})
	ts := &reviewServer{http: httptest.NewServer(srv), db: db, hall: hall, srv: srv, queue: q}
	ts.base = ts.http.URL
	t.Cleanup(ts.stop)
	return ts
}

// stop shuts the server down in order: requests, reviews, tables, queue,
// store.
func (ts *reviewServer) stop() {
	ts.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		ts.http.Close()
		ts.hall.Close()
		ts.srv.Shutdown(ctx)
		ts.queue.Close()
		ts.db.Close()
	})
}

// botGame creates a table of two bots playing Goofspiel at once, public or
// private, and returns its id and the query of its link ("" or
// "?invite=SECRET").
func botGame(t *testing.T, base string, private bool) (id, invite string) {
	t.Helper()
	req := table.CreateRequest{Game: "goofspiel", Players: 2, AutoStart: true, Options: game.Options{"timer": "0"},
		Seats: []table.SeatRequest{{Kind: store.SeatBot}, {Kind: store.SeatBot}}, Private: private}
	if !private {
		req.TimeControl = patient
	}
	var c created
	if st, eb := do(t, base, "POST", "/api/tables", "", req, &c); st != http.StatusCreated {
		t.Fatalf("create table: status %d %+v; want 201", st, eb)
	}
	if _, q, ok := strings.Cut(c.Link, "?"); ok {
		invite = "?" + q
	}
	return c.Table.ID, invite
}

// waitFor polls cond until it holds, failing the test after a long while.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

func waitFinished(t *testing.T, db store.Store, id string) {
	t.Helper()
	waitFor(t, "table "+id+" to finish", func() bool {
		tb, err := db.Table(context.Background(), id)
		return err == nil && tb.Status == store.StatusFinished
	})
}

// waitReview waits until the stored review of id has status st.
func waitReview(t *testing.T, rs store.Reviews, id string, st store.ReviewStatus) store.Review {
	t.Helper()
	var r store.Review
	waitFor(t, "the review of "+id+" to be "+string(st), func() bool {
		var err error
		r, err = rs.Review(context.Background(), id)
		return err == nil && r.Status == st
	})
	return r
}

// reviewAnswer is GET /api/tables/{id}/review as these tests read it.
type reviewAnswer struct {
	Table   string          `json:"table"`
	Game    string          `json:"game"`
	Status  string          `json:"status"`
	Error   string          `json:"error"`
	Scale   string          `json:"scale"`
	Players json.RawMessage `json:"players"`
}

func getReview(t *testing.T, base, id, query string) (int, reviewAnswer, map[string]json.RawMessage) {
	t.Helper()
	var raw map[string]json.RawMessage
	st, eb := do(t, base, "GET", "/api/tables/"+id+"/review"+query, "", nil, &raw)
	if st >= 400 {
		t.Fatalf("GET review of %s: %d %+v", id, st, eb)
	}
	b, _ := json.Marshal(raw)
	var a reviewAnswer
	json.Unmarshal(b, &a)
	return st, a, raw
}

// "A background worker reviews every table that finishes": the review is
// queued when the game ends, answered pending (202, with nothing but the
// table, game and status) while it is made, then served (200) as the
// reviewer made it, with the table named, from the game's record.
func TestReviewQueuedOnFinishAndServed(t *testing.T) {
	rv := newFakeReviewer()
	rv.next = make(chan struct{})
	ts := startReviewServer(t, reviewSetup{reviewer: rv, workers: 1})
	id, _ := botGame(t, ts.base, false)
	waitFinished(t, ts.db, id)
	// Queued by the end of the game, not by a request.
	<-rv.asked
	if r, err := ts.db.Review(context.Background(), id); err != nil || r.Status != store.ReviewRunning {
		t.Fatalf("stored review while the reviewer works: %+v, %v; want running", r, err)
	}
	st, a, raw := getReview(t, ts.base, id, "")
	if st != http.StatusAccepted || a.Table != id || a.Game != "goofspiel" || a.Status != "pending" || len(raw) != 3 {
		t.Errorf("while reviewing: got %d %v; want 202 with table %s, game goofspiel, status pending and nothing else", st, raw, id)
	}
	close(rv.next)
	waitReview(t, ts.db, id, store.ReviewDone)
	st, a, _ = getReview(t, ts.base, id, "")
	if st != http.StatusOK || a.Table != id || a.Game != "goofspiel" || a.Status != "done" || a.Scale != "points" || !strings.Contains(string(a.Players), `"accuracy":91.5`) {
		t.Errorf("done: got %d %+v; want 200 with the reviewer's review of table %s", st, a, id)
	}
	var rec game.Record
	do(t, ts.base, "GET", "/api/tables/"+id+"/record", "", nil, &rec)
	rv.mu.Lock()
	got := rv.record
	rv.mu.Unlock()
	if got.Game != rec.Game || got.Seed != rec.Seed || len(got.Actions) != len(rec.Actions) || got.Hash != rec.Hash {
		t.Errorf("the reviewer was given %s seed %d with %d actions; want the table's record (%s seed %d, %d actions)",
			got.Game, got.Seed, len(got.Actions), rec.Game, rec.Seed, len(rec.Actions))
	}
	if total, _ := rv.counts(); total != 1 {
		t.Errorf("reviews made: %d; want 1", total)
	}
}

// The review API refuses what has no review, with a clear message: an
// unknown table, a game still running (409), a game aborted before its
// end (404).
func TestReviewRefusals(t *testing.T) {
	ts := startReviewServer(t, reviewSetup{reviewer: newFakeReviewer(), workers: 1})
	running, _, _ := createTable(t, ts.base, table.CreateRequest{Game: "connectfour", Players: 2, AutoStart: true})
	var c created
	do(t, ts.base, "POST", "/api/tables", "", table.CreateRequest{Game: "connectfour", Players: 2, TimeControl: patient}, &c)
	if st, eb := do(t, ts.base, "POST", "/api/tables/"+c.Table.ID+"/abort", c.OwnerToken, nil, nil); st != http.StatusOK {
		t.Fatalf("abort: %d %+v", st, eb)
	}
	tests := []struct {
		name   string
		id     string
		status int
		code   game.Code
		says   string
	}{
		{"ErrNoTable", "nope", 404, game.CodeNotFound, "nope"},
		{"ErrRunning", running, 409, game.CodeConflict, "not finished"},
		{"ErrAborted", c.Table.ID, 404, game.CodeNotFound, "aborted"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, eb := do(t, ts.base, "GET", "/api/tables/"+tc.id+"/review", "", nil, nil)
			if st != tc.status || eb.Code != tc.code || !strings.Contains(eb.Message, tc.says) {
				t.Errorf("GET review of %s: got %d %+v; want %d %s saying %q", tc.id, st, eb, tc.status, tc.code, tc.says)
			}
		})
	}
	if n, err := ts.db.UnfinishedReviews(context.Background()); err != nil || n != 0 {
		t.Errorf("reviews queued after the refusals: %d, %v; want none", n, err)
	}
}

// "retried at most 3 times then failed": a reviewer that always fails is
// asked three times, and the review is answered failed with the reason.
func TestReviewFailsAfterThreeErrors(t *testing.T) {
	rv := newFakeReviewer()
	rv.fail = func(n int) error { return fmt.Errorf("the engine gave up on attempt %d", n) }
	ts := startReviewServer(t, reviewSetup{reviewer: rv, workers: 1})
	id, _ := botGame(t, ts.base, false)
	waitReview(t, ts.db, id, store.ReviewFailed)
	st, a, _ := getReview(t, ts.base, id, "")
	if st != http.StatusOK || a.Status != "failed" || a.Error != "the engine gave up on attempt 3" || a.Table != id || a.Game != "goofspiel" {
		t.Errorf("GET review: got %d %+v; want 200, failed with the last attempt's reason", st, a)
	}
	if total, _ := rv.counts(); total != server.ReviewAttempts {
		t.Errorf("attempts: %d; want %d", total, server.ReviewAttempts)
	}
}

// A reviewer that fails once and then succeeds: the retry stores the
// review.
func TestReviewRetriedAfterAnError(t *testing.T) {
	rv := newFakeReviewer()
	rv.fail = func(n int) error {
		if n == 1 {
			return errors.New("out of time")
		}
		return nil
	}
	ts := startReviewServer(t, reviewSetup{reviewer: rv, workers: 1})
	id, _ := botGame(t, ts.base, false)
	if r := waitReview(t, ts.db, id, store.ReviewDone); r.Attempts != 2 {
		t.Errorf("attempts: %d; want 2", r.Attempts)
	}
}

// "resumed after a restart": a review under way when the server stops
// goes back to the queue, and the server that starts next on the same
// database makes it; the interrupted attempt does not count.
func TestReviewResumedAfterRestart(t *testing.T) {
	path := sqlitetest.Path(t)
	stuck := newFakeReviewer()
	stuck.next = make(chan struct{}) // never: it works until stopped
	first := startReviewServer(t, reviewSetup{path: path, reviewer: stuck, workers: 1})
	id, _ := botGame(t, first.base, false)
	<-stuck.asked
	first.stop()

	rv := newFakeReviewer()
	second := startReviewServer(t, reviewSetup{path: path, reviewer: rv, workers: 1})
	r := waitReview(t, second.db, id, store.ReviewDone)
	if r.Attempts != 1 {
		t.Errorf("attempts: %d; want 1 (the interrupted one not counted)", r.Attempts)
	}
	if st, a, _ := getReview(t, second.base, id, ""); st != http.StatusOK || a.Status != "done" {
		t.Errorf("GET review after the restart: %d %+v; want 200 done", st, a)
	}
}

// "0 = reviews off: the API then answers 404 not_found with a clear
// message", and nothing is reviewed.
func TestReviewsOff(t *testing.T) {
	rv := newFakeReviewer()
	ts := startReviewServer(t, reviewSetup{reviewer: rv, workers: 0})
	id, _ := botGame(t, ts.base, false)
	waitFinished(t, ts.db, id)
	st, eb := do(t, ts.base, "GET", "/api/tables/"+id+"/review", "", nil, nil)
	if st != http.StatusNotFound || eb.Code != game.CodeNotFound || !strings.Contains(eb.Message, "turned off") {
		t.Errorf("GET review with reviews off: %d %+v; want 404 not_found saying reviews are turned off", st, eb)
	}
	if total, _ := rv.counts(); total != 0 {
		t.Errorf("reviews made with reviews off: %d; want 0", total)
	}
}

// A private table's review is read as its record is: with its invitation.
func TestPrivateTableReview(t *testing.T) {
	ts := startReviewServer(t, reviewSetup{reviewer: newFakeReviewer(), workers: 1})
	id, invite := botGame(t, ts.base, true)
	waitReview(t, ts.db, id, store.ReviewDone)
	for _, path := range []string{"/record", "/review"} {
		if st, eb := do(t, ts.base, "GET", "/api/tables/"+id+path, "", nil, nil); st != http.StatusUnauthorized || eb.Code != game.CodeUnauthorized {
			t.Errorf("GET %s of a private table without its invitation: %d %+v; want 401", path, st, eb)
		}
	}
	if st, a, _ := getReview(t, ts.base, id, invite); st != http.StatusOK || a.Status != "done" {
		t.Errorf("GET review with the invitation: %d %+v; want 200 done", st, a)
	}
}

// A game finished before reviews were made is queued when its review is
// first asked for, within the queue's cap: beyond it the request is
// refused with 429 and Retry-After, and nothing is queued.
func TestReviewAskedForAnOlderGame(t *testing.T) {
	path := sqlitetest.Path(t)
	old := startReviewServer(t, reviewSetup{path: path, noHook: true})
	a, _ := botGame(t, old.base, false)
	b, _ := botGame(t, old.base, false)
	waitFinished(t, old.db, a)
	waitFinished(t, old.db, b)
	old.stop()

	rv := newFakeReviewer()
	rv.next = make(chan struct{})
	ts := startReviewServer(t, reviewSetup{path: path, reviewer: rv, workers: 1, cap: 1})
	if st, ans, _ := getReview(t, ts.base, a, ""); st != http.StatusAccepted || ans.Status != "pending" {
		t.Errorf("first GET of an unreviewed game: %d %+v; want 202 pending", st, ans)
	}
	req, _ := http.NewRequest("GET", ts.base+"/api/tables/"+b+"/review", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("GET beyond the queue's cap: %d, Retry-After %q; want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if _, err := ts.db.Review(context.Background(), b); game.ErrorCode(err) != game.CodeNotFound {
		t.Errorf("the refused review: %v; want none stored", err)
	}
	close(rv.next)
	waitReview(t, ts.db, a, store.ReviewDone)
	if st, ans, _ := getReview(t, ts.base, b, ""); st != http.StatusAccepted || ans.Status != "pending" {
		t.Errorf("GET once the queue has room: %d %+v; want 202 pending", st, ans)
	}
	waitReview(t, ts.db, b, store.ReviewDone)
}

// blockedReviews is a review store whose QueueReview waits for release
// and then reports the table it queued.
type blockedReviews struct {
	store.Reviews
	release chan struct{}
	queued  chan string
}

func (b blockedReviews) QueueReview(ctx context.Context, id string, now time.Time) (bool, error) {
	<-b.release
	b.queued <- id
	return true, nil
}

// "A rated table's review must not delay the game's end or its rating":
// the hall's Finished hook returns while the store has not queued the
// review yet (the review is queued once it can be), and a game that
// stopped short of its end is not queued.
func TestReviewQueuedWithoutDelayingTheEnd(t *testing.T) {
	b := blockedReviews{release: make(chan struct{}), queued: make(chan string, 4)}
	q := server.NewReviewQueue(server.ReviewQueueConfig{Store: b})
	ctx := context.Background()
	q.TableFinished(ctx, &store.Table{ID: "played", Status: store.StatusFinished, Rated: true, Result: &game.Result{Winners: []game.Player{0}}})
	q.TableFinished(ctx, &store.Table{ID: "aborted", Status: store.StatusFinished, Ending: store.EndingAborted})
	q.TableFinished(ctx, &store.Table{ID: "abandoned", Status: store.StatusFinished, Ending: store.EndingAbandoned})
	// Both hooks returned with the store still blocked.
	close(b.release)
	q.Close()
	close(b.queued)
	var got []string
	for id := range b.queued {
		got = append(got, id)
	}
	if len(got) != 1 || got[0] != "played" {
		t.Errorf("queued %v; want only the game played out", got)
	}
}

// A reviewer that panics fails its attempt, as an error does; the server
// goes on, and the review is failed after the last attempt with a reason
// that does not expose the panic.
func TestReviewerPanicFails(t *testing.T) {
	rv := server.ReviewerFunc(func(ctx context.Context, record []byte) (json.RawMessage, error) {
		panic("index out of range")
	})
	ts := startReviewServer(t, reviewSetup{reviewer: rv, workers: 1})
	id, _ := botGame(t, ts.base, false)
	r := waitReview(t, ts.db, id, store.ReviewFailed)
	if r.Attempts != server.ReviewAttempts || strings.Contains(r.Body, "index out of range") || r.Body == "" {
		t.Errorf("after a reviewer that panics: %+v; want failed after %d attempts with a reason that keeps the panic inside", r, server.ReviewAttempts)
	}
	if st, eb := do(t, ts.base, "GET", "/healthz", "", nil, nil); st != http.StatusOK {
		t.Errorf("the server after the panics: /healthz %d %+v; want 200", st, eb)
	}
}
