//go:build !js

package browsertest

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image/png"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/core/eval"
	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
	"unitfree/wasm/server"
)

// The defects a first visit met (issue 16), each with the test that
// failed before its fix.

// TestNoticesAreCurrent: a problem's notice goes once the next change
// succeeds, and a success is shown in colours other than a problem's (the
// import's "Imported 4 points" once stayed in the error colours, and an
// old problem stayed up after the next success).
func TestNoticesAreCurrent(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	importCSV := func(name, text string) { t.Helper(); importCSVFile(t, ctx, name, text) }
	colours := func() string {
		c, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const s = getComputedStyle(document.getElementById("notice")); return s.color + " on " + s.backgroundColor })()`))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	importCSV("bad.csv", "x,y\n1,2\n3")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("not imported")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	problem := colours()
	selectValue(t, ctx, "preset", "circles") // a change that succeeds
	if msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice"))); msg != "" {
		t.Errorf("after a successful change the notice still says %q", msg)
	}
	importCSV("good.csv", "a,b,label\n1,2,1\n2,1,-1\n3,3,1\n")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("Imported")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	if success := colours(); success == problem {
		t.Errorf("a success is shown in a problem's colours (%s)", success)
	}
}

// TestSpaceOnAButtonPressesIt: Space on a focused button presses that
// button; it does not also toggle the stream (it once did).
func TestSpaceOnAButtonPressesIt(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	if s := state(t, ctx); s.Playing {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
			t.Fatal(err)
		}
	}
	before := state(t, ctx).Rounds
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("step")), chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	s := state(t, ctx)
	if s.Playing || s.Rounds != before+1 {
		t.Fatalf("Space on Step: playing %v, rounds %d -> %d (want one step, not play)", s.Playing, before, s.Rounds)
	}
}

// TestBadParameterKeepsTheValueInForce: a parameter outside its range, or
// an empty or non-numeric field, is refused in plain words, and the field
// shows the value in force again (it once kept the bad text, and the empty
// case said `strconv.ParseFloat: parsing "": invalid syntax`).
func TestBadParameterKeepsTheValueInForce(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	const sel = `document.querySelector('input[aria-label$="parameter alpha"]')`
	for _, c := range []struct{ typed, want string }{{"1", "must be above 1"}, {"", "needs a number"}} {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		  const el = %s; el.value = %q; el.dispatchEvent(new Event("change"));
		})()`, sel, c.typed))); err != nil {
			t.Fatal(err)
		}
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		field, err := chromedp.Run(ctx, chromedp.Evaluate[string](sel+`.value`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(msg, c.want) || strings.Contains(msg, "strconv") || field != "1.5" {
			t.Errorf("typed %q: notice %q, field %q; want %q and the field back at 1.5", c.typed, msg, field, c.want)
		}
	}
}

// TestPlayWithoutPointsSaysWhy: Play with no points does not pretend to
// play (it once turned to Pause at 0/0 rounds, silently) and says why.
func TestPlayWithoutPointsSaysWhy(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("clear"))); err != nil {
		t.Fatal(err)
	}
	if s := state(t, ctx); s.Playing {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
		t.Fatal(err)
	}
	label, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("play")))
	msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
	if s := state(t, ctx); s.Playing || label != "Play" || !strings.Contains(msg, "no points") {
		t.Fatalf("Play on no points: playing %v, button %q, notice %q", s.Playing, label, msg)
	}
}

