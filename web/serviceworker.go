package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// serviceWorkerName is the key of the built service worker in a site; it
// is served at /sw.js only, so that its scope covers every page.
const serviceWorkerName = "/sw.js"

// shellURLs returns the URLs the service worker caches: "/" (index.html,
// which every page route serves) and /assets/{name} of every other asset
// but the worker's own source, sorted.
func (s site) shellURLs() []string {
	urls := []string{"/"}
	for name := range s {
		if name == "index.html" || name == "sw.js" || name == serviceWorkerName {
			continue
		}
		urls = append(urls, "/assets/"+name)
	}
	slices.Sort(urls[1:])
	return urls
}

// version returns a hash of every asset's content: a release that changes
// any file of the client has another version.
func (s site) version() string {
	names := make([]string, 0, len(s))
	for name := range s {
		if name != serviceWorkerName {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		fmt.Fprintf(h, "%s %s\n", name, s[name].etag)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// addServiceWorker builds the service worker from assets/sw.js with its
// VERSION and SHELL constants put before it, and adds it to the site
// under serviceWorkerName.
func (s site) addServiceWorker() error {
	src := s["sw.js"]
	if src == nil {
		return errors.New("assets/sw.js is missing")
	}
	shell, err := json.Marshal(s.shellURLs())
	if err != nil {
		return err
	}
	head := fmt.Sprintf("const VERSION = %q;\nconst SHELL = %s;\n", s.version(), shell)
	s[serviceWorkerName] = newAsset(serviceWorkerName, append([]byte(head), src.body...), contentType("sw.js"))
	return nil
}
