package web

import (
	"net/http"
	"strings"
	"testing"
)

// BenchmarkShippedBytes reports the bytes of JavaScript and CSS the client
// ships, plain and gzipped (as served to a browser that accepts gzip). The
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
}
