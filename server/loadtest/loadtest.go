// Package loadtest drives a Minehall server with many concurrent tables of
// client bots over real WebSockets and measures actions per second, the
// latency from an action sent to its update received, and memory; it also
// measures the echo rate of the same WebSocket client against a bare
// coder/websocket echo server, the ceiling for comparison.
package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"minehall/game"
	"minehall/server"
	"minehall/table"
)

// Config says what load to make.
type Config struct {
	// URL is the server's base URL, as http://127.0.0.1:8080.
	URL string
	// URLs, when set instead of URL, are the base URLs of several
	// instances sharing their tables: the instance each table is created
	// on goes round them, and the seats of a table join and play on
	// consecutive instances from there, so that with two instances and
	// two players one player is on the instance that runs the table and
	// the other is not.
	URLs []string
	// Tables is how many tables play at once; a finished table is replaced
	// by a new one at once.
	Tables int
	// Game and Players choose the game; every seat is a client bot.
	Game    string
	Players int
	Options game.Options
	// Warmup is how long tables play before measuring; Duration how long
	// the measurement lasts.
	Warmup, Duration time.Duration
	// Think is how long a client bot waits before each move, uniformly
	// between half and one and a half of it; zero plays at once, which
	// saturates the server.
	Think time.Duration
	// Measuring, if set, is called when the measurement starts, and
	// Measured when it ends, while every table is still in play: the
	// place for profiles and for sampling memory without disturbing the
	// latencies measured.
	Measuring, Measured func()
}

// Limits are per-address limits under which a load of tables tables of
// players seats each, all from one address as this generator makes it,
// is never refused, while every request still goes through them; a
// server's DefaultLimits are for a public hall of many addresses and
// would refuse it.
func Limits(tables, players int) server.Limits {
	return server.Limits{
		Requests:    1_000_000,
		Creates:     10_000_000,
		Joins:       10_000_000,
		Connections: 2*tables*players + 16,
		Tables:      tables + 16,
	}
}

// Report is what a run measured.
type Report struct {
	Tables    int
	Actions   int           // actions acknowledged during the measurement
	Seconds   float64       // length of the measurement
	PerSecond float64       // Actions / Seconds
	P50, P99  time.Duration // action sent to its update received
	Max       time.Duration
	// WorstBySecond is the longest latency of the actions sent in each
	// second of the measurement: stalls show as isolated peaks.
	WorstBySecond []time.Duration
	Games         int // games finished during the measurement
	Errors        int // error frames and failed connections
	FirstError    string
}

// latencies collects samples from many goroutines.
type latencies struct {
	mu      sync.Mutex
	start   time.Time // of the measurement
	samples []time.Duration
	worst   []time.Duration // by second of the measurement
}

func (l *latencies) add(sent time.Time, d time.Duration) {
	l.mu.Lock()
	l.samples = append(l.samples, d)
	if sec := int(sent.Sub(l.start) / time.Second); sec >= 0 {
		for len(l.worst) <= sec {
			l.worst = append(l.worst, 0)
		}
		l.worst[sec] = max(l.worst[sec], d)
	}
	l.mu.Unlock()
}

func (l *latencies) percentile(q float64) time.Duration {
	if len(l.samples) == 0 {
		return 0
	}
	i := int(q * float64(len(l.samples)-1))
	return l.samples[i]
}

type run struct {
	cfg       Config
	measuring atomic.Bool
	actions   atomic.Int64
	games     atomic.Int64
	errors    atomic.Int64
	firstErr  atomic.Value
	lat       latencies
	http      *http.Client
}

// Run plays cfg.Tables tables at once for cfg.Warmup+cfg.Duration and
// reports what it measured after the warmup.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if len(cfg.URLs) == 0 {
		cfg.URLs = []string{cfg.URL}
	}
	r := &run{cfg: cfg, http: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for i := range cfg.Tables {
		wg.Add(1)
		go pprof.Do(ctx, pprof.Labels("side", "client"), func(ctx context.Context) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			for k := i; ctx.Err() == nil; k++ {
				if err := r.playTable(ctx, rng, k); err != nil && ctx.Err() == nil {
					r.fail(err)
					time.Sleep(100 * time.Millisecond)
				}
			}
		})
	}
	select {
	case <-time.After(cfg.Warmup):
	case <-ctx.Done():
		return Report{}, ctx.Err()
	}
	if cfg.Measuring != nil {
		cfg.Measuring()
	}
	start := time.Now()
	r.lat.mu.Lock()
	r.lat.start = start
	r.lat.mu.Unlock()
	r.measuring.Store(true)
	select {
	case <-time.After(cfg.Duration):
	case <-ctx.Done():
	}
	r.measuring.Store(false)
	secs := time.Since(start).Seconds()
	if cfg.Measured != nil {
		cfg.Measured()
	}
	cancel()
	wg.Wait()
	r.lat.mu.Lock()
	slices.Sort(r.lat.samples)
	rep := Report{
		Tables: cfg.Tables, Actions: int(r.actions.Load()), Seconds: secs,
		P50: r.lat.percentile(0.50), P99: r.lat.percentile(0.99), Games: int(r.games.Load()), Errors: int(r.errors.Load()),
	}
	if n := len(r.lat.samples); n > 0 {
		rep.Max = r.lat.samples[n-1]
	}
	rep.WorstBySecond = r.lat.worst
	r.lat.mu.Unlock()
	rep.PerSecond = float64(rep.Actions) / secs
	if e, ok := r.firstErr.Load().(string); ok {
		rep.FirstError = e
	}
	return rep, nil
}

