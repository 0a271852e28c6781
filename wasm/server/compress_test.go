package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

// The site's files go gzip-compressed to clients that accept it, with the
// type of the file, and unchanged to the others; a missing file is a 404.
func TestGzipFiles(t *testing.T) {
	dir := t.TempDir()
	body := bytes.Repeat([]byte("\x00asm wasm bytes "), 4000)
	os.WriteFile(filepath.Join(dir, "app.wasm"), body, 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><p>hi"), 0o644)
	h := New(dir)
	get := func(path string, gz bool) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip, br")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	rec := get("/app.wasm", true)
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Content-Type") != "application/wasm" {
		t.Fatalf("gzip request: %d %v", rec.Code, rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	if !bytes.Equal(got, body) || rec.Body.Len() >= len(body)/5 {
		t.Errorf("inflated %d bytes (want %d) from %d", len(got), len(body), rec.Body.Len())
	}
	if rec := get("/app.wasm", false); rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), body) {
		t.Errorf("a client without gzip got %v", rec.Header())
	}
	if rec := get("/", true); rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("the page: %d %v", rec.Code, rec.Header())
	}
	if rec := get("/missing.js", true); rec.Code != http.StatusNotFound {
		t.Errorf("a missing file: %d", rec.Code)
	}
}
