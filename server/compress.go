package server

import (
	"compress/gzip"
	"net/http"
	"strings"
)

// compressMin is the smallest JSON answer worth compressing: below it the
// gzip header and the CPU cost more than the bytes saved.
const compressMin = 1024

// gzipJSON is a ResponseWriter that compresses a JSON answer of at least
// compressMin bytes for a client that accepts gzip: the answer is held
// until it is known to be that large, then sent gzipped; a smaller one,
// or any other kind of answer, passes unchanged. Close must be called once
// the handler returns.
type gzipJSON struct {
	http.ResponseWriter
	status  int
	json    bool // the answer is JSON (known once the header is written)
	decided bool // the answer goes out, compressed (gz) or not
	held    []byte
	gz      *gzip.Writer
}

func (g *gzipJSON) WriteHeader(status int) {
	if g.status != 0 {
		return
	}
	g.status = status
	h := g.Header()
	g.json = strings.HasPrefix(h.Get("Content-Type"), "application/json") && h.Get("Content-Encoding") == "" &&
		status != http.StatusNoContent && status != http.StatusNotModified
	if !g.json {
		g.decided = true
		g.ResponseWriter.WriteHeader(status)
	}
}

func (g *gzipJSON) Write(p []byte) (int, error) {
	if g.status == 0 {
		g.WriteHeader(http.StatusOK)
	}
	if g.decided {
		if g.gz != nil {
			return g.gz.Write(p)
		}
		return g.ResponseWriter.Write(p)
	}
	g.held = append(g.held, p...)
	if len(g.held) >= compressMin {
		h := g.Header()
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		h.Del("Content-Length")
		g.ResponseWriter.WriteHeader(g.status)
		g.gz = gzip.NewWriter(g.ResponseWriter)
		g.decided = true
		held := g.held
		g.held = nil
		if _, err := g.gz.Write(held); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Close sends what is still held: the end of the gzip stream, or a small
// answer as it is.
func (g *gzipJSON) Close() error {
	if g.gz != nil {
		return g.gz.Close()
	}
	if !g.decided && g.status != 0 {
		g.ResponseWriter.WriteHeader(g.status)
		_, err := g.ResponseWriter.Write(g.held)
		return err
	}
	return nil
}

// Unwrap gives http.ResponseController the writer underneath.
func (g *gzipJSON) Unwrap() http.ResponseWriter { return g.ResponseWriter }
