//go:build !js

package browsertest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// benchPage runs a Go test binary compiled to WASM with the arguments of
// the query string, and marks the page when the binary exits.
const benchPage = `<!doctype html><meta charset="utf-8"><title>bench</title>
<script src="wasm_exec.js"></script>
<script>
const go = new Go();
go.argv = ["bench.wasm"].concat(new URLSearchParams(location.search).getAll("arg"));
go.exit = code => { window.benchCode = code; window.benchDone = true; };
WebAssembly.instantiateStreaming(fetch("bench.wasm"), go.importObject).then(r => go.run(r.instance));
</script>`

// TestWASMBenchInChromium runs the learners' benchmarks compiled to WASM in
// headless Chromium and writes their output next to the binary (make bench
// builds it and sets UNITFREE_BENCH_WASM; without it the test skips).
func TestWASMBenchInChromium(t *testing.T) {
	bin := os.Getenv("UNITFREE_BENCH_WASM")
	if bin == "" {
		t.Skip("UNITFREE_BENCH_WASM is not set: `make bench` runs this measurement")
	}
	if skipReason != "" {
		t.Skip(skipReason)
	}
	wasm, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	execJS, err := os.ReadFile(filepath.Join(siteDir, "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/bench.html", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(benchPage)) })
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		w.Write(execJS)
	})
	mux.HandleFunc("/bench.wasm", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Write(wasm)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	ctx, cancel := chromedp.NewContext(browserCtx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 20*time.Minute)
	defer cancelTimeout()
	var mu sync.Mutex
	var out strings.Builder
	chromedp.Listen(ctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventConsoleAPICalled); ok {
			mu.Lock()
			defer mu.Unlock()
			for _, a := range ev.Args {
				out.WriteString(strings.Trim(string(a.Value), `"`))
			}
			out.WriteString("\n")
		}
	})
	args := os.Getenv("UNITFREE_BENCH_ARGS") // e.g. "-test.run=^$ -test.bench=Learn/.*/d=100$"
	q := ""
	for _, a := range strings.Fields(args) {
		q += "&arg=" + strings.ReplaceAll(a, "$", "%24")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/bench.html?"+strings.TrimPrefix(q, "&"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.benchDone === true`, chromedp.WithPollingTimeout(19*time.Minute))); err != nil {
		t.Fatalf("the benchmarks did not finish: %v\n%s", err, out.String())
	}
	code, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`window.benchCode`))
	mu.Lock()
	text := strings.ReplaceAll(out.String(), `\t`, "\t")
	mu.Unlock()
	dst := filepath.Join(filepath.Dir(bin), "chromium.txt")
	if err := os.WriteFile(dst, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("exit code %d; output in %s:\n%s", code, dst, text)
	if code != 0 || !strings.Contains(text, "Benchmark") {
		t.Fatalf("the benchmark binary failed in Chromium")
	}
}
