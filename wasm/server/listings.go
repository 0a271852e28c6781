package server

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
)

// noListings answers 404 for a folder without an index.html, instead of
// http.FileServer's listing of its files.
func noListings(siteDir string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := filepath.Join(siteDir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			if _, err := os.Stat(filepath.Join(p, "index.html")); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}
