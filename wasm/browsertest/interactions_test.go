//go:build !js

package browsertest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"unitfree/wasm/server"
)

// InteractionMeasure is one measured interaction of TestPhoneInteractions
// (wasm/benchreport reads them from phone-interactions.json).
type InteractionMeasure struct {
	What  string  `json:"what"`
	INPMs float64 `json:"inpMs"` // the longest event of the interaction, from input to the next paint
}

// observeInteractions records the Event Timing API's entries of the
// page's interactions in window.interactions, from the first script.
// 16 ms is the smallest threshold the API takes: a shorter interaction is
// not reported.
const observeInteractions = `window.interactions = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.interactionId) window.interactions.push(e.duration);
}).observe({type: "event", durationThreshold: 16, buffered: true});`

// tapOn scrolls the element into the middle of the viewport and taps it
// with a finger (touch events, as Lighthouse's tap).
func tapOn(t *testing.T, ctx context.Context, selector string) {
	t.Helper()
	type point struct{ X, Y float64 }
	p, err := chromedp.Run(ctx, chromedp.Evaluate[point](fmt.Sprintf(`(() => { const e = document.querySelector(%q);
	  e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()`, selector)))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // the scroll's frames
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: p.X, Y: p.Y}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}); err != nil {
		t.Fatal(err)
	}
}

// interactionSince returns the longest interaction event recorded since
// the last call (16: none over the API's threshold), after the page has
// had 1.5 s to paint and report it.
func interactionSince(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	time.Sleep(1500 * time.Millisecond)
	durations, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`window.interactions.splice(0)`))
	if err != nil {
		t.Fatal(err)
	}
	longest := 16.0
	for _, d := range durations {
		longest = max(longest, d)
	}
	return longest
}

// TestPhoneInteractions measures, on a phone emulation with the CPU slowed
// 4x, the Interaction to Next Paint of what a student does: a tap on Pause
// and on Play while the stream plays, a unit switch, a tap on Next in the
// units lesson and in the bandit room's. A benchmark, run by make bench
// only (reported against 200 ms). The unit switch is made with the
// keyboard (ArrowDown on the closed select, one trusted change): headless
// Chromium cannot drive a phone's own picker.
func TestPhoneInteractions(t *testing.T) {
	if benchDir() == "" {
		t.Skip("a benchmark: make bench runs it")
	}
	ctx := newLiveTab(t)
	emulatePhone(t, ctx, 412, 823, 4)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: observeInteractions}); err != nil {
		t.Fatal(err)
	}
	url := serveSite(t, server.New(siteDir))
	var all []InteractionMeasure
	measured := func(what string) {
		all = append(all, InteractionMeasure{What: what, INPMs: interactionSince(t, ctx)})
		t.Logf("phone (CPU 4x slower): %s: INP %.0f ms", what, all[len(all)-1].INPMs)
	}
	waitReady(t, ctx, url)
	time.Sleep(2 * time.Second)
	interactionSince(t, ctx)
	tapOn(t, ctx, "#play")
	measured("a tap on Pause while the stream plays")
	tapOn(t, ctx, "#play")
	measured("a tap on Play")
	units := `window.unitfree.units.join(" ")`
	before, _ := chromedp.Run(ctx, chromedp.Evaluate[string](units))
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("unit-1")), chromedp.KeyEvent(kb.ArrowDown)); err != nil {
		t.Fatal(err)
	}
	measured("a unit switch")
	if after, _ := chromedp.Run(ctx, chromedp.Evaluate[string](units)); after == before {
		t.Errorf("the unit switch left the units at %q", after)
	}
	for _, lesson := range []struct{ hash, prefix, what string }{
		{"#units/lesson/1", "", "a tap on Next in the units lesson"},
		{"#bandit/lesson/1", "b-", "a tap on Next in the bandit room's lesson"},
	} {
		waitReady(t, ctx, url+lesson.hash)
		time.Sleep(2 * time.Second)
		interactionSince(t, ctx)
		tapOn(t, ctx, `#`+lesson.prefix+`lesson button[aria-label="`+nextStep+`"]`)
		measured(lesson.what)
		waitFor(t, ctx, lesson.what+": step 2", `window.unitfreeLesson && window.unitfreeLesson.step === 2`, 10*time.Second)
	}
	writeMeasurement(t, "phone-interactions", all)
}
