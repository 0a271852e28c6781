//go:build !js

package browsertest

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"unitfree/wasm/playground"
	"unitfree/wasm/server"
)

// TestLessons walks every lesson step by step, as a student would with
// Next (the first step from the lesson's link, one step back with Back),
// and checks on the page what each step's text claims; it saves a
// screenshot of every step at 1280 and at 375 px.
func TestLessons(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, width := range []int64{1280, 375} {
		ctx := newTab(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		check := width == 1280 // the claims once; the phone pass looks
		walkUnitsLesson(t, ctx, url, width, check)
		walkBanditLesson(t, ctx, url, width, check)
		walkSamplingLesson(t, ctx, url, width, check)
		walkLectureLesson(t, ctx, url, width, check)
	}
}

// lessonStep waits until the page shows step k of the room's lesson and its
// stream has reached the step's round (done, a JS expression), then saves
// the screenshot.
func lessonStep(t *testing.T, ctx context.Context, room string, k int, width int64, done string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(() => { const l = window.unitfreeLesson;
	  return !!l && l.room === %q && l.step === %d && (%s) })()`, room, k, done), chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		t.Fatalf("%s lesson, step %d: the page did not get there: %v", room, k, err)
	}
	hash := settledLocation(t, ctx, "hash")
	if hash != playground.LessonHash(room, k) {
		t.Errorf("%s lesson, step %d: the link reads %q", room, k, hash)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond)
	screenshot(t, ctx, fmt.Sprintf("lesson-%s-%d-%d", room, k, width))
}

// next presses the lesson's Next (or Back) button.
func next(t *testing.T, ctx context.Context, prefix, label string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#%slesson button[aria-label=%q]`, prefix, label)))); err != nil {
		t.Fatal(err)
	}
}

const (
	nextStep = "Next step of the lesson"
	backStep = "Back to the previous step of the lesson"
)

func walkUnitsLesson(t *testing.T, ctx context.Context, url string, width int64, check bool) {
	waitReady(t, ctx, url+"#units/lesson/1")
	ended := `window.unitfree.rounds === window.unitfree.total && window.unitfree.total > 0`
	rates := func() (r []float64, meters []float64, mistakes []int) {
		s := state(t, ctx)
		for _, l := range s.Learners {
			r = append(r, float64(l.Mistakes)/float64(l.Rounds))
			meters = append(meters, l.Meter)
			mistakes = append(mistakes, l.Mistakes)
		}
		return
	}
	lessonStep(t, ctx, "units", 1, width, ended)
	g, _, gMistakes := rates()
	// The lesson speaks of rates ("30% … wrong"): each panel shows its
	// mistake rate beside the count.
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#panels dd.f-rate")].map(e => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(shown) != len(g) {
		t.Fatalf("%d panels show a mistake rate, %d learners", len(shown), len(g))
	}
	for i, r := range g {
		if want := fmt.Sprintf("%.1f %%", 100*r); shown[i] != want {
			t.Errorf("panel %d shows a mistake rate of %q, want %q", i, shown[i], want)
		}
	}
	next(t, ctx, "", nextStep)
	lessonStep(t, ctx, "units", 2, width, ended+` && window.unitfree.units[1] === "kg"`)
	kg, meters, kgMistakes := rates()
	next(t, ctx, "", nextStep)
	lessonStep(t, ctx, "units", 3, width, ended)
	next(t, ctx, "", nextStep)
	lessonStep(t, ctx, "units", 4, width, ended+` && window.unitfree.units[0] === "F"`)
	_, fMeters, _ := rates()
	next(t, ctx, "", backStep)
	lessonStep(t, ctx, "units", 3, width, ended+` && window.unitfree.units[1] === "kg"`)
	if !check {
		return
	}
	// Learners: OGD, SI coordinate-wise, ScInOL2, SI full.
	if math.Abs(g[0]-0.30) > 0.01 || math.Abs(kg[0]-0.018) > 0.002 {
		t.Errorf("OGD: %.3f wrong in g, %.3f in kg; step 2 says 30%% and 1.8%%", g[0], kg[0])
	}
	for i := 1; i < 4; i++ {
		if gMistakes[i] != kgMistakes[i] || meters[i] > playground.MeterTolerance {
			t.Errorf("learner %d: %d mistakes in g, %d in kg, meter %g; step 2 says the same predictions", i, gMistakes[i], kgMistakes[i], meters[i])
		}
	}
	if math.Abs(kg[1]-0.45) > 0.005 || math.Abs(kg[2]-0.14) > 0.005 || kg[3] > 0.0015 {
		t.Errorf("invariant learners %.4f, %.4f, %.4f wrong; step 3 says 45%%, 14%%, 0.1%%", kg[1], kg[2], kg[3])
	}
	if fMeters[3] > playground.MeterTolerance || fMeters[0] <= playground.MeterTolerance || fMeters[1] <= playground.MeterTolerance || fMeters[2] <= playground.MeterTolerance {
		t.Errorf("°F meters %v: step 4 says only SI full stays invariant", fMeters)
	}
}

