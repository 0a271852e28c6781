package server

import (
	"net/http"
	"runtime"
	"strconv"
	"time"
)

// Admission bounds the API runs the native server does at once, so that a
// burst of heavy runs cannot starve /api/health or the static files:
// Slots runs at a time (one per core), at most Queue more waiting, each for
// at most Wait; any other request is answered 503 with Retry-After at once.
type Admission struct {
	Slots, Queue int
	Wait         time.Duration
}

// DefaultAdmission is the native server's: one run per core, four waiting
// per core, for up to 10 s.
func DefaultAdmission() Admission {
	n := runtime.NumCPU()
	return Admission{Slots: n, Queue: 4 * n, Wait: 10 * time.Second}
}

// Limit wraps h (the run endpoint) with the admission control.
func (a Admission) Limit(h http.Handler) http.Handler {
	running := make(chan struct{}, a.Slots)
	waiting := make(chan struct{}, a.Slots+a.Queue)
	busy := func(w http.ResponseWriter) {
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(a.Wait.Seconds()))))
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`{"error":"the server is running as many runs as it has cores and more are waiting: retry after the time in Retry-After"}` + "\n"))
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case waiting <- struct{}{}:
		default:
			busy(w)
			return
		}
		defer func() { <-waiting }()
		timer := time.NewTimer(a.Wait)
		defer timer.Stop()
		select {
		case running <- struct{}{}:
		case <-timer.C:
			busy(w)
			return
		case <-r.Context().Done():
			return
		}
		defer func() { <-running }()
		h.ServeHTTP(w, r)
	})
}