// TestFiguresFit: with six learners on the scales preset played to the
// end, every figure of every card shows whole on one line, and the page
// does not scroll sideways at 1280 px (figures were once cut, "320" read
// "32", and "5480 / 5480" wrapped).
func TestFiguresFit(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	selectValue(t, ctx, "preset", "scales")
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  const boxes = [...document.querySelectorAll('#learners input[type=checkbox]')];
	  for (const b of boxes) {
	    if (document.querySelectorAll('#learners input:checked').length >= 6) break;
	    if (!b.checked) { b.checked = true; b.dispatchEvent(new Event("change", {bubbles: true})); }
	  }
	})()`)); err != nil {
		t.Fatal(err)
	}
	playToEnd(t, ctx)
	time.Sleep(500 * time.Millisecond)
	type fit struct {
		Wide    []string `json:"wide"`
		Panels  int      `json:"panels"`
		Cut     []string `json:"cut"`
		Wrapped []string `json:"wrapped"`
		Sideway int      `json:"sideways"`
	}
	f, err := chromedp.Run(ctx, chromedp.Evaluate[fit](`(() => {
	  const out = {panels: document.querySelectorAll('.learner-panel').length, cut: [], wrapped: [], wide: [],
	    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
	  for (const el of document.querySelectorAll('body *')) {
	    if (el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
	      out.wide.push(el.tagName + "#" + el.id + "." + el.className + " " + Math.round(el.getBoundingClientRect().right));
	  }
	  for (const dd of document.querySelectorAll('.learner-panel dd')) {
	    if (dd.scrollWidth > dd.clientWidth + 1) out.cut.push(dd.textContent);
	    const r = document.createRange(); r.selectNodeContents(dd);
	    if (r.getClientRects().length > 1) out.wrapped.push(dd.textContent);
	  }
	  return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "figures-fit")
	if f.Panels != 6 || len(f.Cut) > 0 || len(f.Wrapped) > 0 || f.Sideway > 0 {
		t.Fatalf("%d panels; figures cut %q, wrapped %q; the page scrolls sideways by %d px (past the edge: %q)", f.Panels, f.Cut, f.Wrapped, f.Sideway, f.Wide)
	}
}

// TestUnitSwitchComparesAtOnce: switching g -> kg after playing keeps the
// stream at its round, replayed in both units, so the meters compare at
// once: OGD's reads "changed by units", the invariant learners'
// "invariant" (the stream once went back to round 0 and every meter,
// OGD's too, read "largest difference 0 — invariant"); with nothing
// played the meter gives no verdict.
func TestUnitSwitchComparesAtOnce(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	selectValue(t, ctx, "preset", "penguins")
	played := playToEnd(t, ctx).Rounds
	selectValue(t, ctx, "unit-1", "kg")
	s := state(t, ctx)
	if s.Rounds != played || s.Playing {
		t.Fatalf("after the switch: round %d (was %d), playing %v", s.Rounds, played, s.Playing)
	}
	meters, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll(".learner-panel")].map(p => [p.dataset.id, p.querySelector(".meter").textContent]))`))
	if err != nil {
		t.Fatal(err)
	}
	for id, text := range meters {
		want := "— invariant"
		if id == "ogd" {
			want = "changed by units"
		}
		if !strings.Contains(text, want) {
			t.Errorf("%s's meter says %q, want %q", id, text, want)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("restart"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	text, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.learner-panel[data-id="ogd"] .meter`)))
	if !strings.Contains(text, "nothing compared yet") {
		t.Errorf("at round 0 OGD's meter says %q", text)
	}
}

// TestLiveFromTheFirstSecond: a first visit sees the learners learn at
// once, in the units playground and in a room, unless the visitor asked
// for reduced motion; then the stream waits for Play.
func TestLiveFromTheFirstSecond(t *testing.T) {
	ctx := newLiveTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfree.playing && window.unitfree.rounds > 0`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the units playground did not start playing on a first visit: %v", err)
	}
	openRoom(t, ctx, url+"#lecture", "unitfreeLecture")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeLecture.playing && window.unitfreeLecture.rounds > 0`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the lecture room did not start playing on a first visit: %v", err)
	}
	calm := newTab(t) // prefers-reduced-motion: reduce
	waitReady(t, calm, serveSite(t, server.New(siteDir)))
	time.Sleep(time.Second)
	if s := state(t, calm); s.Playing || s.Rounds != 0 {
		t.Errorf("with reduced motion the stream plays on its own: playing %v, %d rounds", s.Playing, s.Rounds)
	}
}

