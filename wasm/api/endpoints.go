package api

import (
	"net/http"
	"strings"
)

// Endpoint is one path of the API: what NewWith serves and what the
// reference lists.
type Endpoint struct {
	Method, Path string
	Answer       string // what it answers, for the reference
}

// Endpoints are the API's paths, in the reference's order.
var Endpoints = []Endpoint{
	{http.MethodGet, "/api/health", `{"ok": true, "service": "unitfree", "version": "` + Version + `", "runtime": "linux/amd64"}`},
	{http.MethodGet, "/api/learners", "the catalogue: every learner, sampler and optimiser with its paper, parameters (default, range, unit), invariance, cost and variant; the losses and the tasks"},
	{http.MethodGet, "/api/datasets", "the shipped datasets: features with their units, label columns and their classes, rows, source and licence"},
	{http.MethodGet, "/api/qr?text=…", "the QR code of the text as an SVG image (the page's presenter view shows its link with it)"},
	{http.MethodPost, "/api/run", "a run: learners over data with progressive validation; the answer's type depends on the request's task"},
}

// handlers returns each endpoint's handler, by path.
func handlers(opts Options) map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		"/api/health":   health,
		"/api/learners": learners,
		"/api/datasets": datasets,
		"/api/qr":       qr,
		"/api/run":      runner{admit: opts.admit()}.serve,
	}
}

// endpointList is "GET /api/health, …" for the 404 message.
func endpointList() string {
	var parts []string
	for _, e := range Endpoints {
		parts = append(parts, e.Method+" "+strings.Split(e.Path, "?")[0])
	}
	return strings.Join(parts, ", ")
}
