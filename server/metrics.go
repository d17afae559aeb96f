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
// with the Go runtime's standard metrics beside them. They are served on
// the admin address only (see [Server.AdminHandler]).
type metrics struct {
	registry    *prometheus.Registry
	connections prometheus.Gauge
	frames      prometheus.Counter
	actions     *prometheus.CounterVec
	latency     prometheus.Histogram
	limited     *prometheus.CounterVec
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
			Name: "minehall_actions_total", Help: "Actions received from players (WebSocket and HTTP), by game and outcome (accepted or an error code).",
		}, []string{"game", "outcome"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "minehall_action_seconds",
			Help:    "Time from receiving an action to acknowledging or refusing it.",
			Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5},
		}),
		limited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "minehall_limited_total", Help: "Requests, WebSockets and frames refused for a limit, by limit (requests, creates, tables, joins, connections, frames, flood).",
		}, []string{"limit"}),
	}
	m.registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.connections, m.frames, m.actions, m.latency, m.limited,
		hallCollector{hall},
	)
	return m
}

// observeAction counts an action of game received from a player, with
// the time from receiving it to its acknowledgement (or refusal).
func (m *metrics) observeAction(gameID string, code game.Code, d time.Duration) {
	outcome := "accepted"
	if code != "" {
		outcome = string(code)
	}
	m.actions.WithLabelValues(gameID, outcome).Inc()
	m.latency.Observe(d.Seconds())
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// hallCollector reads the hall's counts once per scrape.
type hallCollector struct{ hall *table.Hall }

var (
	tablesDesc  = prometheus.NewDesc("minehall_tables", "Live tables this instance runs, by game and status.", []string{"game", "status"}, nil)
	appliedDesc = prometheus.NewDesc("minehall_table_actions_total",
		"Actions applied by tables (players, bots, chance and clocks).", nil, nil)
	thinkingDesc = prometheus.NewDesc("minehall_bots_thinking", "Bots thinking now.", nil, nil)
	waitingDesc  = prometheus.NewDesc("minehall_bots_waiting", "Bots waiting for their turn to think (see --bot-thinkers).", nil, nil)
)

// Describe implements prometheus.Collector.
func (hallCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- tablesDesc
	ch <- appliedDesc
	ch <- thinkingDesc
	ch <- waitingDesc
}

// Collect implements prometheus.Collector.
func (c hallCollector) Collect(ch chan<- prometheus.Metric) {
	for id, n := range c.hall.TablesByGame() {
		ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(n.Open), id, "open")
		ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(n.Playing), id, "playing")
	}
	ch <- prometheus.MustNewConstMetric(appliedDesc, prometheus.CounterValue, float64(c.hall.Stats().Actions))
	thinking, waiting := c.hall.BotsThinking()
	ch <- prometheus.MustNewConstMetric(thinkingDesc, prometheus.GaugeValue, float64(thinking))
	ch <- prometheus.MustNewConstMetric(waitingDesc, prometheus.GaugeValue, float64(waiting))
}
