//go:build !js

package browsertest

import (
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/api"
	"unitfree/wasm/playground"
)

// TestExperimentPanelRunsInTheBrowser serves the site from a plain static
// file server (no /api), runs the experiment panel's default experiment
// (penguins, Gentoo against the rest) with two passes, and checks the table
// against the same request answered by the native handler.
func TestExperimentPanelRunsInTheBrowser(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, http.FileServer(http.Dir(siteDir)))
	waitReady(t, ctx, url)
	// The panel is built when the visitor scrolls near it: not before.
	if built, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelectorAll("#exp-learners input").length > 0`)); err != nil || built {
		t.Fatalf("the experiment panel was built before the visitor scrolled to it (%v)", err)
	}
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.ID("experiment"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#exp-learners input").length > 0`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the experiment panel was not built: %v", err)
	}
	if err := chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("exp-passes"), "2"),
		chromedp.SetValue(chromedp.ID("exp-seed"), "5"),
		chromedp.Click(chromedp.ID("exp-run")),
	); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("exp-status").textContent === "Done."`,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("exp-status")))
		t.Fatalf("the experiment did not finish: %v (status %q)", err, msg)
	}
	type row struct{ ID, Loss, ErrorRate string }
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]row](`Array.from(document.querySelectorAll("#exp-results tbody tr")).map(tr =>
		({ID: tr.dataset.id, Loss: tr.children[1].textContent, ErrorRate: tr.children[2].textContent}))`))
	if err != nil {
		t.Fatal(err)
	}
	exp := playground.NewExperiment()
	exp.Passes, exp.Seed = 2, 5
	req, _ := exp.Request()
	body, _ := json.Marshal(req)
	rec := httptest.NewRecorder()
	api.New().ServeHTTP(rec, httptest.NewRequest("POST", "/api/run", strings.NewReader(string(body))))
	var native struct {
		Rounds   int
		Learners []struct {
			ID       string
			Loss     float64
			Mistakes int
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &native); err != nil || native.Rounds != 684 {
		t.Fatalf("native answer: %v, %d rounds", err, native.Rounds)
	}
	if len(rows) != len(native.Learners) {
		t.Fatalf("the page shows %d rows, the native run has %d learners", len(rows), len(native.Learners))
	}
	byID := map[string]int{}
	for i, n := range native.Learners {
		byID[n.ID] = i
	}
	for _, r := range rows {
		i, ok := byID[r.ID]
		if !ok {
			t.Fatalf("the page shows %q, which the native run does not have", r.ID)
		}
		n := native.Learners[i]
		got, _ := strconv.ParseFloat(r.Loss, 64)
		if math.Abs(got-n.Loss) > 5e-4*n.Loss {
			t.Errorf("%s: page loss %s, native %v", r.ID, r.Loss, n.Loss)
		}
		want := strconv.FormatFloat(100*float64(n.Mistakes)/684, 'f', 1, 64) + " %"
		if r.ErrorRate != want {
			t.Errorf("%s: page error rate %q, native %q", r.ID, r.ErrorRate, want)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1400)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "experiment")
}
