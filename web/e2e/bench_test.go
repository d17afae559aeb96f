package e2e

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// benchClock is the time control of the browser benchmarks' public
// tables: a week a move.
var benchClock = map[string]int{"move_s": 7 * 24 * 60 * 60}

// BenchmarkFirstBoardDrawn measures the time from navigating to a Minerals
// table (as a spectator, in a fresh page load) until its SVG board is
// drawn: HTML, modules, translations, the WebSocket's first state and the
// renderer. Its metrics are ms-to-board per load, the browser's own first
// contentful paint (ms-first-paint, from the Paint Timing API) and the
// bytes of JavaScript and CSS the page loaded (page-bytes, decoded).
func BenchmarkFirstBoardDrawn(b *testing.B) {
	s := startSite(b)
	// A public table where a person plays a turn-based game has a clock:
	// a week a move, which no load waits out.
	body, _ := json.Marshal(map[string]any{"game": "minerals", "players": 2, "autostart": true,
		"time_control": benchClock,
		"seats":        []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "random"}}})
	resp, err := http.Post(s.URL+"/api/tables", "application/json", bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	var created struct {
		Link string `json:"link"`
	}
	err = json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusCreated {
		b.Fatalf("create a table: status %d, %v", resp.StatusCode, err)
	}
	join, _ := http.Post(s.URL+"/api"+created.Link+"/join", "application/json", bytes.NewReader([]byte(`{"name":"Ann"}`)))
	if join == nil || join.StatusCode != http.StatusOK {
		b.Fatalf("join: %v", join)
	}
	join.Body.Close()
	tab := newTab(b, newBrowser(b), "bench")
	var total time.Duration
	var paint, bytes float64
	for b.Loop() {
		if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		if err := chromedp.Do(tab, chromedp.Navigate(s.URL+created.Link), visible(`#board svg.hexboard`)); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
		m, err := chromedp.Run(tab, chromedp.Evaluate[[]float64](`[
  performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
  performance.getEntriesByType('resource').filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname)).reduce((a, r) => a + r.decodedBodySize, 0)]`))
		if err != nil || m[0] < 0 {
			b.Fatalf("paint timing: %v %v", m, err)
		}
		paint += m[0]
		bytes = m[1]
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms-to-board")
	b.ReportMetric(paint/float64(b.N), "ms-first-paint")
	b.ReportMetric(bytes, "page-bytes")
}
