//go:build !js

package browsertest

import (
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
	"unitfree/wasm/server"
)

// TestTimeToInteractive measures, in a fresh tab (cold cache), the page
// clock when the WASM has been compiled and when the playground answers.
func TestTimeToInteractive(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	ms, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[window.unitfreeLoadMs, window.unitfree.interactiveMs]`))
	if err != nil || len(ms) != 2 || ms[1] < ms[0] || ms[0] <= 0 {
		t.Fatalf("load %v, interactive: %v", ms, err)
	}
	t.Logf("cold cache, localhost: WASM downloaded and compiled at %.0f ms, interactive at %.0f ms", ms[0], ms[1])
	writeMeasurement(t, "interactive", InteractiveMeasure{Page: "units room", CompiledMs: ms[0], InteractiveMs: ms[1]})
	// The page answers within 3 s on localhost (measured: about 1 s); a
	// loaded CI machine gets 20 s.
	if limit := budget(3000, 20000); ms[1] > limit {
		t.Errorf("interactive at %.0f ms, over the budget of %.0f ms", ms[1], limit)
	}
}

// TestFrameTimes measures the page's own frame times (requestAnimationFrame
// deltas it exposes) with 4 learners, 500 points and 64x64 heatmaps, playing
// 10 rounds per frame, and holds them to their budgets: a frame on time at
// 60 Hz (16.7 ms plus 5% jitter for the interval, 16.7 ms of work) under
// `make bench`, five times that in `make test`. Under `make bench` it
// measures up to three 4-second windows, each in a fresh tab, and keeps the
// best, as the benchmarks keep their fastest run: on this shared 2-core
// machine another process can steal a window's frames.
func TestFrameTimes(t *testing.T) {
	m := playground.NewModel()
	m.Clear()
	for i := range 500 {
		x, y := math.Sin(float64(i)*1.7), math.Cos(float64(i)*2.3)
		label := 1.0
		if x+0.3*y < 0 {
			label = -1
		}
		m.Add(playground.Point{X: 0.9 * x, Y: 0.9 * y, Label: label})
	}
	url := serveSite(t, server.New(siteDir)) + "#" + links.Encode(m)
	frameLimit, workLimit := budget(16.7*1.05, 5*16.7*1.05), budget(16.7, 5*16.7)
	attempts := 1
	if benchDir() != "" {
		attempts = 3
	}
	var best FrameMeasure
	for try := range attempts {
		ctx := newTab(t)
		waitReady(t, ctx, url)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil { // speed 10 by default
			t.Fatal(err)
		}
		time.Sleep(4 * time.Second)
		s := state(t, ctx)
		if s.Points != 500 || s.Rounds == 0 || s.Frames < 20 {
			t.Fatalf("state %+v", s)
		}
		phases, _ := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`window.unitfree.phasesMs`))
		fm := FrameMeasure{Setup: "4 learners, 500 points, 64x64 heatmaps, 10 rounds per frame", FrameMedianMs: s.FrameMedianMs,
			FrameP95Ms: s.FrameP95Ms, WorkMedianMs: s.WorkMedianMs, WorkP95Ms: s.WorkP95Ms, Frames: s.Frames}
		t.Logf("window %d, %s: frame interval median %.1f ms, p95 %.1f ms over %d frames; the page's work per frame median %.1f ms, p95 %.1f ms; last frame's phases (ms) %v",
			try+1, fm.Setup, fm.FrameMedianMs, fm.FrameP95Ms, fm.Frames, fm.WorkMedianMs, fm.WorkP95Ms, phases)
		if try == 0 || fm.FrameP95Ms+fm.WorkP95Ms < best.FrameP95Ms+best.WorkP95Ms {
			best = fm
		}
		if best.FrameP95Ms <= frameLimit && best.WorkP95Ms <= workLimit {
			break
		}
	}
	writeMeasurement(t, "frames", best)
	if best.FrameP95Ms > frameLimit {
		t.Errorf("p95 frame interval %.1f ms, over the budget of %.1f ms", best.FrameP95Ms, frameLimit)
	}
	if best.WorkP95Ms > workLimit {
		t.Errorf("p95 work per frame %.1f ms, over the budget of %.1f ms", best.WorkP95Ms, workLimit)
	}
}

// TestLoadingStateIsVisible holds the WASM download back and checks that the
// page shows its progress state meanwhile, then starts once it arrives.
func TestLoadingStateIsVisible(t *testing.T) {
	ctx := newTab(t)
	release := make(chan struct{})
	site := server.New(siteDir)
	url := serveSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "playground.wasm") {
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		site.ServeHTTP(w, r)
	}))
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("load-status")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg, "Loading") {
		t.Errorf("while the WASM downloads the page says %q", msg)
	}
	screenshot(t, ctx, "loading")
	close(release)
	waitReady(t, ctx, url)
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("loading").hidden`))
	if err != nil || !hidden {
		t.Fatalf("the loading screen stays after start (hidden=%v, err=%v)", hidden, err)
	}
}

