package web

import (
	"net/http"
	"path"
	"strings"
	"testing"
)

// pageBudget is the most JavaScript and CSS, before compression, that any
// page of the client may load: 300 KB.
const pageBudget = 300_000

// pageWeights returns, for each game renderer, the bytes of JavaScript and
// CSS a page that shows it loads before compression: every shared module
// (js/, which main.js loads on every page), app.css, and that renderer's
// own files (games/<name>.js and games/<name>.css, loaded only at its
// tables). The lobby, rules and replay pages load less than any table.
func pageWeights(s site) (shared int, pages map[string]int) {
	pages = map[string]int{}
	for name, a := range s {
		switch {
		case strings.HasPrefix(name, "js/") && strings.HasSuffix(name, ".js"), name == "app.css":
			shared += len(a.body)
		case strings.HasPrefix(name, "games/") && (strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".css")):
			g := strings.TrimSuffix(path.Base(name), path.Ext(name))
			pages[g] += len(a.body)
		}
	}
	for g := range pages {
		pages[g] += shared
	}
	return shared, pages
}

// TestPageWeightBudget checks that no page of the client loads more than
// pageBudget bytes of JavaScript and CSS: the shared client with the
// heaviest game renderer stays within 300 KB.
func TestPageWeightBudget(t *testing.T) {
	shared, pages := pageWeights(Handler().(site))
	if shared == 0 || len(pages) < 5 {
		t.Fatalf("got %d shared bytes and %d renderers; want the shared client and every renderer (generic, minerals, outofmine, hammertime, tf22)", shared, len(pages))
	}
	for g, n := range pages {
		if n > pageBudget {
			t.Errorf("a %s table loads %d bytes of JavaScript and CSS (%d shared); want at most %d", g, n, shared, pageBudget)
		}
	}
}

// BenchmarkShippedBytes reports the bytes of JavaScript and CSS the client
// ships, plain and gzipped (as served to a browser that accepts gzip), and
// the heaviest page's plain bytes (the shared client and one renderer). The
// figures are the metrics; the loop only serves the files.
func BenchmarkShippedBytes(b *testing.B) {
	s := Handler().(site)
	var js, css, jsGz, cssGz int
	for name, a := range s {
		z := len(a.body)
		if a.gzipped != nil {
			z = len(a.gzipped)
		}
		switch {
		case strings.HasSuffix(name, ".js"):
			js, jsGz = js+len(a.body), jsGz+z
		case strings.HasSuffix(name, ".css"):
			css, cssGz = css+len(a.body), cssGz+z
		}
	}
	shared, pages := pageWeights(s)
	heaviest := 0
	for _, n := range pages {
		heaviest = max(heaviest, n)
	}
	for b.Loop() {
		rec := get(b, s, http.MethodGet, "/assets/games/minerals.js", map[string]string{"Accept-Encoding": "gzip"})
		if rec.Code != http.StatusOK {
			b.Fatalf("got status %d; want 200", rec.Code)
		}
	}
	b.ReportMetric(float64(js), "js-bytes")
	b.ReportMetric(float64(jsGz), "js-gzip-bytes")
	b.ReportMetric(float64(css), "css-bytes")
	b.ReportMetric(float64(cssGz), "css-gzip-bytes")
	b.ReportMetric(float64(shared), "shared-bytes")
	b.ReportMetric(float64(heaviest), "page-max-bytes")
}
