//go:build !js

package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// TestCompileWorkerWarmsTheProgramsUp: the worker that compiles each of
// the page's programs also runs it once, to its end (with no document
// there, the program does its first frames' pure-Go work and returns), so
// that the browser compiles that code off the page's main thread; the
// worker says the run went through.
func TestCompileWorkerWarmsTheProgramsUp(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(serveSite(t, server.New(siteDir))+"/favicon.svg")); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		Module bool    `json:"module"`
		Warm   *string `json:"warm"`
		Error  string  `json:"error"`
	}
	for _, file := range []string{"playground.wasm", "rooms.wasm"} {
		expr := `new Promise((resolve) => {
		  const w = new Worker("compile-worker.js");
		  w.onmessage = ({ data }) => {
		    if ("got" in data) return;
		    w.terminate();
		    resolve({ module: data.module instanceof WebAssembly.Module, warm: data.warm, error: data.error || "" });
		  };
		  w.postMessage({ file: "` + file + `" });
		})`
		a, err := chromedp.Run(ctx, chromedp.Evaluate[answer](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !a.Module:
			t.Errorf("%s: the worker sent no module (error %q)", file, a.Error)
		case a.Warm == nil:
			t.Errorf("%s: the worker did not run the program before sending it", file)
		case *a.Warm != "":
			t.Errorf("%s: running the program in the worker failed: %s", file, *a.Warm)
		}
	}
}