// TestPauseShowsOneRound: whatever is on screen when the stream stops is
// one consistent state (issue 16, defect 2): every card's rounds, losses
// and regrets are those of the round the learners are at, equal to a
// native run's, and every heatmap row is of that round (a full redraw
// changes no pixel).
func TestPauseShowsOneRound(t *testing.T) {
	ctx := openPenguinsStream(t)
	for try := 0; try < 5; try++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(700+97*try) * time.Millisecond)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil { // pause
			t.Fatal(err)
		}
		// The pictures, figures and regrets of the round paused at come
		// within a few frames (the comparator is searched for in slices
		// between them).
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!window.unitfree.playing && !window.unitfree.picturesDue`,
			chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("pause %d: the pictures are not complete: %v", try+1, err)
		}
		s := state(t, ctx)
		if s.Playing || s.Rounds == 0 {
			t.Fatalf("after pausing: %+v", s)
		}
		r, regrets := engineAt(t, ctx, s.Rounds)
		cards, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll("#panels .learner-panel")].map(p =>
		  [p.querySelector(".f-rounds").textContent, p.querySelector(".f-loss").textContent, p.querySelector(".f-regret").textContent])`))
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range s.Learners {
			n := r.Stats(i)
			want := []string{fmt.Sprintf("%d / %d", s.Rounds, r.Total()), strconv.FormatFloat(n.Loss, 'g', 4, 64), strconv.FormatFloat(regrets[i], 'g', 4, 64)}
			if l.Rounds != s.Rounds || fmt.Sprint(cards[i]) != fmt.Sprint(want) {
				t.Errorf("pause %d, %s: at round %d the card reads %v, the engine %v", try+1, l.ID, s.Rounds, cards[i], want)
			}
		}
		before := panelPixels(t, ctx)
		selectValue(t, ctx, "chart-metric", "regret") // a change that redraws everything at rest
		time.Sleep(300 * time.Millisecond)
		if after := panelPixels(t, ctx); after != before {
			t.Errorf("pause %d: a full redraw changed the panels: the picture on screen mixed rounds", try+1)
		}
		selectValue(t, ctx, "chart-metric", "loss")
	}
}

// openPenguinsStream opens the units room on the penguins (a stream of
// 5,480 rounds) with four learners, two of them not scale-invariant.
func openPenguinsStream(t *testing.T) context.Context {
	t.Helper()
	m := playground.NewModel()
	m.LoadPreset("penguins", 1)
	m.SetLearners([]eval.LearnerSpec{{ID: "scinol2"}, {ID: "ogd", Params: map[string]float64{"eta": 5}}, {ID: "ogd-sqrt"}, {ID: "ftl"}})
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir))+"#"+links.Encode(m))
	return ctx
}

// panelPixels returns the learner panels' canvases as data URLs.
func panelPixels(t *testing.T, ctx context.Context) string {
	t.Helper()
	px, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#panels canvas")].map(c => c.toDataURL()).join("|")`))
	if err != nil {
		t.Fatal(err)
	}
	return px
}

