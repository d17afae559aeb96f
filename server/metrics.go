package server

import (
	"fmt"
	"io"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"minehall/game"
	"minehall/table"
)

// metrics holds the server's counters and writes them in the Prometheus
// text exposition format (version 0.0.4).
type metrics struct {
	connections atomic.Int64
	frames      atomic.Uint64

	mu       sync.Mutex
	actions  map[game.Code]uint64 // by outcome; "" is accepted
	buckets  []float64            // upper bounds in seconds
	counts   []uint64             // per bucket (not cumulative)
	sum      float64
	observed uint64
}

func newMetrics() *metrics {
	return &metrics{
		actions: map[game.Code]uint64{},
		buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5},
		counts:  make([]uint64, 13),
	}
}

// observeAction counts an action received over a connection, with the time
// from receiving it to its acknowledgement (or refusal).
func (m *metrics) observeAction(code game.Code, d time.Duration) {
	s := d.Seconds()
	i, _ := slices.BinarySearch(m.buckets, s)
	m.mu.Lock()
	m.actions[code]++
	m.counts[i]++
	m.sum += s
	m.observed++
	m.mu.Unlock()
}

func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.metrics.write(w, s.cfg.Hall.Stats())
}

func (m *metrics) write(w io.Writer, st table.Stats) {
	fmt.Fprintf(w, "# HELP minehall_tables Live tables by status.\n# TYPE minehall_tables gauge\n")
	fmt.Fprintf(w, "minehall_tables{status=\"open\"} %d\nminehall_tables{status=\"playing\"} %d\n", st.Open, st.Playing)
	fmt.Fprintf(w, "# HELP minehall_connections Open WebSocket connections.\n# TYPE minehall_connections gauge\n")
	fmt.Fprintf(w, "minehall_connections %d\n", m.connections.Load())
	fmt.Fprintf(w, "# HELP minehall_frames_sent_total WebSocket frames sent.\n# TYPE minehall_frames_sent_total counter\n")
	fmt.Fprintf(w, "minehall_frames_sent_total %d\n", m.frames.Load())
	fmt.Fprintf(w, "# HELP minehall_table_actions_total Actions applied by tables (players, bots, chance, clocks).\n# TYPE minehall_table_actions_total counter\n")
	fmt.Fprintf(w, "minehall_table_actions_total %d\n", st.Actions)

	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprintf(w, "# HELP minehall_actions_total Actions received over WebSocket, by outcome.\n# TYPE minehall_actions_total counter\n")
	codes := make([]string, 0, len(m.actions))
	for c := range m.actions {
		codes = append(codes, string(c))
	}
	slices.Sort(codes)
	for _, c := range codes {
		outcome := c
		if outcome == "" {
			outcome = "accepted"
		}
		fmt.Fprintf(w, "minehall_actions_total{outcome=%q} %d\n", outcome, m.actions[game.Code(c)])
	}
	fmt.Fprintf(w, "# HELP minehall_action_seconds Time from receiving an action to acknowledging or refusing it.\n# TYPE minehall_action_seconds histogram\n")
	var cum uint64
	for i, b := range m.buckets {
		cum += m.counts[i]
		fmt.Fprintf(w, "minehall_action_seconds_bucket{le=\"%g\"} %d\n", b, cum)
	}
	cum += m.counts[len(m.buckets)]
	fmt.Fprintf(w, "minehall_action_seconds_bucket{le=\"+Inf\"} %d\n", cum)
	fmt.Fprintf(w, "minehall_action_seconds_sum %g\nminehall_action_seconds_count %d\n", m.sum, m.observed)

	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(w, "# HELP go_goroutines Goroutines.\n# TYPE go_goroutines gauge\ngo_goroutines %d\n", runtime.NumGoroutine())
	fmt.Fprintf(w, "# HELP go_memstats_heap_inuse_bytes Heap bytes in use.\n# TYPE go_memstats_heap_inuse_bytes gauge\ngo_memstats_heap_inuse_bytes %d\n", ms.HeapInuse)
}
