package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"unitfree/wasm/policy"
)

// TestSecurityHeadersAndNoListings: every answer (page, API, a missing
// file) carries the headers, and a folder without an index.html is a 404,
// not a listing of its files.
func TestSecurityHeadersAndNoListings(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/index.html", []byte("<!doctype html>"), 0o644)
	os.MkdirAll(dir+"/assets/data", 0o755)
	os.WriteFile(dir+"/assets/data/a.csv", []byte("a\n1\n"), 0o644)
	h := New(dir)
	for _, path := range []string{"/", "/api/health", "/nope", "/assets/", "/assets/data/", "/assets/data/a.csv"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		for k, v := range map[string]string{"Content-Security-Policy": policy.CSP,
			"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"} {
			if got := rec.Header().Get(k); got != v {
				t.Errorf("%s: %s = %q, want %q", path, k, got, v)
			}
		}
		if strings.HasSuffix(path, "/") && path != "/" {
			if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "a.csv") || strings.Contains(rec.Body.String(), "data/") {
				t.Errorf("%s: %d %q; want a 404 without a listing", path, rec.Code, rec.Body.String())
			}
		}
	}
}
