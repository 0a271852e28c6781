//go:build !js

package browsertest

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// warmUp is what the compiling worker says of its warm-up of a program
// (site/compile-worker.js; the page keeps it in window.unitfreeWarmUps).
type warmUp struct {
	Failed string  `json:"failed"` // what went wrong, "" when nothing did
	Runs   int     `json:"runs"`
	Ms     float64 `json:"ms"` // the runs and the wait after them
}

// TestCompileWorkerWarmsTheProgramsUp: the worker that compiles each of
// the page's programs also runs it, each run to its end (with no document
// there, the program does its first frames' pure-Go work and returns), so
// that the browser compiles that code off the page's main thread. A
// program that settles (the one a visit lands on) runs again until the
// runs take a steady time (the browser has optimised its hot code on its
// own threads, not beside the page's start), within warmAtMostMs: a first
// run, then at least two steady ones; one that does not (a room opened by
// a click, which the visitor waits for) runs once. The worker says the
// runs went through, how many, and how long they took.
func TestCompileWorkerWarmsTheProgramsUp(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(serveSite(t, server.New(siteDir))+"/favicon.png")); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		Module bool    `json:"module"`
		Warm   *warmUp `json:"warm"`
		Error  string  `json:"error"`
	}
	const warmAtMostMs = 2000 // site/compile-worker.js
	for _, file := range []string{"playground.wasm", "rooms.wasm"} {
		for _, settles := range []bool{true, false} {
			expr := `new Promise((resolve) => {
			  const w = new Worker("compile-worker.js");
			  w.onmessage = ({ data }) => {
			    if ("got" in data) return;
			    w.terminate();
			    resolve({ module: data.module instanceof WebAssembly.Module, warm: data.warm, error: data.error || "" });
			  };
			  w.postMessage({ file: "` + file + `", settles: ` + fmt.Sprint(settles) + ` });
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
			case a.Warm.Failed != "":
				t.Errorf("%s: running the program in the worker failed: %s", file, a.Warm.Failed)
			case settles && a.Warm.Runs < 3 && a.Warm.Ms < warmAtMostMs:
				t.Errorf("%s, settling: the worker ran the program %d times in %.0f ms: it stopped before two steady runs and before %d ms", file, a.Warm.Runs, a.Warm.Ms, warmAtMostMs)
			case !settles && a.Warm.Runs != 1:
				t.Errorf("%s, not settling: the worker ran the program %d times, want once", file, a.Warm.Runs)
			default:
				t.Logf("%s, settling %v: warmed up in %d runs, %.0f ms", file, settles, a.Warm.Runs, a.Warm.Ms)
			}
		}
	}
}

// TestLandingSettlesOnFewCores: the program a visit lands on settles in
// the compiling worker (several runs, until the browser has optimised its
// hot code) on a device that reports at most 4 cores, where that
// optimising competed with the page's start for them; on one that reports
// 8 it runs once, so that the page starts as soon as it can. A visit that
// lands on another room settles the rooms' program only: the playground's,
// which waits until the units playground is shown, runs once (its
// settling took the cores the room started on).
func TestLandingSettlesOnFewCores(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, c := range []struct {
		cores   int64
		hash    string
		settles map[string]bool // each program's settling
	}{
		{2, "", map[string]bool{"playground.wasm": true}},
		{8, "", map[string]bool{"playground.wasm": false}},
		{2, "#bandit", map[string]bool{"rooms.wasm": true, "playground.wasm": false}},
	} {
		ctx := newTab(t)
		if _, err := chromedp.Call(ctx, emulation.SetHardwareConcurrencyOverride, emulation.SetHardwareConcurrencyOverrideParams{HardwareConcurrency: c.cores}); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(url+c.hash)); err != nil {
			t.Fatal(err)
		}
		for file, settles := range c.settles {
			where := fmt.Sprintf("%d cores, landing on %q, %s", c.cores, "/"+c.hash, file)
			w, err := chromedp.Run(ctx, chromedp.Poll[warmUp](`window.unitfreeWarmUps[`+strconv.Quote(file)+`]`, chromedp.WithPollingTimeout(60*time.Second)))
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			switch {
			case w.Failed != "":
				t.Errorf("%s: the warm-up failed: %s", where, w.Failed)
			case settles && w.Runs < 3 && w.Ms < 2000:
				t.Errorf("%s: the program ran %d times in %.0f ms in the worker, want it to settle (3 runs at least, or 2 s)", where, w.Runs, w.Ms)
			case !settles && w.Runs != 1:
				t.Errorf("%s: the program ran %d times in the worker, want once", where, w.Runs)
			default:
				t.Logf("%s: %d runs, %.0f ms", where, w.Runs, w.Ms)
			}
		}
	}
}

// TestStartCompiledMostlyInWorker: on a phone's first visit, most of the
// WebAssembly functions that the start runs are compiled in the compiling
// worker (its warm-up), not on the page's main thread, where each one is
// compiled in the task that first calls it. Counted from a browser trace
// (V8's lazy compilations per thread) from the navigation until the
// pictures are live. With the engine's warm-up alone the main thread
// compiled 275 functions; with the view's pure-Go code and the bridge to
// JavaScript warmed up too, 172 (later 194, as the page grew); with the
// page's own functions whose compiling took longest called in the
// worker too (pageCalls, on nil receivers), 150-152 (81-155 ms against
// 161-213, two interleaved pairs).
func TestStartCompiledMostlyInWorker(t *testing.T) {
	ctx := newLiveTab(t)
	emulatePhone(t, ctx, 412, 823, 4)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchPictures}); err != nil {
		t.Fatal(err)
	}
	lazy := traceLazyCompiles(t, ctx, func() {
		if err := chromedp.Do(ctx, chromedp.Navigate(serveSite(t, server.New(siteDir)))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.picturesChangedAt > 0`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
	})
	main, worker := lazy["CrRendererMain"], lazy["DedicatedWorker thread"]
	t.Logf("functions compiled at first call until the pictures were live: page's main thread %d (%.0f ms, CPU 4x slower), compiling worker %d (%.0f ms)",
		main.count, main.ms, worker.count, worker.ms)
	if worker.count == 0 {
		t.Fatalf("the trace shows no function compiled in the worker (threads: %v): the warm-up did not run", lazy)
	}
	const most = 175 // 275 before the view's warm-up, 194 before the page's calls, 152 after
	if main.count > most {
		t.Errorf("the page's main thread compiled %d functions at their first call, want at most %d: the worker's warm-up misses code the start runs", main.count, most)
	}
	writeMeasurement(t, "start-compile", map[string]any{"mainFunctions": main.count, "mainMs": main.ms, "workerFunctions": worker.count, "workerMs": worker.ms})
}

