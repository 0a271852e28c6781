package api

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// heapPeak runs f and returns the highest heap in use (objects, live and
// not yet swept) above the heap before it, sampled every 100 µs with the
// collector kept tight (GOGC=10), so that garbage adds little.
func heapPeak(f func()) int64 {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() int64 { metrics.Read(sample); return int64(sample[0].Value.Uint64()) }
	base := read()
	var peak atomic.Int64
	done := make(chan struct{})
	go func() {
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	}()
	f()
	close(done)
	return peak.Load() - base
}

// inlineRegression is a regress request of rows rows of d features.
func inlineRegression(rows, d int, learners string) string {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([][]float64, rows)
	y := make([]float64, rows)
	for i := range x {
		x[i] = make([]float64, d)
		for j := range x[i] {
			x[i][j] = float64(int(rng.NormFloat64()*1000)) / 1000
		}
		y[i] = x[i][0]
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return `{"task":"regress","data":{"x":` + string(xs) + `,"y":` + string(ys) + `},"learners":` + learners + `}`
}

// TestMemoryEstimatesBoundTheRuns: for runs of every task, the largest
// among them near the limits, the estimate the admission gets is at
// least the heap the run is measured to use, and not far above it (an
// estimate far above would turn runs away for nothing).
func TestMemoryEstimatesBoundTheRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("measures runs of up to 50,000 rounds")
	}
	if runtime.GOOS == "js" {
		t.Skip("the heap is sampled by a goroutine beside the run, which WASM's one thread does not preempt")
	}
	// Full SOBA's estimate is the worst case of its lazily written factor
	// (dense updates); SynSep's sparse ones write a twentieth of it.
	worstCase := map[string]bool{"synsep full SOBA": true}
	cases := map[string]string{
		"penguins, degree 2": `{"task":"classify","dataset":"penguins","positive":"Gentoo","features":{"degree":2,"bias":true},"learners":[{"id":"vaw"},{"id":"scinol-full"},{"id":"ogd"},{"id":"arow"}],"passes":5,"keep":["predictions","losses","order"]}`,
		"inline 20,000 x 20": inlineRegression(20000, 20, `[{"id":"vaw"},{"id":"scinol-diag"},{"id":"ogd"}]`),
		"synsep 50,000":      `{"task":"bandit","generator":{"name":"synsep","rounds":50000,"seed":1},"learners":[{"id":"soba-diag"}]}`,
		"synsep full SOBA":   `{"task":"bandit","generator":{"name":"synsep","rounds":12,"seed":1},"learners":[{"id":"soba"}],"keep":["rounds"]}`,
		"synnonsep, dense":   `{"task":"bandit","generator":{"name":"synnonsep","rounds":20000,"seed":1},"offset":[` + strings.TrimSuffix(strings.Repeat("0.5,", 400), ",") + `],"learners":[{"id":"banditron"},{"id":"soba-diag"}]}`,
		"board, two cities":  `{"task":"board","dataset":"weather-two-cities","label":"location","orders":2,"rescalings":1}`,
		"tau 10,000 x 100":   `{"task":"sampling","generator":{"name":"tau","rounds":10000,"dim":100,"tau":100,"seed":1},"runs":[{"optimizer":"saga","sampler":"mabs"},{"optimizer":"sgd","sampler":"uniform"},{"optimizer":"prox-svrg","sampler":"mabs"}],"passes":2}`,
	}
	for name, body := range cases {
		var estimate int64
		h := NewWith(Options{Admit: func(_ context.Context, bytes int64) (func(), error) {
			estimate = bytes
			return func() {}, nil
		}})
		run := func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(body)))
			if rec.Code != 200 {
				t.Errorf("%s: %d %.300s", name, rec.Code, rec.Body)
			}
		}
		// The larger of two measurements: a sample that misses the peak
		// only lowers it (once 5.9 MB of a run's usual 10 MB).
		peak := max(heapPeak(run), heapPeak(run))
		t.Logf("%-20s measured %7.1f MB, estimated %7.1f MB", name, float64(peak)/(1<<20), float64(estimate)/(1<<20))
		if estimate < peak {
			t.Errorf("%s: estimated %d bytes, measured %d", name, estimate, peak)
		}
		if estimate > 6*peak+8<<20 && !worstCase[name] {
			t.Errorf("%s: estimated %d bytes, more than 6 times the %d measured", name, estimate, peak)
		}
	}
}

// TestRefusedRunsAnswer: a run the admission calls busy is a 503 with
// Retry-After, one too big for the server a 507 naming the memory; a
// request with an error is answered before any admission is asked for.
func TestRefusedRunsAnswer(t *testing.T) {
	body := `{"task":"classify","dataset":"penguins","positive":"Gentoo","learners":[{"id":"ogd"}]}`
	asked := 0
	for _, c := range []struct {
		err    error
		status int
		want   string
	}{
		{&Busy{RetryAfter: 7 * time.Second, Reason: "busy now"}, 503, "busy now"},
		{&TooBig{Bytes: 3 << 30, Limit: 1 << 30}, 507, "3072 MB"},
	} {
		h := NewWith(Options{Admit: func(context.Context, int64) (func(), error) { asked++; return nil, c.err }})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(body)))
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%v: %d %s", c.err, rec.Code, rec.Body)
		}
		if c.status == 503 && rec.Header().Get("Retry-After") != "7" {
			t.Errorf("Retry-After = %q", rec.Header().Get("Retry-After"))
		}
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(`{"task":"classify","dataset":"penguins","learners":[{"id":"nope"}]}`)))
		if rec.Code != 400 {
			t.Errorf("a bad request: %d %s", rec.Code, rec.Body)
		}
	}
	if asked != 2 {
		t.Errorf("the admission was asked %d times, want 2 (never for a bad request)", asked)
	}
}
