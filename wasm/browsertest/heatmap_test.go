//go:build !js

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// TestHeatmapShowsOneRound: while the units room plays, every panel's
// heatmap on screen is computed at one round of the stream, all its bands
// alike. Its rows were refreshed a band per frame while the stream went
// on, so the bands showed different rounds and the map a seam where they
// met (a kink at x₂ = -0.5 and 0.5).
func TestHeatmapShowsOneRound(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.unitfree.playing || document.getElementById("play").click()`)); err != nil {
		t.Fatal(err)
	}
	mixed, seen := 0, 0
	for range 20 {
		time.Sleep(250 * time.Millisecond)
		bands, err := chromedp.Run(ctx, chromedp.Evaluate[[][]int](`window.unitfree.playing ? window.unitfree.learners.map(l => l.heatmapRounds) : []`))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bands {
			seen++
			for _, r := range b[1:] {
				if r != b[0] {
					mixed++
					t.Logf("a heatmap of rounds %v", b)
					break
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("the stream never played")
	}
	if mixed > 0 {
		t.Errorf("%d of %d heatmaps seen while playing mixed rounds", mixed, seen)
	}
}