// TestLoadFailureIsExplained serves the site without its WASM binary: the
// page must say why it cannot run instead of staying blank.
func TestLoadFailureIsExplained(t *testing.T) {
	ctx := newTab(t)
	site := server.New(siteDir)
	url := serveSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "playground.wasm") {
			http.NotFound(w, r)
			return
		}
		site.ServeHTTP(w, r)
	}))
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.failed === "true"`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("no failure shown: %v", err)
	}
	msg, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("load-error")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(msg, "404") || !strings.Contains(msg, "playground.wasm") {
		t.Errorf("the error reads %q; it should name the file and the 404", msg)
	}
	screenshot(t, ctx, "load-failure")
}

// TestBanditRoomFrames plays the bandit room's SynSep (5000 rounds of 400
// features, 9 classes) with full SOBA, SOBA-diag, the Banditron and the
// Perceptron at 100 rounds per frame, from Play to the end of the stream,
// and measures the frames the room played in. The points' guesses come
// from a cache refreshed within a time budget and are stamped into one
// image, not drawn as thousands of canvas calls; a frame that draws steps
// for what the last picture left. The test holds the frames to five times
// the 60-Hz budgets; `make bench` prints them against the budgets
// themselves (full SOBA's update, a rank-one update of a 3600 x 3600
// factor of several milliseconds, about 20 times in 5000 rounds, is
// spread over frames).
// Under `make bench` it keeps the best of three runs. At rest, the picture
// must come to one round's state: every cached guess current.
func TestBanditRoomFrames(t *testing.T) {
	b := playground.NewBanditRoom()
	if err := b.LoadPreset(playground.BanditSynSep); err != nil {
		t.Fatal(err)
	}
	b.Learners = []string{"soba", "soba-diag", "banditron", "perceptron-mc"}
	b.Rounds = playground.MaxBanditRounds
	url := serveSite(t, server.New(siteDir)) + playground.Hash(playground.RoomBandit, links.Encode(b))
	frameLimit, workLimit := 5*16.7*1.05, 5*16.7
	attempts := 1
	if benchDir() != "" {
		attempts = 3
	}
	const setup = "bandit room, SynSep (T = 5000, k = 9, d = 400), soba, soba-diag, banditron, perceptron-mc, 100 rounds per frame"
	var best FrameMeasure
	for try := range attempts {
		ctx := newTab(t)
		openRoom(t, ctx, url, "unitfreeBandit")
		setRange(t, ctx, "b-speed", "2")
		begin := time.Now()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b-play"))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeBandit.rounds === 5000 && !window.unitfreeBandit.playing && window.unitfreeRoomFrames !== undefined`,
			chromedp.WithPollingTimeout(60*time.Second))); err != nil {
			t.Fatalf("the stream did not play to its end: %v", err)
		}
		took := time.Since(begin)
		fm, err := chromedp.Run(ctx, chromedp.Evaluate[FrameMeasure](`window.unitfreeRoomFrames`))
		if err != nil {
			t.Fatal(err)
		}
		phases, _ := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`window.unitfreeRoomFrames.phasesMs`))
		work, _ := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.unitfreeRoomFrames.workMs`))
		t.Logf("run %d: the room's work in each frame (ms): %.1f", try+1, work)
		fm.Setup = setup
		t.Logf("run %d: 5000 rounds in %.1f s; frame interval median %.1f ms, p95 %.1f ms over %d frames; the room's work per frame median %.1f ms, p95 %.1f ms; last frame's parts (ms) %v",
			try+1, took.Seconds(), fm.FrameMedianMs, fm.FrameP95Ms, fm.Frames, fm.WorkMedianMs, fm.WorkP95Ms, phases)
		if try == 0 || fm.FrameP95Ms+fm.WorkP95Ms < best.FrameP95Ms+best.WorkP95Ms {
			best = fm
		}
		if try == attempts-1 {
			// At rest the guesses catch up with the learners within frames.
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeBandit.guessesCurrent === true`,
				chromedp.WithPollingTimeout(20*time.Second))); err != nil {
				t.Errorf("at rest the picture's guesses never caught up with the learners: %v", err)
			}
			screenshot(t, ctx, "bandit-synsep-frames")
			break
		}
	}
	writeMeasurement(t, "bandit-frames", best)
	if best.FrameP95Ms > frameLimit {
		t.Errorf("p95 frame interval %.1f ms, over the budget of %.1f ms", best.FrameP95Ms, frameLimit)
	}
	if best.WorkP95Ms > workLimit {
		t.Errorf("p95 work per frame %.1f ms, over the budget of %.1f ms", best.WorkP95Ms, workLimit)
	}
}

