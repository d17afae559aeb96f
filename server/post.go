package server

import (
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"

	"minehall/game"
)

// checkPost refuses a state-changing request (every POST) that a page of
// another site could have sent: its body must be declared JSON (a form or
// a "simple" cross-site request cannot declare it without the browser
// asking first), and an Origin header, when present, must be the server's
// own host or match one of AllowedOrigins, as for WebSockets.
func (s *Server) checkPost(r *http.Request) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return game.Errorf(game.CodeInvalid, "a POST needs the header Content-Type: application/json, also without a body")
	}
	if o := r.Header.Get("Origin"); o != "" && !originAllowed(o, r.Host, s.cfg.AllowedOrigins) {
		return game.Errorf(game.CodeUnauthorized, "pages of %s may not change tables here", o)
	}
	return nil
}

// originAllowed reports whether a page of origin may send requests to the
// server at host: its host is the server's own, or matches one of the
// patterns (path.Match syntax, case-insensitive; a pattern with "://"
// matches the scheme too), as coder/websocket decides for WebSockets.
func originAllowed(origin, host string, patterns []string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, host) {
		return true
	}
	for _, p := range patterns {
		target := u.Host
		if strings.Contains(p, "://") {
			target = u.Scheme + "://" + u.Host
		}
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(target)); ok {
			return true
		}
	}
	return false
}
