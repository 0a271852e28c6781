// Package api is unitfree's HTTP API: one http.Handler, served natively by
// `make serve`, by Cloudflare's workerd and inside the page in a Web Worker
// (all three through github.com/syumai/workers in the js build).
package api

import (
	"encoding/json"
	"net/http"
	"runtime"
)

// Version is the API's version, reported by /api/health.
const Version = "0.1.0"

// New returns the handler for every path under /api/.
func New() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/health", health)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path)
	})
	return mux
}

// health answers GET /api/health.
func health(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"ok":      true,
		"service": "unitfree",
		"version": Version,
		"runtime": runtime.GOOS + "/" + runtime.GOARCH,
	})
}

// writeJSON writes v as a JSON response with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError writes {"error": msg} with the given status.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
