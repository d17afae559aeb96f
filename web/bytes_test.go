package web

import (
	"maps"
	"net/http"
	"path"
	"regexp"
	"strings"
	"testing"
)

// pageBudget is the most JavaScript and CSS, before compression, that any
// page of the client may load: 300 KB.
const pageBudget = 300_000

// staticImport matches a module's static imports ("import … from './x.js'"
// and "import './x.js'"), not the dynamic import() a page makes later,
// even one that starts a line.
var staticImport = regexp.MustCompile(`(?m)^\s*(?:import(?:\s+|\s*[{*])|export\b)[^;'"]*?(?:from\s*)?['"](\.{1,2}/[^'"]+)['"]`)

// closure adds to seen the module at name (an asset path such as
// "js/main.js") and every module it imports statically, transitively.
func closure(s site, name string, seen map[string]bool) {
	if seen[name] {
		return
	}
	a, ok := s[name]
	if !ok {
		return
	}
	seen[name] = true
	for _, m := range staticImport.FindAllStringSubmatch(string(a.body), -1) {
		closure(s, path.Join(path.Dir(name), m[1]), seen)
	}
}

// weight is the bytes of the modules in seen, of app.css, and of the
// stylesheet of every game renderer among them.
func weight(s site, seen map[string]bool) int {
	n := len(s["app.css"].body)
	for name := range seen {
		n += len(s[name].body)
		if css, ok := s[strings.TrimSuffix(name, ".js")+".css"]; ok && strings.HasPrefix(name, "games/") {
			n += len(css.body)
		}
	}
	return n
}

// pageWeights returns the bytes of JavaScript and CSS, before compression,
// that the client's pages load: shared, what every page loads (main.js and
// the modules it imports, with app.css); and by page, what a table of each
// game renderer loads (the shared modules with the table page, js/table.js,
// and games/<name>.js, their imports and games/<name>.css) and what each page module that a page
// imports dynamically loads with the shared ones ("page js/puzzle-oom.js",
// with the renderer it draws with).
func pageWeights(s site) (shared int, pages map[string]int) {
	base := map[string]bool{}
	closure(s, "js/main.js", base)
	shared = weight(s, base)
	pages = map[string]int{}
	dynamic := regexp.MustCompile(`import\(\s*'(\./[^']+\.js)'\s*\)`)
	for name, a := range s {
		var start, key string
		switch {
		case strings.HasPrefix(name, "games/") && strings.HasSuffix(name, ".js"):
			start, key = name, strings.TrimSuffix(path.Base(name), ".js")
		case strings.HasPrefix(name, "js/") && strings.HasSuffix(name, ".js"):
			for _, m := range dynamic.FindAllStringSubmatch(string(a.body), -1) {
				mod := path.Join("js", m[1])
				seen := maps.Clone(base)
				closure(s, mod, seen)
				pages["page "+mod] = weight(s, seen)
			}
			continue
		default:
			continue
		}
		// A game's table page loads the table page's modules and its
		// renderer's.
		seen := maps.Clone(base)
		closure(s, "js/table.js", seen)
		closure(s, start, seen)
		pages[key] = weight(s, seen)
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
	for _, g := range []string{"generic", "minerals", "outofmine", "hammertime", "tf22", "page js/puzzle-oom.js"} {
		if pages[g] <= shared {
			t.Errorf("%s weighs %d bytes, no more than the %d shared: its own modules were not found", g, pages[g], shared)
		}
	}
	for g, n := range pages {
		if n > pageBudget {
			t.Errorf("a %s page loads %d bytes of JavaScript and CSS (%d shared); want at most %d", g, n, shared, pageBudget)
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