func (r *run) fail(err error) {
	r.errors.Add(1)
	r.firstErr.CompareAndSwap(nil, err.Error())
}

// url returns the base URL of instance k, round the instances.
func (r *run) url(k int) string { return r.cfg.URLs[k%len(r.cfg.URLs)] }

func (r *run) post(ctx context.Context, base, path string, body, out any) error {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(ctx, "POST", base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := r.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("POST %s: %s: %s", path, resp.Status, data)
	}
	return json.Unmarshal(data, out)
}

// serverFrame is the part of a server frame the bots read.
type serverFrame struct {
	Type   string       `json:"type"`
	N      int64        `json:"n"`
	Player *game.Player `json:"player"`
	Status string       `json:"status"`
	Legal  []string     `json:"legal"`
	Code   string       `json:"code"`
	Msg    string       `json:"message"`
}

// playTable creates the k-th table of a goroutine on instance k, seats a
// client bot in every seat (seat i on instance k+i) and plays the game to
// its end. The table is private, as an untimed table must be: the bots
// join it by its invitation, each through its own instance.
func (r *run) playTable(ctx context.Context, rng *rand.Rand, k int) error {
	var created struct {
		Table table.Info `json:"table"`
		Link  string     `json:"link"`
	}
	req := table.CreateRequest{Game: r.cfg.Game, Players: r.cfg.Players, Options: r.cfg.Options, AutoStart: true, Private: true}
	if err := r.post(ctx, r.url(k), "/api/tables", req, &created); err != nil {
		return err
	}
	id := created.Table.ID
	invite := ""
	if _, q, ok := strings.Cut(created.Link, "?"); ok {
		invite = "?" + q
	}
	tokens := make([]string, r.cfg.Players)
	for i := range tokens {
		var j struct{ Token string }
		if err := r.post(ctx, r.url(k+i), "/api/tables/"+id+"/join"+invite, map[string]any{"name": fmt.Sprintf("bot %d", i)}, &j); err != nil {
			return err
		}
		tokens[i] = j.Token
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, len(tokens))
	for seat, tok := range tokens {
		wg.Add(1)
		seed := rng.Uint64()
		go func() {
			defer wg.Done()
			if err := r.playSeat(ctx, r.url(k+seat), id, game.Player(seat), tok, seed); err != nil {
				errs <- err
				cancel()
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil && ctx.Err() == nil {
		return err
	}
	if r.measuring.Load() {
		r.games.Add(1)
	}
	return nil
}

// actFrame is the frame a client bot sends to act.
type actFrame struct {
	Type string `json:"type"`
	Seq  int64  `json:"seq"`
	Move string `json:"move"`
}

// playSeat plays one seat: whenever it has legal moves it sends a random
// one and times it until its update arrives.
func (r *run) playSeat(ctx context.Context, base, id string, seat game.Player, token string, seed uint64) error {
	url := "ws" + strings.TrimPrefix(base, "http") + "/ws/tables/" + id
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	hello, _ := json.Marshal(map[string]any{"type": "hello", "token": token, "legal": true})
	if err := c.Write(ctx, websocket.MessageText, hello); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	var seq int64
	var sent time.Time
	waiting := false
	acted := int64(-1)
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		var f serverFrame
		if err := json.Unmarshal(b, &f); err != nil {
			return err
		}
		switch f.Type {
		case "error":
			return fmt.Errorf("table %s seat %d: %s: %s", id, seat, f.Code, f.Msg)
		case "ack":
			continue
		case "update":
			if waiting && f.Player != nil && *f.Player == seat {
				waiting = false
				if r.measuring.Load() {
					r.lat.add(sent, time.Since(sent))
					r.actions.Add(1)
				}
			}
		}
		if f.Status == "finished" {
			c.Close(websocket.StatusNormalClosure, "")
			return nil
		}
		if len(f.Legal) > 0 && !waiting && f.N > acted {
			acted = f.N
			if r.cfg.Think > 0 {
				pause := r.cfg.Think/2 + time.Duration(rng.Int64N(int64(r.cfg.Think)))
				select {
				case <-time.After(pause):
				case <-ctx.Done():
					return nil
				}
			}
			seq++
			msg, _ := json.Marshal(actFrame{Type: "act", Seq: seq, Move: f.Legal[rng.IntN(len(f.Legal))]})
			sent, waiting = time.Now(), true
			if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		}
	}
}