// touch dispatches a finger's press at the canvas's relative position
// (fx, fy of its width and height), moved by dy CSS pixels before it lifts.
func touch(t *testing.T, ctx context.Context, canvasSel string, fx, fy, dy float64) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
	  const c = document.querySelector(%q); c.scrollIntoView({block: "center"});
	  const r = c.getBoundingClientRect(), x = r.left + %g * r.width, y = r.top + %g * r.height;
	  const ev = (type, yy) => c.dispatchEvent(new PointerEvent(type, {pointerType: "touch", pointerId: 7, isPrimary: true,
	    clientX: x, clientY: yy, bubbles: true, cancelable: true}));
	  ev("pointerdown", y); ev("pointermove", y + %g / 2); ev("pointerup", y + %g);
	})()`, canvasSel, fx, fy, dy, dy))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
}

// TestPhoneTouch: on a phone a swipe that starts on a plot does not add a
// point but a tap does; the stream's buttons stay on screen wherever the
// page is scrolled; the bandit and sampling rooms erase points with a tool
// (issue 16, defect 11).
func TestPhoneTouch(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 800)); err != nil {
		t.Fatal(err)
	}
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	before := state(t, ctx).Points
	touch(t, ctx, "#panels canvas", 0.5, 0.4, 80)
	if n := state(t, ctx).Points; n != before {
		t.Errorf("a swipe on a plot changed the points: %d, then %d", before, n)
	}
	touch(t, ctx, "#panels canvas", 0.5, 0.4, 2)
	if n := state(t, ctx).Points; n != before+1 {
		t.Errorf("a tap on a plot: %d points, then %d; want one more", before, n)
	}
	for _, scroll := range []string{"0", "document.body.scrollHeight / 2", "document.body.scrollHeight"} {
		onScreen, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { window.scrollTo(0, `+scroll+`);
		  const r = document.getElementById("play").getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0 })()`))
		if err != nil || !onScreen {
			t.Errorf("scrolled to %s: the Play button is off screen (%v)", scroll, err)
		}
	}
	screenshot(t, ctx, "phone-stream-bar")

	points := func(global string) int {
		_, enc := roomHash(t, ctx)
		if global == "bandit" {
			b, err := links.Decode[playground.BanditRoom](enc)
			if err != nil {
				t.Fatal(err)
			}
			return len(b.Points)
		}
		s, err := links.Decode[playground.SamplingRoom](enc)
		if err != nil {
			t.Fatal(err)
		}
		return len(s.Points)
	}
	openRoom(t, ctx, url+"#bandit", "unitfreeBandit")
	selectValue(t, ctx, "b-preset", "drawn")
	touch(t, ctx, "#b-panels canvas", 0.5, 0.5, 0)
	if n := points("bandit"); n != 1 {
		t.Fatalf("a tap on an empty bandit plot: %d points", n)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#b-brushes button:last-child`))); err != nil {
		t.Fatal(err)
	}
	touch(t, ctx, "#b-panels canvas", 0.5, 0.5, 0)
	if n := points("bandit"); n != 0 {
		t.Errorf("Erase and a tap on the point: %d points left", n)
	}
	openRoom(t, ctx, url+"#sampling", "unitfreeSampling")
	touch(t, ctx, "#s-panels canvas", 0.5, 0.5, 0) // generated points become drawn ones, plus this one
	n := points("sampling")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("s-brush-erase"))); err != nil {
		t.Fatal(err)
	}
	touch(t, ctx, "#s-panels canvas", 0.5, 0.5, 0)
	if m := points("sampling"); m != n-1 {
		t.Errorf("Erase and a tap on the sampling room's new point: %d points, then %d", n, m)
	}
}

