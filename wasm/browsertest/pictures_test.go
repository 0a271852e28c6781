//go:build !js

package browsertest

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// heatWork is what the units playground publishes about where its
// heatmaps are computed, with the stream's round.
type heatWork struct {
	Rounds             int
	Playing            bool
	HeatRowsOnPage     int
	HeatmapsFromWorker int
	Learners           []struct{ HeatmapRounds []int }
}

// TestHeatmapsComputedInTheWorker: once the panels show their first
// pictures, the heatmaps of the playing stream are computed in the
// picture worker, not on the page's main thread: the rows computed on the
// page stop growing while the pictures go on changing.
func TestHeatmapsComputedInTheWorker(t *testing.T) {
	ctx := newLiveTab(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(serveSite(t, server.New(siteDir)))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "heatmaps from the picture worker", `window.unitfree !== undefined && window.unitfree.heatmapsFromWorker >= 8`, 30*time.Second)
	read := func() heatWork {
		t.Helper()
		w, err := chromedp.Run(ctx, chromedp.Evaluate[heatWork](`window.unitfree`))
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	before := read()
	time.Sleep(2 * time.Second)
	after := read()
	if !after.Playing || after.Rounds <= before.Rounds {
		t.Fatalf("the stream did not play on: rounds %d then %d", before.Rounds, after.Rounds)
	}
	if after.HeatRowsOnPage != before.HeatRowsOnPage || after.HeatmapsFromWorker <= before.HeatmapsFromWorker {
		t.Errorf("over 2 s of play: heatmap rows computed on the page %d -> %d, heatmaps from the worker %d -> %d; want the page's unchanged and the worker's growing",
			before.HeatRowsOnPage, after.HeatRowsOnPage, before.HeatmapsFromWorker, after.HeatmapsFromWorker)
	}
	for i, l := range after.Learners {
		if len(l.HeatmapRounds) == 0 || l.HeatmapRounds[0] <= before.Rounds/2 {
			t.Errorf("learner %d's heatmap shows rounds %v, at round %d of the stream: not kept up", i, l.HeatmapRounds, after.Rounds)
		}
	}
}

// TestHeatmapsWithoutTheWorker: where the picture worker cannot run (here
// its script is missing), the page computes the heatmaps itself and the
// pictures play on as before.
func TestHeatmapsWithoutTheWorker(t *testing.T) {
	ctx := newLiveTab(t)
	site := server.New(siteDir)
	url := serveSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/picture-worker.js" {
			http.NotFound(w, r)
			return
		}
		site.ServeHTTP(w, r)
	}))
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the stream playing with pictures", `window.unitfree !== undefined && window.unitfree.rounds > 100 && window.unitfree.learners.every(l => l.heatmapRounds[0] > 0)`, 30*time.Second)
	first, err := chromedp.Run(ctx, chromedp.Evaluate[heatWork](`window.unitfree`))
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "later pictures computed on the page", `window.unitfree.heatRowsOnPage > `+strconv.Itoa(first.HeatRowsOnPage)+` && window.unitfree.learners.every(l => l.heatmapRounds[0] > `+strconv.Itoa(first.Rounds)+`)`, 20*time.Second)
	if last, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.unitfree.heatmapsFromWorker`)); err != nil || last != 0 {
		t.Errorf("heatmaps from a worker that could not load: %d (%v)", last, err)
	}
}

// TestHeatmapsWhenTheWorkerHangs: a picture worker that says it is ready
// and then never answers (here a stand-in script) holds the stream only
// until the page gives it up (pictureTimeoutMs); then the page computes
// the heatmaps itself and the pictures play on.
func TestHeatmapsWhenTheWorkerHangs(t *testing.T) {
	ctx := newLiveTab(t)
	site := server.New(siteDir)
	url := serveSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/picture-worker.js" {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write([]byte(`self.onmessage = ({ data }) => { if (data.module) self.postMessage({ ready: true }); };`))
			return
		}
		site.ServeHTTP(w, r)
	}))
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the first pictures", `window.unitfree !== undefined && window.unitfree.learners.every(l => l.heatmapRounds[0] > 0)`, 30*time.Second)
	first, err := chromedp.Run(ctx, chromedp.Evaluate[heatWork](`window.unitfree`))
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "later pictures computed on the page once the worker is given up", `window.unitfree.heatRowsOnPage > `+strconv.Itoa(first.HeatRowsOnPage)+
		` && window.unitfree.rounds > `+strconv.Itoa(first.Rounds)+` && window.unitfree.learners.every(l => l.heatmapRounds[0] > `+strconv.Itoa(first.Rounds)+`)`, 20*time.Second)
}
