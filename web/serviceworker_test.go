package web

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// workerConstants returns the VERSION and SHELL the server put in the
// service worker it serves.
func workerConstants(t *testing.T, body string) (version string, shell []string) {
	t.Helper()
	m := regexp.MustCompile(`(?m)^const VERSION = "([0-9a-f]+)";\nconst SHELL = (\[.*\]);$`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("the service worker does not start with its VERSION and SHELL: %.200s", body)
	}
	if err := json.Unmarshal([]byte(m[2]), &shell); err != nil {
		t.Fatalf("SHELL does not decode: %v", err)
	}
	return m[1], shell
}

// The service worker at /sw.js (so that its scope is the whole site)
// caches the page and every file the client may load, each of which the
// server serves, and never an API path.
func TestServiceWorkerCachesTheShell(t *testing.T) {
	h := Handler()
	rec := get(t, h, "GET", "/sw.js", nil)
	if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
		t.Errorf("/sw.js: got Cache-Control %q; want no-cache, so a release is found at once", got)
	}
	_, shell := workerConstants(t, rec.Body.String())
	for _, want := range []string{"/", "/assets/js/main.js", "/assets/js/offline.js", "/assets/app.css", "/assets/i18n/nl.json",
		"/assets/games/tf22.js", "/assets/data/minerals.json", "/assets/manifest.webmanifest", "/assets/icons/icon-192.png"} {
		if !slices.Contains(shell, want) {
			t.Errorf("SHELL lacks %s", want)
		}
	}
	for _, u := range shell {
		if strings.HasPrefix(u, "/api/") || strings.HasPrefix(u, "/ws/") || u == "/assets/sw.js" {
			t.Errorf("SHELL has %s; want no API path and not the worker's source", u)
		}
		if got := get(t, h, "GET", u, nil).Code; got != 200 {
			t.Errorf("SHELL has %s, which answers %d; want 200 (the worker's install would fail)", u, got)
		}
	}
}

// A release that changes any file of the client has a new cache version,
// so its service worker replaces the old cache; the same files give the
// same version.
func TestServiceWorkerVersionFollowsTheAssets(t *testing.T) {
	build := func(script string) string {
		s, err := loadSite(fstest.MapFS{
			"index.html": {Data: []byte("<!doctype html>")},
			"sw.js":      {Data: []byte("// worker")},
			"js/main.js": {Data: []byte(script)},
		})
		if err != nil {
			t.Fatalf("loadSite: %v", err)
		}
		if err := s.addServiceWorker(); err != nil {
			t.Fatalf("addServiceWorker: %v", err)
		}
		version, shell := workerConstants(t, string(s[serviceWorkerName].body))
		if want := []string{"/", "/assets/js/main.js"}; !slices.Equal(shell, want) {
			t.Errorf("got SHELL %q; want %q", shell, want)
		}
		return version
	}
	a, again, b := build("start(1)"), build("start(1)"), build("start(2)")
	if a != again {
		t.Errorf("the same files: got versions %s and %s; want equal", a, again)
	}
	if a == b {
		t.Errorf("main.js changed: got version %s for both; want a new one", a)
	}
}
