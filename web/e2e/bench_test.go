package e2e

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkFirstBoardDrawn measures the time from navigating to a Minerals
// table (as a spectator, in a fresh page load) until its SVG board is
// drawn: HTML, modules, translations, the WebSocket's first state and the
// renderer. Its metric is ms-to-board per load.
func BenchmarkFirstBoardDrawn(b *testing.B) {
	s := startSite(b)
	body, _ := json.Marshal(map[string]any{"game": "minerals", "players": 2, "autostart": true,
		"seats": []map[string]string{{"kind": "person"}, {"kind": "bot", "bot": "random"}}})
	resp, err := http.Post(s.URL+"/api/tables", "application/json", bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	var created struct {
		Link string `json:"link"`
	}
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	join, _ := http.Post(s.URL+"/api"+created.Link+"/join", "application/json", bytes.NewReader([]byte(`{"name":"Ann"}`)))
	if join == nil || join.StatusCode != http.StatusOK {
		b.Fatalf("join: %v", join)
	}
	join.Body.Close()
	tab := newTab(b, newBrowser(b), "bench")
	var total time.Duration
	for b.Loop() {
		if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		if err := chromedp.Do(tab, chromedp.Navigate(s.URL+created.Link), chromedp.WaitVisible(chromedp.CSS(`#board svg.hexboard`))); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms-to-board")
}
