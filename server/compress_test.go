package server_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"

	"minehall/server"
)

// getEncoded answers GET url with the Accept-Encoding given ("" for none), with
// the transport's own decompression off, so the test sees the bytes sent.
func getEncoded(t *testing.T, url, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestJSONAnswersCompressed checks that the API's larger JSON answers go
// gzipped to a client that accepts gzip, decompressing to the very answer
// an other client gets, that small answers and clients without gzip get
// plain JSON, and that an error keeps its status.
func TestJSONAnswersCompressed(t *testing.T) {
	ts := newTestServer(t, server.Config{})
	plainResp, plain := getEncoded(t, ts.URL+"/api/games", "")
	if plainResp.Header.Get("Content-Encoding") != "" || len(plain) < 1024 {
		t.Fatalf("GET /api/games without gzip: encoding %q, %d bytes; want plain JSON over 1 KB", plainResp.Header.Get("Content-Encoding"), len(plain))
	}
	resp, body := getEncoded(t, ts.URL+"/api/games", "gzip, deflate, br")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET /api/games with gzip: status %d, encoding %q; want 200, gzip", resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	if len(body) >= len(plain) {
		t.Errorf("gzipped answer %d bytes; want fewer than the plain %d", len(body), len(plain))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("the gzipped answer: %v", err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("the gzipped answer: %v", err)
	}
	if string(unzipped) != string(plain) {
		t.Errorf("the gzipped answer decompresses to %d bytes differing from the plain %d", len(unzipped), len(plain))
	}

	small, body := getEncoded(t, ts.URL+"/api/tables/no-such-table", "gzip")
	if small.StatusCode != http.StatusNotFound || small.Header.Get("Content-Encoding") != "" || len(body) == 0 {
		t.Errorf("a small error answer with gzip: status %d, encoding %q, %d bytes; want 404, plain, a body", small.StatusCode, small.Header.Get("Content-Encoding"), len(body))
	}
	q0, _ := getEncoded(t, ts.URL+"/api/games", "gzip;q=0")
	if q0.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0: encoding %q; want none", q0.Header.Get("Content-Encoding"))
	}
}
