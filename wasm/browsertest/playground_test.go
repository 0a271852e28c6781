//go:build !js

package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
	"unitfree/wasm/server"
)

// waitReady loads url and waits for the WASM app to start.
func waitReady(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	// The units playground publishes its state when ready; another room's
	// program says which room it shows (a visit that lands there builds
	// the units playground only when it is first shown).
	// A poll that starts while the navigation replaces the document loses
	// its context ("Cannot find context with specified id"): it polls again.
	for try := 0; ; try++ {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`(window.unitfreeRoom ?? "units") === "units" ? window.unitfree?.ready === true
	  : window.unitfreeRoomShown === window.unitfreeRoom`,
			chromedp.WithPollingTimeout(60*time.Second)))
		if err == nil {
			return
		}
		if try == 2 || !strings.Contains(err.Error(), "Cannot find context") {
			t.Fatalf("the playground did not start: %v", err)
		}
	}
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

type learnerState struct {
	ID         string  `json:"id"`
	Rounds     int     `json:"rounds"`
	Mistakes   int     `json:"mistakes"`
	Loss       float64 `json:"loss"`
	Meter      float64 `json:"meter"`
	Regret     any     `json:"regret"`
	DivergedAt int     `json:"divergedAt"`
}

type pageState struct {
	Ready         bool           `json:"ready"`
	Points        int            `json:"points"`
	Rounds        int            `json:"rounds"`
	Total         int            `json:"total"`
	Playing       bool           `json:"playing"`
	Units         []string       `json:"units"`
	Learners      []learnerState `json:"learners"`
	FrameMedianMs float64        `json:"frameMedianMs"`
	FrameP95Ms    float64        `json:"frameP95Ms"`
	WorkMedianMs  float64        `json:"workMedianMs"`
	WorkP95Ms     float64        `json:"workP95Ms"`
	Frames        int            `json:"frames"`
}

func state(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](`window.unitfree`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// clickData clicks the first panel at the data point (x, y) in the
// current units; the frame comes from the page's own link state.
func clickData(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	m := pageModel(t, ctx)
	f := m.DisplayFrame(320, 320, 34)
	px, py := f.ToPixel(x, y)
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => {
	  const r = document.querySelector(".learner-panel canvas").getBoundingClientRect(), k = r.width / 320;
	  return [r.left + k * %s, r.top + k * %s];
	})()`, ftoa(px), ftoa(py))))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
}

// pageModel decodes the state the page keeps in its URL.
func pageModel(t *testing.T, ctx context.Context) *playground.Model {
	t.Helper()
	m, err := links.Decode[playground.Model](settledLocation(t, ctx, "hash"))
	if err != nil {
		t.Fatalf("the page's link state: %v", err)
	}
	return m
}

// playToEnd presses play and waits until the stream is over and its last
// pictures are drawn (the heatmaps take a few frames).
func playToEnd(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("speed"), "3"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("speed").dispatchEvent(new Event("input"))`),
		chromedp.Click(chromedp.ID("play"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfree.rounds > 0 && window.unitfree.rounds === window.unitfree.total && !window.unitfree.playing && !window.unitfree.picturesDue`,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("the stream did not finish: %v (%+v)", err, state(t, ctx))
	}
	return state(t, ctx)
}

// waitPictures waits until the page has drawn the pictures, figures and
// regrets of its state (an action's own frame paints only the controls).
func waitPictures(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!window.unitfree.picturesDue`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the pictures were not drawn: %v", err)
	}
}

// engineAt plays the page's model natively to the round and returns the
// run and its regrets there.
func engineAt(t *testing.T, ctx context.Context, rounds int) (*playground.Run, []float64) {
	t.Helper()
	r, err := playground.NewRun(pageModel(t, ctx))
	if err != nil {
		t.Fatal(err)
	}
	r.Advance(rounds)
	regrets, err := r.Regrets()
	if err != nil {
		t.Fatal(err)
	}
	return r, regrets
}

// nativeRun plays the page's model natively to the end.
func nativeRun(t *testing.T, m *playground.Model) *playground.Run {
	t.Helper()
	r, err := playground.NewRun(m)
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		r.Advance(1000)
	}
	return r
}