// TestRoomStartCompiledMostlyInWorker is TestStartCompiledMostlyInWorker
// for a visit that lands on the bandit room's link (the rooms' program),
// until its first picture is drawn and 3 s later. With the engine's
// warm-up alone the page's main thread compiled 449 to 455 functions (620
// ms at 4x): among them 200 of the runtime's collector, which the
// worker's warm-up never ran, and the room's pure-Go view code; with a
// collection and the bandit room's view warmed up too, 208 to 222 (270 to
// 390 ms); with the rooms' own functions whose compiling took longest
// called in the worker too (roomCalls), 168 (127-151 ms against 127-198,
// two interleaved pairs).
func TestRoomStartCompiledMostlyInWorker(t *testing.T) {
	ctx := newLiveTab(t)
	emulatePhone(t, ctx, 412, 823, 4)
	lazy := traceLazyCompiles(t, ctx, func() {
		if err := chromedp.Do(ctx, chromedp.Navigate(serveSite(t, server.New(siteDir))+"#bandit")); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeBandit !== undefined && window.unitfreeRoomShown === "bandit"`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second) // the room plays on, and collects
	})
	main, worker := lazy["CrRendererMain"], lazy["DedicatedWorker thread"]
	t.Logf("landing on the bandit room, functions compiled at first call: page's main thread %d (%.0f ms, CPU 4x slower), compiling worker %d (%.0f ms)",
		main.count, main.ms, worker.count, worker.ms)
	if worker.count == 0 {
		t.Fatalf("the trace shows no function compiled in the worker (threads: %v): the warm-up did not run", lazy)
	}
	const most = 190 // 449-455 before the rooms' view and the collector were warmed up, 208-222 after; 168 with the rooms' own functions called (roomCalls)
	if main.count > most {
		t.Errorf("the page's main thread compiled %d functions at their first call, want at most %d: the worker's warm-up misses code the room's start runs", main.count, most)
	}
}

// compiles counts a thread's lazy compilations and their milliseconds.
type compiles struct {
	count int
	ms    float64
}

// traceLazyCompiles records a browser trace around run and returns V8's
// lazy WebAssembly compilations (wasm.CompileLazy) by thread name.
func traceLazyCompiles(t *testing.T, ctx context.Context, run func()) map[string]compiles {
	t.Helper()
	out := map[string]compiles{}
	for _, e := range traceDuring(t, ctx, []string{"v8.wasm", "disabled-by-default-v8.wasm.detailed"}, run) {
		if e.Name != "wasm.CompileLazy" {
			continue
		}
		c := out[e.Thread]
		c.count++
		c.ms += e.Dur / 1000
		out[e.Thread] = c
	}
	return out
}

// TestFirstTapCompiledInWorker: a visitor's first tap (Play, once the
// stream has ended) runs code the start did not: the listener's wrapper
// and dom's wrapping of the event (a switch over 45 event types), the
// page's handler and Play's. The compiling worker's warm-up dispatches an
// event to a listener added as the page adds its controls' and calls
// Play's handler, so that they are compiled there: on the page's main
// thread they took 16 ms of CPU, 36-66 ms of the tap's task on a phone
// slowed 4x. Counted as the functions compiled at their first call on the
// main thread from the tap to the frame that answers it.
func TestFirstTapCompiledInWorker(t *testing.T) {
	ctx := newLiveTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	waitFor(t, ctx, "the stream's end", `window.unitfree.rounds === window.unitfree.total && !window.unitfree.playing`, 60*time.Second)
	time.Sleep(time.Second) // the comparator of the end
	lazy := traceLazyCompiles(t, ctx, func() {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
			t.Fatal(err)
		}
		// The frame after the tap paints what the controls answer and
		// draws nothing (answerFirst); the replay's drawing comes after it.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((ok) => requestAnimationFrame(() => ok(true)))`, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatal(err)
		}
	})
	main := lazy["CrRendererMain"]
	t.Logf("the first tap on Play: %d functions compiled at their first call on the main thread (%.1f ms)", main.count, main.ms)
	const most = 5 // 6 before the warm-up's event and Play's handler; since, 3 here and 4 in CI's runs
	if main.count > most {
		t.Errorf("the first tap compiled %d functions on the page's main thread, want at most %d: the worker's warm-up misses the tap's code", main.count, most)
	}
}