// TestSamplingPaperFrames runs the sampling room's paper experiment from
// its button (τ = 160, n = 1000, 10 epochs, three pairs), at the speed the
// button sets, to its end, and measures how long it takes and the frames
// the room played in. The test holds it to a minute and to five times the
// 60-Hz budgets; `make bench` prints the frames against the budgets
// themselves and the time against 30 s.
func TestSamplingPaperFrames(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	ctx := newTab(t)
	openRoom(t, ctx, url+"#sampling", "unitfreeSampling")
	begin := time.Now()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("s-paper"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeSampling.playing === false && window.unitfreeRoomFrames !== undefined && window.unitfreeRoomFrames.frames > 30`,
		chromedp.WithPollingTimeout(60*time.Second), chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		t.Fatalf("the paper's experiment did not finish within a minute: %v", err)
	}
	took := time.Since(begin)
	fm, err := chromedp.Run(ctx, chromedp.Evaluate[FrameMeasure](`window.unitfreeRoomFrames`))
	if err != nil {
		t.Fatal(err)
	}
	phases, _ := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`window.unitfreeRoomFrames.phasesMs`))
	fm.Setup = "sampling room, the paper's experiment (τ = 160, n = 1000, 10 epochs, 3 pairs) from its button"
	t.Logf("finished in %.1f s; frame interval median %.1f ms, p95 %.1f ms over %d frames; the room's work per frame median %.1f ms, p95 %.1f ms; last frame's parts (ms) %v",
		took.Seconds(), fm.FrameMedianMs, fm.FrameP95Ms, fm.Frames, fm.WorkMedianMs, fm.WorkP95Ms, phases)
	screenshot(t, ctx, "sampling-paper-end")
	writeMeasurement(t, "sampling-frames", SamplingMeasure{FrameMeasure: fm, Seconds: took.Seconds()})
	if fm.FrameP95Ms > 5*16.7*1.05 || fm.WorkP95Ms > 5*16.7 {
		t.Errorf("p95 frame interval %.1f ms and work %.1f ms, over five times the 60-Hz budgets", fm.FrameP95Ms, fm.WorkP95Ms)
	}
}

// SamplingMeasure is the sampling paper experiment's run (sampling-frames.json).
type SamplingMeasure struct {
	FrameMeasure
	Seconds float64 `json:"seconds"` // from the button to the end
}

// TestProgramStartIsATaskOfItsOwn: the Go program's first task is the
// runtime's start and the packages' initialisation only; the page is read
// from the next task (the program yields through a MessageChannel,
// nextTask). The units playground reads the visitor's saved state, and the
// rooms' program hides its loading note, a yield or more after Go's run
// began: with them, the first task was 83-108 ms of CPU for the units
// playground and 120-180 ms for a room on a phone slowed 4x.
func TestProgramStartIsATaskOfItsOwn(t *testing.T) {
	const watch = countYields + `window.runYields = [];
document.addEventListener("DOMContentLoaded", () => {
  const run = Go.prototype.run;
  Go.prototype.run = function (...args) { window.runYields.push(window.yields); return run.apply(this, args); };
});
const getItem = Storage.prototype.getItem;
Storage.prototype.getItem = function (...args) {
  if (window.readYields === undefined) window.readYields = window.yields;
  return getItem.apply(this, args);
};
const setAttribute = Element.prototype.setAttribute;
Element.prototype.setAttribute = function (name, ...rest) {
  if (window.roomYields === undefined && this.id === "rooms-loading" && name === "hidden" && window.runYields.length > 0) window.roomYields = window.yields;
  return setAttribute.call(this, name, ...rest);
};`
	url := serveSite(t, server.New(siteDir))
	for _, c := range []struct{ name, hash, first string }{
		{"units", "", "window.readYields"},
		{"bandit", "#bandit", "window.roomYields"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := landWatched(t, url+c.hash, watch, false)
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[window.runYields.at(-1) ?? -1, `+c.first+` ?? -1]`))
			if err != nil {
				t.Fatal(err)
			}
			if got[0] < 0 || got[1] < 0 {
				t.Fatalf("the program's run or its first reading of the page was not seen (yields at each: %v)", got)
			}
			if got[1] <= got[0] {
				t.Errorf("the program read the page at yield %d, in the task its run began (yield %d): want it a task later", got[1], got[0])
			}
		})
	}
}