// TestExportsAndLinkSayWhatTheyAre: "Copy link" says so on the button
// itself, and Save PNG puts each panel's title above it and its figures
// below (issue 16, defect 12: the units PNG had no learner names or
// figures, the bandit PNG no panel titles, "Link copied" showed far from
// the button).
func TestExportsAndLinkSayWhatTheyAre(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	for _, room := range []struct{ url, prefix, global string }{{url, "", ""}, {url + "#bandit", "b-", "unitfreeBandit"}} {
		if room.global != "" {
			openRoom(t, ctx, room.url, room.global)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(room.prefix+"copy-link"))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById(%q).textContent.includes("copied")`, room.prefix+"copy-link"),
			chromedp.WithPollingTimeout(3*time.Second))); err != nil {
			t.Errorf("%s: Copy link does not say so on the button: %v", room.url, err)
		}
		href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { let href = "";
		  const click = HTMLAnchorElement.prototype.click;
		  HTMLAnchorElement.prototype.click = function () { href = this.href; };
		  document.getElementById("`+room.prefix+`save-png").click();
		  HTMLAnchorElement.prototype.click = click;
		  return href; })()`))
		if err != nil || !strings.HasPrefix(href, "data:image/png;base64,") {
			t.Fatalf("%s: Save PNG made %.40q, %v", room.url, href, err)
		}
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(href, "data:image/png;base64,"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		saveShot(t, "export-"+strings.TrimSuffix(room.prefix, "-")+"units.png", raw)
		// The first tile's title strip (its top 20 pixels) and the strip
		// below its canvas carry text: dark pixels on white.
		dark := func(y0, y1 int) int {
			n := 0
			for y := y0; y < y1; y++ {
				for x := 0; x < img.Bounds().Dx()/3; x++ {
					if r, g, b, _ := img.At(x, y).RGBA(); r+g+b < 3*0x6000 {
						n++
					}
				}
			}
			return n
		}
		canvasH, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelector("#`+room.prefix+`panels canvas").height`))
		if title := dark(0, 20); title < 40 {
			t.Errorf("%s: the PNG's first panel has no title above it (%d dark pixels)", room.url, title)
		}
		if figs := dark(24+canvasH, img.Bounds().Dy()); figs < 40 {
			t.Errorf("%s: the PNG's first panel has no figures below it (%d dark pixels)", room.url, figs)
		}
	}
}

// TestPresenterView: on a projector's 1280 x 720, the presenter view shows
// without scrolling every panel of the room, its figures and meter in type
// of at least 24 px, the lesson's step, Play, and the room's key control
// (the units, γ, τ or η), in every room; P again brings the page back.
// It once showed Play alone inside the screen (1 of 16 elements), the
// figures at 13.6 px and no units.
func TestPresenterView(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 720)); err != nil {
		t.Fatal(err)
	}
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	type look struct {
		Present bool     `json:"present"`
		Outside []string `json:"outside"` // what lies outside the screen
		Small   []string `json:"small"`   // figures under 24 px
		Panels  int      `json:"panels"`
		Scroll  bool     `json:"scroll"`
	}
	measure := func(prefix string) look {
		t.Helper()
		l, err := chromedp.Run(ctx, chromedp.Evaluate[look](`(() => {
		  const main = [...document.querySelectorAll("main")].find(m => !m.hidden);
		  const shown = e => e && e.getClientRects().length > 0;
		  const inside = e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 };
		  const name = e => e.id || e.className || e.tagName;
		  const want = [document.getElementById("`+prefix+`play"), ...main.querySelectorAll(".present-keep, .learner-panel, .lesson:not([hidden])")];
		  if (main.id === "room-lecture") want.push(...main.querySelectorAll(".chart-panel"));
		  const outside = want.filter(e => !shown(e) || !inside(e)).map(name);
		  const small = [...main.querySelectorAll(".learner-panel dl.figures dd, .learner-panel dl.figures dt")].filter(shown)
		    .filter(e => parseFloat(getComputedStyle(e).fontSize) < 24).map(e => e.textContent);
		  for (const m of main.querySelectorAll(".learner-panel .meter")) {
		    if (shown(m) && parseFloat(getComputedStyle(m, "::after").fontSize) < 24) small.push("meter");
		  }
		  return {present: document.body.classList.contains("present"), outside, small,
		    panels: main.querySelectorAll(".learner-panel").length, scroll: document.documentElement.scrollHeight > innerHeight + 1};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	press := func(key string) {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "`+key+`", bubbles: true}))`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	for _, room := range []struct{ hash, prefix, global string }{
		{"#units/lesson/2", "", ""}, {"#bandit/lesson/3", "b-", "unitfreeBandit"},
		{"#sampling/lesson/1", "s-", "unitfreeSampling"}, {"#lecture/lesson/1", "l-", "unitfreeLecture"},
	} {
		if room.global == "" {
			waitReady(t, ctx, url+room.hash)
		} else {
			openRoom(t, ctx, url+room.hash, room.global)
		}
		time.Sleep(time.Second)
		press("p")
		big := measure(room.prefix)
		if !big.Present || len(big.Outside) > 0 || len(big.Small) > 0 || big.Scroll {
			t.Errorf("%q at 1280 x 720: outside the screen %v, figures under 24 px %v, scrolls %v (%d panels)", room.hash, big.Outside, big.Small, big.Scroll, big.Panels)
		}
		screenshot(t, ctx, "presenter-"+strings.Split(strings.TrimPrefix(room.hash, "#"), "/")[0])
		// The QR code of the view's link, for the class's phones.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(room.prefix+"qr"))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("qr-dialog").open && document.getElementById("qr-img").complete && document.getElementById("qr-img").naturalWidth > 0`,
			chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatalf("%q: no QR code: %v", room.hash, err)
		}
		type qrLook struct {
			Src, Text   string
			Top, Bottom float64
		}
		q, err := chromedp.Run(ctx, chromedp.Evaluate[qrLook](`(() => { const i = document.getElementById("qr-img"), r = i.getBoundingClientRect();
		  return {src: i.src.slice(0, 30), text: document.getElementById("qr-text").textContent, top: r.top, bottom: r.bottom} })()`))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(q.Src, "data:image/svg+xml") || !strings.HasPrefix(q.Text, url) || q.Top < 0 || q.Bottom > 720 || q.Bottom-q.Top < 300 {
			t.Errorf("%q: the QR code %+v", room.hash, q)
		}
		if room.hash == "#units/lesson/2" {
			screenshot(t, ctx, "presenter-qr")
		}
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("qr-dialog").close()`)); err != nil {
			t.Fatal(err)
		}
		press("P")
		if back := measure(room.prefix); back.Present {
			t.Errorf("%q: P again leaves the presenter view on", room.hash)
		}
	}
}

// TestPlainWords: the page's jargon comes with plain words (issue 16, §3):
// the presets say what they are, the sampling pairs are named, and the
// figures whose names are terms (regret, explored, updates, F − F*, Vₑ(p),
// pᵢ·n) and the invariance meter explain themselves in a tooltip.
func TestPlainWords(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	eval := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if opts := eval(`[...document.querySelectorAll("#preset option")].map(o => o.textContent).join("|")`); strings.Contains("|"+opts+"|", "|scales|") ||
		strings.Contains("|"+opts+"|", "|plane|") || !strings.Contains(opts, "Wildly different scales") {
		t.Errorf("the presets read %q", opts)
	}
	terms := func(root string) string {
		return eval(`[...document.querySelectorAll("` + root + ` dt.term")].map(d => d.textContent + "=" + (d.title ? "ok" : "")).join(" ")`)
	}
	if got := terms("#panels"); !strings.Contains(got, "Regret=ok") {
		t.Errorf("units figures: %q", got)
	}
	if m := eval(`document.querySelector("#panels .meter").title`); !strings.Contains(m, "largest relative difference") {
		t.Errorf("the meter's tooltip reads %q", m)
	}
	openRoom(t, ctx, url+"#bandit", "unitfreeBandit")
	if got := terms("#b-panels"); !strings.Contains(got, "Explored=ok") || !strings.Contains(got, "Updates=ok") {
		t.Errorf("bandit figures: %q", got)
	}
	openRoom(t, ctx, url+"#sampling", "unitfreeSampling")
	if got := terms("#s-panels"); !strings.Contains(got, "F − F*=ok") || !strings.Contains(got, "V") || strings.Count(got, "=ok") < 9 {
		t.Errorf("sampling figures: %q", got)
	}
	if titles := eval(`[...document.querySelectorAll("#s-panels h3")].map(h => h.textContent).join("|")`); !strings.Contains(titles, "SGD + Importance sampling") {
		t.Errorf("the sampling panels are titled %q", titles)
	}
}

// TestEquationsHaveNoScrollbars: the rooms' MathML equations fit their box
// at 1280 px, with no scroll arrows (issue 16, defect 12).
func TestEquationsHaveNoScrollbars(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	for _, room := range []struct{ hash, global string }{{"#bandit", "unitfreeBandit"}, {"#sampling", "unitfreeSampling"}, {"#lecture", "unitfreeLecture"}} {
		openRoom(t, ctx, url+room.hash, room.global)
		over, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("main:not([hidden]) math[display=block]")]
		  .filter(m => m.scrollWidth > m.clientWidth + 1 || m.scrollHeight > m.clientHeight + 1)
		  .map(m => m.textContent.slice(0, 30) + " " + m.scrollWidth + "x" + m.scrollHeight + " in " + m.clientWidth + "x" + m.clientHeight)`))
		if err != nil {
			t.Fatal(err)
		}
		if len(over) > 0 {
			t.Errorf("%s: equations that scroll: %q", room.hash, over)
		}
	}
}

