// Package api is unitfree's HTTP API: one http.Handler, served natively by
// `make serve`, by Cloudflare's workerd and inside the page in a Web Worker
// (all three through github.com/syumai/workers in the js build). It is pure
// Go and keeps no state between requests.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"unitfree/wasm/policy"
)

// Version is the API's version, reported by /api/health.
const Version = "0.2.0"

// MaxBodyBytes is the largest request body /api/run accepts.
const MaxBodyBytes = 4 << 20

// Options are what a runtime adds to the handler.
type Options struct {
	// Admit, when set, is asked before a run allocates its data and
	// learners, with the memory the run is estimated to keep live. It
	// returns when the run may start, with the function that ends the
	// admission (called when the run is done, before its answer is
	// written), or with an error: a *Busy is answered 503 with
	// Retry-After, a *TooBig 507, anything else 503.
	Admit func(ctx context.Context, bytes int64) (release func(), err error)
}

// Busy is the error of a run refused for now: retry after RetryAfter.
type Busy struct {
	RetryAfter time.Duration
	Reason     string
}

func (b *Busy) Error() string { return b.Reason }

// TooBig is the error of a run that needs more memory than the server
// ever gives one run.
type TooBig struct{ Bytes, Limit int64 }

func (e *TooBig) Error() string {
	return fmt.Sprintf("the run needs about %d MB of memory, more than this server gives one run (%d MB): use fewer rounds, passes, learners or features",
		e.Bytes>>20, e.Limit>>20)
}

// New returns the handler for every path under /api/, with no admission
// control (workerd and the page's worker run one request per instance).
func New() http.Handler { return NewWith(Options{}) }

// NewWith returns the handler for every path under /api/ with opts. Every
// answer carries the site's security headers, in every runtime.
func NewWith(opts Options) http.Handler {
	mux := http.NewServeMux()
	serve := handlers(opts)
	for _, e := range Endpoints {
		path := strings.Split(e.Path, "?")[0]
		mux.Handle(path, only(e.Method, serve[path]))
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path+" (endpoints: "+endpointList()+")")
	})
	return policy.Headers(recoverJSON(cors(mux)))
}

// admitFunc starts a run of the given estimated memory; see Options.Admit.
type admitFunc func(ctx context.Context, bytes int64) (release func(), err error)

// admit returns opts.Admit, or one that admits every run at once.
func (opts Options) admit() admitFunc {
	if opts.Admit != nil {
		return opts.Admit
	}
	return func(context.Context, int64) (func(), error) { return func() {}, nil }
}

// writeRefusal answers a run the admission refused.
func writeRefusal(w http.ResponseWriter, err error) {
	var busy *Busy
	var big *TooBig
	switch {
	case errors.As(err, &busy):
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(busy.RetryAfter.Seconds()))))
		writeError(w, http.StatusServiceUnavailable, busy.Reason)
	case errors.As(err, &big):
		writeError(w, http.StatusInsufficientStorage, big.Error())
	default:
		writeError(w, http.StatusServiceUnavailable, "the run did not start: "+err.Error())
	}
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

// only answers 405 with a JSON error to any method but m.
func only(m string, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != m && !(m == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", m)
			writeError(w, http.StatusMethodNotAllowed, r.URL.Path+" accepts "+m+", not "+r.Method)
			return
		}
		h(w, r)
	})
}

// cors lets pages on other origins call the API (it has no credentials).
func cors(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if r.Method == http.MethodOptions {
			w.Header().Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
			w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// recoverJSON turns a panic into a JSON 500 instead of a dropped connection;
// the tests and the fuzzer make sure it never happens.
func recoverJSON(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				writeError(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v", p))
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// writeJSON writes v as a JSON response with the given status. v is
// encoded before the status is written: a value JSON cannot carry (a NaN or
// an infinity from a run whose numbers overflowed) becomes a 422 that says
// so, never a 200 with an empty body.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusUnprocessableEntity
		body, _ = json.Marshal(map[string]string{"error": "the run's results are not finite numbers (" + err.Error() +
			"): a value overflowed float64; rescale the data (smaller values) or choose another objective"})
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// writeError writes {"error": msg} with the given status.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
