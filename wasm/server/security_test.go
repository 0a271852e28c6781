package server

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestPolicyIsTheSameEverywhere: the page's <meta> and the static hosts'
// _headers carry the policy the native server sends.
func TestPolicyIsTheSameEverywhere(t *testing.T) {
	page, err := os.ReadFile("../../site/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if want := `<meta http-equiv="Content-Security-Policy" content="` + MetaPolicy() + `">`; !strings.Contains(string(page), want) {
		t.Errorf("site/index.html lacks %s", want)
	}
	headers, err := os.ReadFile("../../site/_headers")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Content-Security-Policy: " + ContentSecurityPolicy, "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer"} {
		if !strings.Contains(string(headers), want) {
			t.Errorf("site/_headers lacks %q", want)
		}
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "*"} {
		if strings.Contains(ContentSecurityPolicy, bad) {
			t.Errorf("the policy allows %s", bad)
		}
	}
}

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
		for k, v := range map[string]string{"Content-Security-Policy": ContentSecurityPolicy,
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
