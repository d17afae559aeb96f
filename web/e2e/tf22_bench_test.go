package e2e

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkTF22FirstPlanetDrawn measures the time from navigating to a
// 4-player TF22 Mine table (as its seated person, in a fresh page load)
// until the planet is drawn with every card's tunnels and back: HTML,
// modules, translations, the card table, the WebSocket's first state and
// the renderer. Its metric is ms-to-planet per load.
func BenchmarkTF22FirstPlanetDrawn(b *testing.B) {
	s := startSite(b)
	link := createTableB(b, s, `{"game": "tf22", "players": 4, "autostart": true, "time_control": {"move_s": 604800},
		"seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}`)
	tab := newTab(b, newBrowser(b), "bench")
	if err := chromedp.Do(tab, chromedp.Navigate(s.URL+link), visible(`#join-name`),
		sendKeys(chromedp.CSS(`#join-name`), "Ann"), click(chromedp.CSS(`#join`)),
		visible(`#tf-planet`)); err != nil {
		b.Fatal(err)
	}
	// drawn is a new poll each time: a poll keeps the page it first ran in.
	drawn := func() chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](`document.querySelectorAll('#tf-planet .tfcard').length === 36 && document.querySelectorAll('#tf-planet .backhint path').length >= 36`,
			chromedp.WithPollingInterval(5*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))
	}
	var total time.Duration
	for b.Loop() {
		if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		if err := chromedp.Do(tab, chromedp.Navigate(s.URL+link), visible(`#tf-planet`), drawn()); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms-to-planet")
}

// createTableB creates a table through the HTTP API from a JSON request
// and returns its link.
func createTableB(b *testing.B, s *site, req string) string {
	b.Helper()
	resp, err := http.Post(s.URL+"/api/tables", "application/json", bytes.NewReader([]byte(req)))
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	var created struct {
		Link string `json:"link"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&created); err != nil || resp.StatusCode != http.StatusCreated {
		b.Fatalf("create a table: status %d, %v", resp.StatusCode, err)
	}
	return created.Link
}