func walkBanditLesson(t *testing.T, ctx context.Context, url string, width int64, check bool) {
	openRoom(t, ctx, url+"#bandit/lesson/1", "unitfreeBandit")
	page := func() banditState {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[banditState](`window.unitfreeBandit`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	rate := func(s banditState, i int) float64 { return float64(s.Learners[i].Mistakes) / float64(s.Rounds) }
	ended := `window.unitfreeBandit.rounds === window.unitfreeBandit.total && window.unitfreeBandit.total > 0`
	lessonStep(t, ctx, "bandit", 1, width, `window.unitfreeBandit.rounds === 3`)
	next(t, ctx, "b-", nextStep)
	lessonStep(t, ctx, "bandit", 2, width, ended+` && window.unitfreeBandit.gamma === 0.25`)
	explore := page()
	next(t, ctx, "b-", nextStep)
	lessonStep(t, ctx, "bandit", 3, width, ended+` && window.unitfreeBandit.data === "synsep"`)
	sep := page()
	next(t, ctx, "b-", nextStep)
	lessonStep(t, ctx, "bandit", 4, width, ended+` && window.unitfreeBandit.data === "synnonsep"`)
	noisy := page()
	if !check {
		return
	}
	for _, l := range explore.Learners {
		if got := float64(l.Explored) / float64(explore.Rounds); math.Abs(got-0.25) > 0.03 {
			t.Errorf("step 2: %s explored %.3f of the rounds at γ = 1/4", l.ID, got)
		}
	}
	if math.Abs(rate(sep, 0)-0.68) > 0.01 || math.Abs(rate(sep, 1)-0.07) > 0.01 {
		t.Errorf("step 3, SynSep: soba-diag %.3f, banditron %.3f wrong; the text says 68%% and 7%%", rate(sep, 0), rate(sep, 1))
	}
	if rate(noisy, 0) >= rate(noisy, 1) || math.Abs(rate(noisy, 0)-0.32) > 0.01 || math.Abs(rate(noisy, 1)-0.34) > 0.01 {
		t.Errorf("step 4, SynNonSep: soba-diag %.3f, banditron %.3f wrong; the text says 32%% < 34%%", rate(noisy, 0), rate(noisy, 1))
	}
}

func walkSamplingLesson(t *testing.T, ctx context.Context, url string, width int64, check bool) {
	openRoom(t, ctx, url+"#sampling/lesson/1", "unitfreeSampling")
	ended := `(() => { const s = window.unitfreeSampling; return s.tracks && s.tracks.every(t => t.evals >= s.budget) })()`
	final := func() (gaps, minpn []float64) {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[samplingState](`window.unitfreeSampling`))
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range s.Tracks {
			gaps = append(gaps, tr.Gaps[len(tr.Gaps)-1])
			m := math.Inf(1)
			for _, p := range tr.Probs {
				m = math.Min(m, p*float64(len(tr.Probs)))
			}
			minpn = append(minpn, m)
		}
		return
	}
	lessonStep(t, ctx, "sampling", 1, width, ended)
	next(t, ctx, "s-", nextStep)
	lessonStep(t, ctx, "sampling", 2, width, ended)
	sgd, sgdMinpn := final()
	next(t, ctx, "s-", nextStep)
	lessonStep(t, ctx, "sampling", 3, width, ended+` && window.unitfreeSampling.tracks[0].pair.startsWith("saga")`)
	saga, _ := final()
	next(t, ctx, "s-", nextStep)
	lessonStep(t, ctx, "sampling", 4, width, ended+` && window.unitfreeSampling.tracks[0].pair.startsWith("sgd")`)
	alike, minpn := final()
	if !check {
		return
	}
	if !(sgd[0] < sgd[1] && sgd[2] < sgd[1]) || sgdMinpn[2] < 0.99 {
		t.Errorf("step 2: SGD's gaps uniform, is, mabs %v, MABS's smallest p·n %v; the text says IS furthest, MABS near uniform", sgd, sgdMinpn[2])
	}
	if !(saga[2] < saga[0] && saga[2] < saga[1]) || saga[0] > sgd[0]/100 {
		t.Errorf("step 3: SAGA's gaps %v (SGD's %v); the text says MABS closest, hundreds of times closer", saga, sgd)
	}
	if math.Abs(minpn[1]-0.5) > 0.01 || slicesMax(alike) > 2*slicesMin(alike) {
		t.Errorf("step 4: IS's smallest p·n %v, gaps %v; the text says 0.5 and within a factor of two", minpn[1], alike)
	}
}

func slicesMax(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}

func slicesMin(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

func walkLectureLesson(t *testing.T, ctx context.Context, url string, width int64, check bool) {
	openRoom(t, ctx, url+"#lecture/lesson/1", "unitfreeLecture")
	ended := `window.unitfreeLecture.rounds === window.unitfreeLecture.total && window.unitfreeLecture.total === 100`
	page := func() lectureState {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[lectureState](`window.unitfreeLecture`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	lessonStep(t, ctx, "lecture", 1, width, ended)
	ftl := page()
	next(t, ctx, "l-", nextStep)
	lessonStep(t, ctx, "lecture", 2, width, ended)
	ogd := page()
	next(t, ctx, "l-", nextStep)
	lessonStep(t, ctx, "lecture", 3, width, ended+` && window.unitfreeLecture.eta === 1`)
	big := page()
	next(t, ctx, "l-", nextStep)
	lessonStep(t, ctx, "lecture", 4, width, ended+` && window.unitfreeLecture.eta === 0.1`)
	if !check {
		return
	}
	if ftl.Players[0].Regret != 99.5 {
		t.Errorf("step 1: FTL's regret %v; the text says 99.5", ftl.Players[0].Regret)
	}
	if p := ogd.Players[1]; p.Regret > p.Bound || math.Abs(p.Bound-10) > 0.1 {
		t.Errorf("step 2: OGD's regret %v, bound %v", p.Regret, p.Bound)
	}
	if b := big.Players[1].Bound; math.Abs(b-50.1) > 0.05 {
		t.Errorf("step 3: the bound at η = 1 is %v; the text says 50.1", b)
	}
	if p := ogd.Players[2]; p.Regret > p.Bound || p.Bound != 29 {
		t.Errorf("step 4: OGD η/√t's regret %v, bound %v", p.Regret, p.Bound)
	}
}

// TestLessonByKeyboard: the lesson's start button is among the first
// stops of the Tab key (it was the 51st), and the focus stays on the
// lesson's buttons from step to step (Next once dropped it to the page's
// start), in the units room and in a room.
func TestLessonByKeyboard(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, room := range []struct{ hash, prefix string }{{"", ""}, {"#bandit", "b-"}} {
		ctx := newTab(t)
		waitReady(t, ctx, url+room.hash)
		time.Sleep(time.Second)
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`)); err != nil {
			t.Fatal(err)
		}
		presses := 0
		for ; presses < 80; presses++ {
			id, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement ? document.activeElement.id : ""`))
			if id == room.prefix+"lesson-start" {
				break
			}
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%q: the lesson's start button is %d Tab presses in", room.hash, presses)
		if presses > 12 {
			t.Errorf("%q: the lesson's start button is %d Tab presses in", room.hash, presses)
		}
		steps := 2
		for step := 1; step <= steps; step++ {
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
				t.Fatal(err)
			}
			time.Sleep(400 * time.Millisecond)
			if step == 1 {
				steps, _ = chromedp.Run(ctx, chromedp.Evaluate[int](`window.unitfreeLesson ? window.unitfreeLesson.steps : 0`))
			}
			label, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement ? (document.activeElement.getAttribute("aria-label") || document.activeElement.id) : ""`))
			want := "Next step of the lesson"
			if step == steps {
				want = "Close the lesson" // the last step has no Next
			}
			if shown, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`window.unitfreeLesson ? window.unitfreeLesson.step : 0`)); shown != step {
				t.Errorf("%q: Enter %d times shows step %d", room.hash, step, shown)
			}
			if label != want {
				t.Errorf("%q: after Enter %d the focus is on %q, want %q", room.hash, step, label, want)
			}
		}
	}
}

// TestLessonNextAnswersFirst: a tap on a lesson's Next is answered by the
// box alone (its step's count, text and buttons) in the frame after it;
// the room is set up for the step (its run replayed, its panels rebuilt)
// in the tasks after that paint. Counted from the click to the end of the
// next frame's callbacks: the elements made and the canvas calls. On a
// phone slowed 4x, the click's task set the units room up for step 2 in
// 174-258 ms, and the tap's Interaction to Next Paint was 280-392 ms.
func TestLessonNextAnswersFirst(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, room := range []struct{ hash, prefix, global string }{{"", "", "unitfree"}, {"#bandit", "b-", "unitfreeBandit"}} {
		ctx := newTab(t)
		waitReady(t, ctx, url+room.hash)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(room.prefix+"lesson-start"))); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the lesson's first step", `window.unitfreeLesson && window.unitfreeLesson.step === 1`, 10*time.Second)
		time.Sleep(500 * time.Millisecond)
		const watch = `(() => {
  window.made = 0; window.canvasCalls = 0;
  const make = Document.prototype.createElement;
  Document.prototype.createElement = function (...args) { window.made++; return make.apply(this, args); };
  const p = CanvasRenderingContext2D.prototype;
  for (const m of ["drawImage", "putImageData", "fillRect", "clearRect", "stroke", "fill", "fillText", "getImageData"]) {
    const f = p[m];
    p[m] = function (...args) { window.canvasCalls++; return f.apply(this, args); };
  }
  window.addEventListener("click", () => {
    window.made = 0; window.canvasCalls = 0;
    requestAnimationFrame(() => { window.firstFrame = {made: window.made, calls: window.canvasCalls,
      count: document.querySelector(".lesson:not([hidden]) .lesson-count").textContent}; });
  }, true);
})()`
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](watch), chromedp.Click(chromedp.CSS(`#`+room.prefix+`lesson button[aria-label="`+nextStep+`"]`))); err != nil {
			t.Fatal(err)
		}
		type frame struct {
			Made, Calls int
			Count       string
		}
		f, err := chromedp.Run(ctx, chromedp.Poll[frame](`window.firstFrame`, chromedp.WithPollingTimeout(5*time.Second)))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%q: from the tap on Next to its frame, %d elements made, %d canvas calls; the box reads %q", room.hash, f.Made, f.Calls, f.Count)
		if !strings.Contains(f.Count, "step 2 of") {
			t.Errorf("%q: the frame after Next shows %q, want step 2", room.hash, f.Count)
		}
		// the box: its count, title, text, what to do, a row, three buttons
		if f.Made > 10 || f.Calls > 0 {
			t.Errorf("%q: the frame after Next made %d elements and %d canvas calls, want the box's alone (at most 10, none)", room.hash, f.Made, f.Calls)
		}
		waitFor(t, ctx, "the room set up for step 2", `window.unitfreeLesson && window.unitfreeLesson.step === 2 && location.hash.endsWith("/lesson/2")`, 10*time.Second)
	}
}

// TestLessonStepReplaysInFrames: the units room's setting up for a
// lesson's step replays the step's run for at most a frame's share of
// time (replayBudgetMs) in its task, and the rest in the next frames: at
// the moment the step is published, its run has not reached its end on a
// CPU slowed 4x (replaying it whole took 84-414 ms of one task there);
// then it does, with the heatmaps of its last round and the step's link.
func TestLessonStepReplaysInFrames(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir))+"#units/lesson/1")
	waitFor(t, ctx, "step 1 replayed", `window.unitfree.rounds === window.unitfree.total && window.unitfree.total > 0`, 20*time.Second)
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
  let lesson = window.unitfreeLesson;
  Object.defineProperty(window, "unitfreeLesson", {configurable: true, get: () => lesson, set: (v) => {
    lesson = v;
    if (v && v.step === 2) window.published = {rounds: window.unitfree.rounds, total: window.unitfree.total};
  }});
})()`), chromedp.Click(chromedp.CSS(`#lesson button[aria-label="`+nextStep+`"]`))); err != nil {
		t.Fatal(err)
	}
	type at struct{ Rounds, Total int }
	got, err := chromedp.Run(ctx, chromedp.Poll[at](`window.published`, chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("step 2 published at round %d of %d", got.Rounds, got.Total)
	if got.Total == 0 || got.Rounds >= got.Total {
		t.Errorf("step 2 was published with its run at round %d of %d: replayed whole in one task", got.Rounds, got.Total)
	}
	waitFor(t, ctx, "step 2 replayed, its last pictures drawn", `window.unitfree.rounds === window.unitfree.total &&
	  window.unitfree.learners.every(l => l.heatmapRounds[0] === window.unitfree.total) && location.hash.endsWith("/lesson/2")`, 20*time.Second)
}
