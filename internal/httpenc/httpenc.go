// Package httpenc holds what the HTTP adapters (the server's API and the
// web client's assets) share about content encodings.
package httpenc

import (
	"net/http"
	"strings"
)

// AcceptsGzip reports whether the request accepts a gzip-encoded answer:
// its Accept-Encoding names gzip, and not with q=0.
func AcceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
