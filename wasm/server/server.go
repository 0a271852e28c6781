// Package server joins the static site and the API into the one handler that
// `make serve` and the browser tests serve natively.
package server

import (
	"net/http"

	"unitfree/wasm/api"
	"unitfree/wasm/policy"
)

// New returns a handler serving the files under siteDir at / (gzip-
// compressed for clients that accept it; no folder listings) and the API
// under /api/, every answer with the site's security headers.
func New(siteDir string) http.Handler {
	return NewWith(siteDir, DefaultAdmission())
}

// NewWith is New with the given admission control of POST /api/run.
func NewWith(siteDir string, adm Admission) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/api/", api.NewWith(api.Options{Admit: adm.admitter().Admit}))
	mux.Handle("/", noCache(noListings(siteDir, withGzip(siteDir, http.FileServer(http.Dir(siteDir))))))
	return policy.Headers(mux)
}

// noCache asks the browser to revalidate every file, so that a rebuilt WASM
// binary is picked up on the next reload during development.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
