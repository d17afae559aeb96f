package server

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"minehall/game"
	"minehall/table"
)

// metrics holds the server's Prometheus metrics in a registry of its own
// (so that several servers in one process, as in tests, do not collide),
// with the Go runtime's standard metrics beside them.
type metrics struct {
	registry    *prometheus.Registry
	connections prometheus.Gauge
	frames      prometheus.Counter
	actions     *prometheus.CounterVec
	accepted    prometheus.Counter // actions with outcome "accepted"
	latency     prometheus.Histogram
}

func newMetrics(hall *table.Hall) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "minehall_connections", Help: "Open WebSocket connections.",
		}),
		frames: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "minehall_frames_sent_total", Help: "WebSocket frames sent.",
		}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "minehall_actions_total", Help: "Actions received over WebSocket, by outcome (accepted or an error code).",
		}, []string{"outcome"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "minehall_action_seconds",
			Help:    "Time from receiving an action to acknowledging or refusing it.",
			Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5},
		}),
	}
	m.accepted = m.actions.WithLabelValues("accepted")
	m.registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.connections, m.frames, m.actions, m.latency,
		hallCollector{hall},
	)
	return m
}

// observeAction counts an action received over a connection, with the time
// from receiving it to its acknowledgement (or refusal).
func (m *metrics) observeAction(code game.Code, d time.Duration) {
	if code == "" {
		m.accepted.Inc()
	} else {
		m.actions.WithLabelValues(string(code)).Inc()
	}
	m.latency.Observe(d.Seconds())
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// hallCollector reads the hall's counts once per scrape.
type hallCollector struct{ hall *table.Hall }

var (
	tablesDesc  = prometheus.NewDesc("minehall_tables", "Live tables by status.", []string{"status"}, nil)
	appliedDesc = prometheus.NewDesc("minehall_table_actions_total",
		"Actions applied by tables (players, bots, chance and clocks).", nil, nil)
)

// Describe implements prometheus.Collector.
func (hallCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- tablesDesc
	ch <- appliedDesc
}

// Collect implements prometheus.Collector.
func (c hallCollector) Collect(ch chan<- prometheus.Metric) {
	st := c.hall.Stats()
	ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(st.Open), "open")
	ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(st.Playing), "playing")
	ch <- prometheus.MustNewConstMetric(appliedDesc, prometheus.CounterValue, float64(st.Actions))
}
