package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"minehall/internal/httpenc"
)

//go:embed assets
var assets embed.FS

// contentSecurityPolicy keeps every request of the page on its own server:
// scripts, styles, images and connections (WebSockets included) all come
// from 'self' and nowhere else.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// asset is one embedded file, ready to serve.
type asset struct {
	name    string
	body    []byte
	gzipped []byte // nil when compression does not pay
	etag    string
	ctype   string
}

// site is the set of embedded files by their path under assets/.
type site map[string]*asset

// loadSite reads every embedded file once, with its ETag, content type and
// gzip encoding.
func loadSite(fsys fs.FS) (site, error) {
	s := site{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		s[p] = newAsset(p, b, contentType(p))
		return nil
	})
	return s, err
}

// newAsset returns the asset name with body, its ETag and its gzip
// encoding when compression pays.
func newAsset(name string, body []byte, ctype string) *asset {
	sum := sha256.Sum256(body)
	a := &asset{name: name, body: body, etag: `"` + hex.EncodeToString(sum[:8]) + `"`, ctype: ctype}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(body)
	w.Close()
	if z.Len() < len(body)*9/10 {
		a.gzipped = z.Bytes()
	}
	return a
}

// contentType returns the MIME type of an asset by its extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".json":
		return "application/json; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".webmanifest":
		return "application/manifest+json"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// Handler serves the browser client: GET /assets/{file} serves an embedded
// file (404 for an unknown one), GET /sw.js the service worker that keeps
// the client's shell for use offline (see serviceworker.go), GET
// /robots.txt one that lets crawlers see every page, and every other GET or HEAD outside /api/
// and /ws/ serves index.html, so that client-side routes such as
// /tables/{id} and /replay/{id} load the app. Other methods are refused
// with 405. Every answer carries a Content-Security-Policy that allows no
// request outside the page's own server. The assets are read, hashed and
// compressed once per process; every handler serves the same ones.
func Handler() http.Handler { return embeddedSite() }

// embeddedSite builds the site of the embedded assets on its first call
// and returns the same site after; a site is not changed once built.
var embeddedSite = sync.OnceValue(func() site {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic("web: the embedded assets are missing: " + err.Error())
	}
	s, err := loadSite(sub)
	if err != nil {
		panic("web: the embedded assets do not read: " + err.Error())
	}
	if err := s.addGameData(); err != nil {
		panic("web: the game data does not encode: " + err.Error())
	}
	if s["index.html"] == nil || s["robots.txt"] == nil {
		panic("web: the embedded assets have no index.html or robots.txt")
	}
	if err := s.addServiceWorker(); err != nil {
		panic("web: the service worker does not build: " + err.Error())
	}
	return s
})

// ServeHTTP implements http.Handler.
func (s site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	switch {
	case strings.HasPrefix(p, "/assets/"):
		a := s[strings.TrimPrefix(p, "/assets/")]
		if a == nil || a.name == "index.html" || a.name == "sw.js" || a.name == serviceWorkerName {
			http.NotFound(w, r)
			return
		}
		a.serve(w, r)
	case p == "/sw.js":
		s[serviceWorkerName].serve(w, r)
	case p == "/robots.txt":
		s["robots.txt"].serve(w, r)
	case strings.HasPrefix(p, "/api/"), strings.HasPrefix(p, "/ws/"):
		http.NotFound(w, r)
	default:
		s["index.html"].serve(w, r)
	}
}

// serve writes the asset, gzipped when the client accepts it, answering
// If-None-Match with 304. Assets are revalidated on every load (no-cache),
// so a new binary's client is picked up at once.
func (a *asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	body := a.body
	etag := a.etag
	if a.gzipped != nil && httpenc.AcceptsGzip(r) {
		body = a.gzipped
		etag = strings.TrimSuffix(a.etag, `"`) + `-gz"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
