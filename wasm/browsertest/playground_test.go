//go:build !js

package browsertest

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// plotToPage turns data coordinates of the playground's plot ([-1,1]², 36 px
// margins on a 480 px canvas) into page coordinates for a mouse click.
const plotToPage = `(x, y) => {
  const r = document.getElementById("plot").getBoundingClientRect();
  const m = 36, s = r.width - 2 * m;
  return [r.left + m + (x + 1) / 2 * s, r.top + m + (1 - y) / 2 * s];
}`

// waitReady loads url and waits for the WASM app to start.
func waitReady(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfree && window.unitfree.ready === true`,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("the playground did not start: %v", err)
	}
}

// clickData clicks the plot at the data point (x, y).
func clickData(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(`+plotToPage+`)(`+ftoa(x)+`,`+ftoa(y)+`)`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
}

// pixelAt returns the canvas colour (RGBA) at the data point (x, y).
func pixelAt(t *testing.T, ctx context.Context, x, y float64) []int {
	t.Helper()
	expr := `(() => {
	  const c = document.getElementById("plot"), k = c.width / c.getBoundingClientRect().width;
	  const m = 36, s = c.getBoundingClientRect().width - 2 * m;
	  const px = (m + (` + ftoa(x) + ` + 1) / 2 * s) * k, py = (m + (1 - ` + ftoa(y) + `) / 2 * s) * k;
	  return Array.from(c.getContext("2d").getImageData(Math.round(px), Math.round(py), 1, 1).data);
	})()`
	rgba, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](expr))
	if err != nil {
		t.Fatal(err)
	}
	return rgba
}

type pageState struct {
	Ready   bool `json:"ready"`
	Points  int  `json:"points"`
	Rounds  int  `json:"rounds"`
	Resting bool `json:"resting"`
}

func state(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](`window.unitfree`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestClickedPointsAreLearned is the end-to-end slice: clicks add points of
// the selected class, OGD learns from them and its heatmap changes.
func TestClickedPointsAreLearned(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	if s := state(t, ctx); s.Points != 0 || s.Rounds != 0 {
		t.Fatalf("a fresh page has state %+v", s)
	}
	probeNeg, probePos := [2]float64{-0.75, -0.75}, [2]float64{0.75, 0.75}
	before := pixelAt(t, ctx, probePos[0], probePos[1])

	for _, p := range [][2]float64{{0.5, 0.6}, {0.7, 0.3}, {0.3, 0.8}} {
		clickData(t, ctx, p[0], p[1])
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("brush-neg"))); err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]float64{{-0.5, -0.6}, {-0.7, -0.2}, {-0.2, -0.8}} {
		clickData(t, ctx, p[0], p[1])
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfree.points === 6 && window.unitfree.resting`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("the learner did not finish its passes: %v (state %+v)", err, state(t, ctx))
	}
	s := state(t, ctx)
	if s.Points != 6 || s.Rounds != 6*50 {
		t.Fatalf("state %+v, want 6 points and 300 rounds (50 passes)", s)
	}
	after := pixelAt(t, ctx, probePos[0], probePos[1])
	if after[2] <= after[0]+40 || after[2] == before[2] && after[0] == before[0] {
		t.Errorf("the positive corner did not turn blue: before %v, after %v", before, after)
	}
	if neg := pixelAt(t, ctx, probeNeg[0], probeNeg[1]); neg[0] <= neg[2]+40 {
		t.Errorf("the negative corner is not orange: %v", neg)
	}
	stats, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("stat-rounds")))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 580)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "playground")
	if stats != "300" {
		t.Errorf("the figures panel shows %q rounds, want 300", stats)
	}
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// TestPointsSurviveReload checks that drawn points are kept in the browser.
func TestPointsSurviveReload(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	clickData(t, ctx, 0.2, 0.2)
	clickData(t, ctx, -0.4, 0.1)
	if s := state(t, ctx); s.Points != 2 {
		t.Fatalf("after two clicks: %+v", s)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx, url)
	if s := state(t, ctx); s.Points != 2 {
		t.Fatalf("after a reload: %+v, want the 2 points back", s)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("clear"))); err != nil {
		t.Fatal(err)
	}
	if s := state(t, ctx); s.Points != 0 || s.Rounds != 0 {
		t.Fatalf("after Clear: %+v", s)
	}
}

// TestLoadingStateIsVisible holds the WASM download back and checks that the
// page shows its progress state meanwhile, then starts once it arrives.
func TestLoadingStateIsVisible(t *testing.T) {
	ctx := newTab(t)
	release := make(chan struct{})
	site := server.New(siteDir)
	url := serveSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
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
		if strings.HasSuffix(r.URL.Path, ".wasm") {
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