// importCSVFile imports a CSV file through the page's Import CSV input, as
// a visitor's file choice does.
func importCSVFile(t *testing.T, ctx context.Context, name, text string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
	  const dt = new DataTransfer();
	  dt.items.add(new File([%q], %q, {type: "text/csv"}));
	  const input = document.getElementById("csv-import");
	  input.files = dt.files; input.dispatchEvent(new Event("change"));
	})()`, text, name))); err != nil {
		t.Fatal(err)
	}
}

// TestDrawPlayMatchesNative draws points by clicking, plays the stream, and
// checks that the page's figures equal a native run of the same model.
func TestDrawPlayMatchesNative(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("clear"))); err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]float64{{0.5, 0.6}, {0.7, 0.3}, {0.3, 0.8}, {0.6, -0.1}} {
		clickData(t, ctx, p[0], p[1])
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("brush-neg"))); err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]float64{{-0.5, -0.6}, {-0.7, -0.2}, {-0.2, -0.8}, {-0.4, 0.2}} {
		clickData(t, ctx, p[0], p[1])
	}
	if s := state(t, ctx); s.Points != 8 {
		t.Fatalf("8 clicks made %d points", s.Points)
	}
	s := playToEnd(t, ctx)
	m := pageModel(t, ctx)
	r := nativeRun(t, m)
	if len(s.Learners) != 4 {
		t.Fatalf("%d learners on the page", len(s.Learners))
	}
	for i, l := range s.Learners {
		n := r.Stats(i)
		if l.Rounds != n.Rounds || l.Mistakes != n.Mistakes || math.Abs(l.Loss-n.Loss) > 1e-9*math.Max(1, n.Loss) {
			t.Errorf("%s: page %+v, native %+v", l.ID, l, n)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1100)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "playground")
	selectValue(t, ctx, "chart-metric", "regret")
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	saveShot(t, "playground-full.png", png)
}

// plotPixels returns a hash of a panel's plot area (inside the axes).
func plotPixels(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	h, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
	  const c = document.querySelector('.learner-panel[data-id="%s"] canvas'), k = c.width / 320;
	  const d = c.getContext("2d").getImageData(Math.ceil(35 * k), Math.ceil(35 * k), Math.floor(250 * k), Math.floor(250 * k)).data;
	  let h = 0; for (let i = 0; i < d.length; i++) h = (h * 31 + d[i]) >>> 0;
	  return String(h) + ":" + d.length;
	})()`, id)))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func selectValue(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
	  const s = document.getElementById(%q); s.value = %q; s.dispatchEvent(new Event("change"));
	})()`, id, value))); err != nil {
		t.Fatal(err)
	}
}

// TestUnitSwitch: grams to kilograms leaves the scale-invariant learners'
// meters at 0 and their heatmaps pixel for pixel, and moves OGD; °C to °F
// leaves scinol-full (with a bias) invariant and moves the per-feature ones.
func TestUnitSwitch(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	selectValue(t, ctx, "preset", "penguins")
	selectValue(t, ctx, "ds-pos", "Chinstrap")
	if s := state(t, ctx); s.Points != 68+123 {
		t.Fatalf("Chinstrap vs Gentoo: %d points, want 191", s.Points)
	}
	selectValue(t, ctx, "ds-pos", "Adelie")
	playToEnd(t, ctx)
	before := map[string]string{}
	for _, id := range []string{"scinol2", "scinol-diag", "scinol-full", "ogd"} {
		before[id] = plotPixels(t, ctx, id)
	}
	screenshot(t, ctx, "units-grams")
	// The controls are synced after every change: the selects whose options
	// stay the same keep their option elements (rebuilding them cost a
	// phone's tap), and every select still shows its choice.
	selects := []string{"preset", "ds-x", "ds-pos", "unit-0", "unit-1"}
	marked, _ := json.Marshal(selects)
	shownBefore, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(`+string(marked)+`).map(id => {
	  const s = document.getElementById(id);
	  s.options[0].unitfreeKept = true;
	  return id + "=" + (id === "unit-1" ? "kg" : s.value);
	})`))
	if err != nil {
		t.Fatal(err)
	}
	selectValue(t, ctx, "unit-1", "kg")
	s := playToEnd(t, ctx)
	if s.Units[1] != "kg" {
		t.Fatalf("units %v", s.Units)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(`+string(marked)+`).map(id => {
	  const s = document.getElementById(id);
	  return id + "=" + s.value + (s.options[0].unitfreeKept ? "" : " (options rebuilt)");
	})`))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(shown) != fmt.Sprint(shownBefore) {
		t.Errorf("after g -> kg the selects show %q, want %q", shown, shownBefore)
	}
	for _, l := range s.Learners {
		after := plotPixels(t, ctx, l.ID)
		switch l.ID {
		case "scinol2", "scinol-diag", "scinol-full":
			if l.Meter > 1e-9 {
				t.Errorf("%s: meter %g after g -> kg", l.ID, l.Meter)
			}
			if after != before[l.ID] {
				t.Errorf("%s: the heatmap changed with the unit", l.ID)
			}
		case "ogd":
			if l.Meter < 0.01 {
				t.Errorf("ogd: meter %g after g -> kg", l.Meter)
			}
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 1180)); err != nil { // OGD's meter in the picture too
		t.Fatal(err)
	}
	topShot(t, ctx, "units-kilograms")

	selectValue(t, ctx, "preset", "weather")
	selectValue(t, ctx, "unit-0", "F")
	s = playToEnd(t, ctx)
	for _, l := range s.Learners {
		switch l.ID {
		case "scinol-full":
			if l.Meter > 1e-6 {
				t.Errorf("scinol-full: meter %g after °C -> °F with a bias", l.Meter)
			}
		case "scinol2", "scinol-diag":
			if l.Meter < 1e-6 {
				t.Errorf("%s: meter %g after °C -> °F; the offset must move it", l.ID, l.Meter)
			}
		}
	}
	screenshot(t, ctx, "units-fahrenheit")
}

// TestLinkAndReload: a fresh tab on the page's link shows the same model
// and figures; a reload keeps the drawn points.
func TestLinkAndReload(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	selectValue(t, ctx, "preset", "xor")
	selectValue(t, ctx, "unit-0", "x1e3")
	clickData(t, ctx, 100, 0.9)
	a := playToEnd(t, ctx)
	href := settledLocation(t, ctx, "href")
	other := newTab(t)
	waitReady(t, other, href)
	b := playToEnd(t, other)
	if a.Points != b.Points || fmt.Sprint(a.Units) != fmt.Sprint(b.Units) || len(a.Learners) != len(b.Learners) {
		t.Fatalf("the link shows %+v, the original %+v", b, a)
	}
	for i := range a.Learners {
		if a.Learners[i].Mistakes != b.Learners[i].Mistakes || a.Learners[i].Loss != b.Learners[i].Loss {
			t.Errorf("%s: %+v through the link, %+v originally", a.Learners[i].ID, b.Learners[i], a.Learners[i])
		}
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx, url) // no hash: the page restores from storage
	if s := state(t, ctx); s.Points != a.Points {
		t.Fatalf("after a reload without the link: %d points, want %d", s.Points, a.Points)
	}
}

// TestBadInputKeepsData: a corrupted link and a malformed CSV each show a
// message and leave the data as it was.
func TestBadInputKeepsData(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	selectValue(t, ctx, "preset", "circles")
	want := state(t, ctx).Points
	ctx = newTab(t) // a fresh load of a corrupted link (same origin: same storage)
	waitReady(t, ctx, url+"#v2.broken-state")
	msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
	if !strings.Contains(msg, "damaged") {
		t.Errorf("a corrupted link says %q", msg)
	}
	if s := state(t, ctx); s.Points != want {
		t.Errorf("a corrupted link changed the data: %d points, want %d", s.Points, want)
	}
	importCSVFile(t, ctx, "bad.csv", "x,y\n1,2\n3")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("bad.csv")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("no message for a bad CSV: %v", err)
	}
	msg, _ = chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
	if !strings.Contains(msg, "not imported") || state(t, ctx).Points != want {
		t.Errorf("bad CSV: %q, %d points", msg, state(t, ctx).Points)
	}
	screenshot(t, ctx, "bad-csv")
}

// TestRegressionDrawing draws real-valued targets on the regression preset:
// each click adds a point with the target typed in, and the page's figures
// equal a native run of the same model.
func TestRegressionDrawing(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	selectValue(t, ctx, "preset", "plane")
	before := state(t, ctx).Points
	for _, p := range [][3]float64{{0.5, 0.5, 2.5}, {-0.5, 0.2, -1.25}} {
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("target"), ftoa(p[2]))); err != nil {
			t.Fatal(err)
		}
		clickData(t, ctx, p[0], p[1])
	}
	m := pageModel(t, ctx)
	if !m.Regression() || len(m.Points) != before+2 || m.Points[before].Label != 2.5 || m.Points[before+1].Label != -1.25 {
		t.Fatalf("after two clicks: regression %v, %d points (from %d), targets %v", m.Regression(), len(m.Points), before, m.Points[before:])
	}
	s := playToEnd(t, ctx)
	r := nativeRun(t, pageModel(t, ctx))
	for i, l := range s.Learners {
		n := r.Stats(i)
		if l.Rounds != n.Rounds || l.Mistakes != 0 || math.Abs(l.Loss-n.Loss) > 1e-9*math.Max(1, n.Loss) {
			t.Errorf("%s: page %+v, native %+v", l.ID, l, n)
		}
	}
	screenshot(t, ctx, "playground-regression")
}

// TestUnreadableSavedStateIsKept: a stored state the page cannot read is
// left as it was, as the notice says, until the visitor changes something
// (it was once overwritten within 1.5 s).
func TestUnreadableSavedStateIsKept(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	settledLocation(t, ctx, "hash") // the first visit's own state is written
	const stored = "v2.not-a-state"
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`localStorage.setItem("unitfree.state.v2", "`+stored+`")`)); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx, url) // a new visit, without a link
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("left untouched")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		t.Fatalf("the notice says %q", msg)
	}
	time.Sleep(2500 * time.Millisecond)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem("unitfree.state.v2")`))
	if err != nil {
		t.Fatal(err)
	}
	if got != stored {
		t.Fatalf("the unreadable state was overwritten with %q", got)
	}
	selectValue(t, ctx, "preset", "circles") // the visitor acts
	settledLocation(t, ctx, "hash")
	got, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem("unitfree.state.v2")`))
	if got == stored {
		t.Fatal("after a change the new state was not saved")
	}
}