// TestLinksKeepTheRound: a link made after stepping or pausing opens at the
// same round, in the units playground and in a room (issue 16, §2).
func TestLinksKeepTheRound(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	for range 7 {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("step"))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`location.hash.endsWith("@7")`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("after 7 steps the link reads %q", settledLocation(t, ctx, "hash"))
	}
	href := settledLocation(t, ctx, "href")
	other := newTab(t)
	waitReady(t, other, href)
	if _, err := chromedp.Run(other, chromedp.Poll[bool](`window.unitfree.rounds === 7`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the link of round 7 opens at round %d", state(t, other).Rounds)
	}
	openRoom(t, ctx, url+"#bandit", "unitfreeBandit")
	for range 5 {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b-step"))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`location.hash.endsWith("@5")`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("after 5 steps the bandit link reads %q", settledLocation(t, ctx, "hash"))
	}
	openRoom(t, other, settledLocation(t, ctx, "href"), "unitfreeBandit")
	if _, err := chromedp.Run(other, chromedp.Poll[bool](`window.unitfreeBandit.rounds === 5`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the bandit link of round 5 does not open at round 5: %v", err)
	}
}

// TestImportedColumnsArePicked: after a CSV import the visitor picks the
// two features and the label among the file's columns, and the notice
// names the columns left out (issue 16, defect 8).
func TestImportedColumnsArePicked(t *testing.T) {
	ctx := newTab(t)
	waitReady(t, ctx, serveSite(t, server.New(siteDir)))
	text := "x,y,z,kind\n1,2,30,cat\n3,4,10,dog\n5,6,20,cat\n7,1,40,dog\n"
	importCSVFile(t, ctx, "pets.csv", text)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("Imported 4 points")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the CSV was not imported: %v", err)
	}
	if msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice"))); !strings.Contains(msg, "z") {
		t.Errorf("the notice does not name the column left out: %q", msg)
	}
	hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("csv-choice").hidden`))
	if hidden {
		t.Fatal("no column pickers after the import")
	}
	selectValue(t, ctx, "csv-y", "z")
	time.Sleep(500 * time.Millisecond)
	m := pageModel(t, ctx)
	if m.Features[0].Name != "x" || m.Features[1].Name != "z" || len(m.Points) != 4 || m.Points[0].Y != 30 {
		t.Errorf("after picking z: features %v, %d points, first %v", m.Features, len(m.Points), m.Points[0])
	}
	selectValue(t, ctx, "csv-label", "x") // a label with four values: refused, data kept
	time.Sleep(500 * time.Millisecond)
	if msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice"))); !strings.Contains(msg, "was not imported") {
		t.Errorf("a bad choice says %q", msg)
	}
	if again := pageModel(t, ctx); again.Features[1].Name != "z" {
		t.Errorf("a refused choice changed the data: %v", again.Features)
	}
}

// TestLegendsDrawDashes: a dashed curve's legend swatch is dashed too
// (the lecture's legend once showed solid lines for the T, √T and bound
// curves; issue 16, defect 12).
func TestLegendsDrawDashes(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	openRoom(t, ctx, url+"#lecture", "unitfreeLecture")
	time.Sleep(500 * time.Millisecond)
	// Rows of the swatch column (14 px from the legend's left + 10) whose
	// coloured pixels have gaps between them: a dash, a gap, a dash.
	dashed, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
	  const c = document.getElementById("l-chart"), g = c.getContext("2d"), dpr = Math.max(1, devicePixelRatio);
	  const w = c.width / dpr, right = Math.min(150, Math.round(0.3 * w)), x0 = Math.round((w - right + 10) * dpr), n = Math.round(14 * dpr);
	  let rows = 0;
	  for (let y = 0; y < c.height; y++) {
	    const px = g.getImageData(x0, y, n, 1).data;
	    let runs = 0, inside = false;
	    for (let i = 0; i < n; i++) {
	      const ink = px[4*i] + px[4*i+1] + px[4*i+2] < 600;
	      if (ink && !inside) runs++;
	      inside = ink;
	    }
	    if (runs >= 2) rows++;
	  }
	  return rows;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if dashed < 4 {
		t.Errorf("%d pixel rows of dashed swatches in the lecture's regret legend; its four reference curves are dashed", dashed)
	}
}
