//go:build !js

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// TestShowingRestylesLittle: the units playground and a room are built
// unseen (style.css: data-building), and the frame that shows one only
// paints it. Hidden with visibility, which every element inherits, the
// showing restyled all of its 317 elements: 24-44 ms of a phone's CPU
// slowed 4x, in a task that was the start's longest (102-141 ms; 74-109
// ms without the restyle, six interleaved traces each); a bandit
// landing's showing restyled 139. Checked in a browser trace of each
// landing as the largest style recalculation on the page's main thread:
// the build's own steps restyle at most about 130 elements at once in
// the units playground, 70 in the bandit room.
func TestShowingRestylesLittle(t *testing.T) {
	for _, landing := range []struct {
		hash, shown string
		most        int // elements restyled at once: before, 316 and 139
	}{
		{"", `window.unitfree?.interactiveMs > 0`, 200},
		{"#bandit", `window.unitfreeRoomShown === "bandit"`, 100},
	} {
		ctx := newLiveTab(t)
		url := serveSite(t, server.New(siteDir)) + landing.hash
		events := traceDuring(t, ctx, []string{"devtools.timeline"}, func() {
			if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](landing.shown, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
				t.Fatal(err)
			}
			// The frame that shows it comes after: wait for two more.
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true))))`, chromedp.EvalAwaitPromise)); err != nil {
				t.Fatal(err)
			}
		})
		largest, recalcs := 0, 0
		for _, e := range events {
			if e.Thread == "CrRendererMain" && e.Name == "UpdateLayoutTree" {
				recalcs++
				largest = max(largest, e.Elements)
			}
		}
		if recalcs == 0 {
			t.Fatalf("landing on %q: the trace has no style recalculation", landing.hash)
		}
		if largest > landing.most {
			t.Errorf("landing on %q: a style recalculation restyled %d elements at once (at most %d): the showing restyles what was built unseen?", landing.hash, largest, landing.most)
		}
		t.Logf("landing on %q: %d style recalculations, the largest of %d elements", landing.hash, recalcs, largest)
	}
}
