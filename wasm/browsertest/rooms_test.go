//go:build !js

package browsertest

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"unitfree/core/bandit"
	"unitfree/core/eval"
	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
	"unitfree/wasm/server"
)

// openRoom loads url and waits for the room to publish its state on
// window[global].
func openRoom(t *testing.T, ctx context.Context, url, global string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	// (a room is seen once its controls and a whole picture are)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.`+global+` !== undefined && !document.querySelector("main.room[data-building]")`,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("%s did not start: %v", url, err)
	}
}

// topShot scrolls to the top of the page and saves a screenshot.
func topShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // a frame or two to repaint
	screenshot(t, ctx, name)
}

// roomHash returns the page's room and link state (without the round the
// link was made at).
func roomHash(t *testing.T, ctx context.Context) (room, state string) {
	t.Helper()
	room, state = playground.ParseHash(settledLocation(t, ctx, "hash"))
	state, _ = playground.SplitRound(state)
	return room, state
}

// setRange sets a range or number input and fires its events.
func setRange(t *testing.T, ctx context.Context, id, v string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
	  const el = document.getElementById(%q); el.value = %q;
	  el.dispatchEvent(new Event("input")); el.dispatchEvent(new Event("change"));
	})()`, id, v))); err != nil {
		t.Fatal(err)
	}
}

// playRoom presses the room's play button at full speed and waits for the
// end of its run.
func playRoom(t *testing.T, ctx context.Context, prefix, global string, timeout time.Duration) {
	t.Helper()
	setRange(t, ctx, prefix+"speed", "2")
	done := fmt.Sprintf(`(() => { const s = window.%s; return !s.playing && s.rounds === s.total && s.total > 0 })()`, global)
	if global == "unitfreeSampling" {
		done = `(() => { const s = window.unitfreeSampling; return !s.playing && s.tracks.every(t => t.evals >= s.budget) })()`
	}
	// A link made at the end of a run opens at its end: nothing to play
	// (Play would start it again, and its state of before the click would
	// read as the end).
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.`+global+` !== undefined`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // a link's replay to its round
	if ended, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](done)); ended {
		return
	}
	playing, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.`+global+`.playing`))
	if err != nil {
		t.Fatal(err)
	}
	if !playing {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(prefix+"play"))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](done, chromedp.WithPollingTimeout(timeout))); err != nil {
		t.Fatalf("the run did not finish: %v", err)
	}
}

type banditState struct {
	Data     string  `json:"data"`
	Gamma    float64 `json:"gamma"`
	Rounds   int     `json:"rounds"`
	Total    int     `json:"total"`
	Learners []struct {
		ID       string `json:"id"`
		Mistakes int    `json:"mistakes"`
		Explored int    `json:"explored"`
		Updates  int    `json:"updates"`
	} `json:"learners"`
}

// TestBanditRoom: SynSep for 200 rounds gives the engine's mistakes for
// every learner; with gamma = 1/4 the learners explore at about that rate;
// the link and a reload keep the room.
func TestBanditRoom(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	openRoom(t, ctx, url+"#bandit", "unitfreeBandit")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b-paper"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	topShot(t, ctx, "room-bandit-synsep")
	playRoom(t, ctx, "b-", "unitfreeBandit", 80*time.Second)
	page, err := chromedp.Run(ctx, chromedp.Evaluate[banditState](`window.unitfreeBandit`))
	if err != nil {
		t.Fatal(err)
	}
	_, enc := roomHash(t, ctx)
	room, err := links.Decode[playground.BanditRoom](enc)
	if err != nil {
		t.Fatal(err)
	}
	if room.Data != playground.BanditSynSep || room.Rounds != 5000 || page.Rounds != 5000 { // T as the lesson says
		t.Fatalf("the paper preset gives %s with %d rounds (%d played)", room.Data, room.Rounds, page.Rounds)
	}
	x, y := bandit.SynSep(room.Seed, room.Rounds)
	s, err := eval.NewBandit(x, y, bandit.SynClasses, eval.BanditConfig{Learners: room.Specs(), DrawSeed: room.DrawSeed}, eval.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	s.Run()
	for i, want := range s.Results() {
		got := page.Learners[i]
		t.Logf("%s: page %d mistakes, %d explorations, %d updates; native %d, %d, %d", want.ID, got.Mistakes, got.Explored, got.Updates,
			want.Mistakes, want.Explored, want.Updates)
		if got.ID != want.ID || got.Mistakes != want.Mistakes || got.Explored != want.Explored || got.Updates != want.Updates {
			t.Errorf("%s differs from the native run", want.ID)
		}
	}
	topShot(t, ctx, "room-bandit-synsep-end")

	// Penguins (1026 rounds) with gamma = 1/4: explorations at that rate.
	setRange(t, ctx, "b-preset", "penguins")
	setRange(t, ctx, "b-gamma", "-2")
	playRoom(t, ctx, "b-", "unitfreeBandit", 60*time.Second)
	page, err = chromedp.Run(ctx, chromedp.Evaluate[banditState](`window.unitfreeBandit`))
	if err != nil {
		t.Fatal(err)
	}
	sd := math.Sqrt(0.25 * 0.75 / float64(page.Rounds))
	for _, l := range page.Learners {
		rate := float64(l.Explored) / float64(page.Rounds)
		t.Logf("%s: explored %d of %d rounds (%.3f), %d mistakes", l.ID, l.Explored, page.Rounds, rate, l.Mistakes)
		switch l.ID {
		case "soba", "banditron":
			if math.Abs(rate-0.25) > 4*sd {
				t.Errorf("%s explored at %.3f, gamma is 0.25 (4 s.d. = %.3f)", l.ID, rate, 4*sd)
			}
		case "sop-mc":
			if l.Explored != 0 {
				t.Errorf("the full-information reference explored %d times", l.Explored)
			}
		}
	}
	topShot(t, ctx, "room-bandit-penguins")

	href := settledLocation(t, ctx, "href")
	other := newTab(t)
	openRoom(t, other, href, "unitfreeBandit")
	playRoom(t, other, "b-", "unitfreeBandit", 60*time.Second)
	again, _ := chromedp.Run(other, chromedp.Evaluate[banditState](`window.unitfreeBandit`))
	if fmt.Sprint(again) != fmt.Sprint(page) {
		t.Errorf("the link shows %+v, the original %+v", again, page)
	}
	openRoom(t, other, url+"#bandit", "unitfreeBandit") // no state in the link: from storage
	if _, st := roomHash(t, other); st != enc2(t, ctx) {
		t.Errorf("a reload did not restore the room from storage")
	}
}

// enc2 returns the link state of the page in ctx.
func enc2(t *testing.T, ctx context.Context) string {
	_, s := roomHash(t, ctx)
	return s
}

type samplingState struct {
	Budget int     `json:"budget"`
	FStar  float64 `json:"fstar"`
	Tracks []struct {
		Pair  string    `json:"pair"`
		Evals int       `json:"evals"`
		Probs []float64 `json:"probs"`
		Gaps  []float64 `json:"gaps"`
	} `json:"tracks"`
}

// TestSamplingRoom: the probabilities the page shows sum to 1 and equal the
// engine's; F - F* falls for SGD with MABS; the link and a reload keep the
// room.
func TestSamplingRoom(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	openRoom(t, ctx, url+"#sampling", "unitfreeSampling")
	setRange(t, ctx, "s-speed", "1.5")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("s-play"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	topShot(t, ctx, "room-sampling-playing")
	playRoom(t, ctx, "s-", "unitfreeSampling", 60*time.Second)
	page, err := chromedp.Run(ctx, chromedp.Evaluate[samplingState](`window.unitfreeSampling`))
	if err != nil {
		t.Fatal(err)
	}
	_, enc := roomHash(t, ctx)
	room, err := links.Decode[playground.SamplingRoom](enc)
	if err != nil {
		t.Fatal(err)
	}
	native, err := playground.NewSamplingRun(room)
	if err != nil {
		t.Fatal(err)
	}
	for !native.Done() {
		native.Advance(1000)
	}
	for i, tr := range page.Tracks {
		sum := 0.0
		want := native.Tracks[i].Probs()
		worst := 0.0
		for j, p := range tr.Probs {
			sum += p
			worst = math.Max(worst, math.Abs(p-want[j])/want[j])
		}
		first, last := tr.Gaps[0], tr.Gaps[len(tr.Gaps)-1]
		t.Logf("%s: probabilities sum to 1%+.2g, largest relative difference from native %.2g; F - F* %.4g -> %.4g", tr.Pair, sum-1, worst, first, last)
		if math.Abs(sum-1) > 1e-9 || worst > 1e-9 || len(tr.Probs) != room.N {
			t.Errorf("%s: probabilities wrong", tr.Pair)
		}
		if tr.Pair == "sgd + mabs" && !(last < first/4) {
			t.Errorf("SGD with MABS: F - F* went from %v to %v", first, last)
		}
	}
	topShot(t, ctx, "room-sampling-end")
	href := settledLocation(t, ctx, "href")
	other := newTab(t)
	openRoom(t, other, href, "unitfreeSampling")
	if _, st := roomHash(t, other); st != enc {
		t.Errorf("the link did not reproduce the room")
	}
	openRoom(t, other, url+"#sampling", "unitfreeSampling")
	if _, st := roomHash(t, other); st != enc {
		t.Errorf("a reload did not restore the room from storage")
	}
}

type lectureState struct {
	Rounds   int    `json:"rounds"`
	Total    int    `json:"total"`
	Sequence string `json:"sequence"`
	Players  []struct {
		ID     string  `json:"id"`
		Regret float64 `json:"regret"`
		Bound  float64 `json:"bound"`
	} `json:"players"`
}

// TestLectureRoom: on the lecture's sequence FTL's regret after 100 rounds
// is at least 90 while OGD with eta/sqrt(t) stays within 3 sqrt(100); the
// visitor can be the adversary; the link and a reload keep the game.
func TestLectureRoom(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	openRoom(t, ctx, url+"#lecture", "unitfreeLecture")
	playRoom(t, ctx, "l-", "unitfreeLecture", 60*time.Second)
	page, err := chromedp.Run(ctx, chromedp.Evaluate[lectureState](`window.unitfreeLecture`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("after %d rounds: %+v", page.Rounds, page.Players)
	if page.Rounds != 100 || page.Players[0].ID != "ftl" || page.Players[0].Regret < 90 {
		t.Errorf("FTL's regret after %d rounds is %v, want at least 90", page.Rounds, page.Players[0].Regret)
	}
	if p := page.Players[2]; p.ID != "ogd-sqrt" || p.Regret > 3*math.Sqrt(100) || p.Regret > p.Bound {
		t.Errorf("OGD-sqrt's regret %v (bound %v), want at most 3 sqrt(100)", p.Regret, p.Bound)
	}
	topShot(t, ctx, "room-lecture")
	// The exports: the download links the page makes are caught, not followed.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  window.caught = [];
	  HTMLAnchorElement.prototype.click = function () { window.caught.push({name: this.download, href: this.href}); };
	  const make = URL.createObjectURL;
	  URL.createObjectURL = (blob) => { window.caughtBlob = blob; return make(blob); };
	})()`), chromedp.Click(chromedp.ID("l-metrics-csv")), chromedp.Click(chromedp.ID("l-save-png"))); err != nil {
		t.Fatal(err)
	}
	csv, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.caughtBlob.text()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != 101 || !strings.HasPrefix(lines[0], "round,z,ftl play") {
		t.Errorf("metrics CSV: %d lines, header %q", len(lines), lines[0])
	}
	png, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.caught.map(c => c.name + " " + c.href.slice(0, 22)).join("; ")`))
	if !strings.Contains(png, "unitfree-lecture.png data:image/png") {
		t.Errorf("Save PNG made %q", png)
	}
	for _, id := range []string{"l-plus", "l-plus", "l-minus"} {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeLecture.rounds === 3 && window.unitfreeLecture.sequence === "adversary"`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("three clicks as the adversary: %v", err)
	}
	_, enc := roomHash(t, ctx)
	href := settledLocation(t, ctx, "href")
	other := newTab(t)
	openRoom(t, other, href, "unitfreeLecture")
	got, _ := chromedp.Run(other, chromedp.Evaluate[lectureState](`window.unitfreeLecture`))
	if got.Rounds != 3 || got.Sequence != "adversary" {
		t.Errorf("the link shows %+v", got)
	}
	openRoom(t, other, url+"#lecture", "unitfreeLecture")
	if _, st := roomHash(t, other); st != enc {
		t.Errorf("a reload did not restore the game from storage")
	}
	openRoom(t, other, url+"#lecture/v2.broken", "unitfreeLecture")
	msg, _ := chromedp.Run(other, chromedp.Text(chromedp.ID("l-notice")))
	if msg == "" {
		t.Errorf("a corrupted lecture link shows no message")
	}
}

// TestRoomEditsKeepTheRound checks the rooms' one lifecycle: an edit replays
// the stream to the round it was at (and, as the units playground, compares
// like with like), Restart goes back to round 0, and Reset to defaults
// brings every setting back.
func TestRoomEditsKeepTheRound(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	openRoom(t, ctx, url+"#bandit", "unitfreeBandit")
	state := func() (rounds int, gamma float64, playing bool) {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`window.unitfreeBandit`))
		if err != nil {
			t.Fatal(err)
		}
		return int(s["rounds"].(float64)), s["gamma"].(float64), s["playing"].(bool)
	}
	def := playground.NewBanditRoom().Gamma
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`for (let i = 0; i < 25; i++) document.getElementById("b-step").click()`)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeBandit.rounds === 25`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("25 steps: %v", err)
	}
	setRange(t, ctx, "b-gamma", "-2")
	time.Sleep(500 * time.Millisecond)
	if rounds, gamma, _ := state(); rounds != 25 || gamma != 0.25 {
		t.Fatalf("after γ = 1/4: round %d, γ %g; want round 25, γ 0.25", rounds, gamma)
	}
	// An edit while playing plays on from where the stream was.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b-play"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	setRange(t, ctx, "b-gamma", "-3")
	time.Sleep(300 * time.Millisecond)
	if rounds, _, playing := state(); rounds < 25 || !playing {
		t.Fatalf("an edit while playing: round %d, playing %v; want ≥ 25 and playing", rounds, playing)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b-restart"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if rounds, _, playing := state(); rounds != 0 || playing {
		t.Fatalf("Restart: round %d, playing %v; want 0, paused", rounds, playing)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b-reset"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if rounds, gamma, _ := state(); rounds != 0 || gamma != def {
		t.Fatalf("Reset to defaults: round %d, γ %g; want 0 and the default %g", rounds, gamma, def)
	}
	// A refused setting is said in plain words, and its control shows the
	// value in force.
	for _, bad := range []string{"0", ""} {
		setRange(t, ctx, "b-passes", bad)
		msg, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("b-notice")))
		if err != nil {
			t.Fatal(err)
		}
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("b-passes").value`))
		if !strings.Contains(msg, "Passes over the points must be") || strings.Contains(msg, "strconv") || shown != "3" {
			t.Errorf("passes = %q: notice %q, the field shows %q; want plain words and 3", bad, msg, shown)
		}
	}
}

// TestRoomsKeepUnreadableSavedState: in the bandit, sampling and lecture
// rooms, a stored state the page cannot read is left as it was, as the
// notice says, while the room plays and pauses (it was overwritten at
// once), and replaced once the visitor changes a setting.
func TestRoomsKeepUnreadableSavedState(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, room := range []struct{ name, prefix, key, global string }{
		{"bandit", "b-", "unitfree.bandit.v1", "unitfreeBandit"},
		{"sampling", "s-", "unitfree.sampling.v1", "unitfreeSampling"},
		{"lecture", "l-", "unitfree.lecture.v1", "unitfreeLecture"},
	} {
		t.Run(room.name, func(t *testing.T) {
			ctx := newTab(t)
			openRoom(t, ctx, url+"#"+room.name, room.global) // a first visit stores its state
			settledLocation(t, ctx, "hash")
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`localStorage.getItem("`+room.key+`") !== null`,
				chromedp.WithPollingTimeout(5*time.Second))); err != nil {
				t.Fatal("the first visit stored nothing")
			}
			const stored = "v1.not-a-state"
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`localStorage.setItem("`+room.key+`", "`+stored+`")`)); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
				t.Fatal(err)
			}
			openRoom(t, ctx, url+"#"+room.name, room.global) // a new visit, with no state in its link
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("`+room.prefix+`notice").textContent.includes("left untouched")`,
				chromedp.WithPollingTimeout(10*time.Second))); err != nil {
				msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID(room.prefix+"notice")))
				t.Fatalf("the notice says %q", msg)
			}
			for _, id := range []string{"play", "play", "step"} { // playing, pausing and stepping write the link
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(room.prefix+id))); err != nil {
					t.Fatal(err)
				}
				time.Sleep(400 * time.Millisecond)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.getItem("`+room.key+`")`))
			if err != nil {
				t.Fatal(err)
			}
			if got != stored {
				t.Fatalf("the unreadable state was overwritten with %q", got)
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(room.prefix+"reset"))); err != nil { // the visitor acts
				t.Fatal(err)
			}
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`localStorage.getItem("`+room.key+`") !== "`+stored+`"`,
				chromedp.WithPollingTimeout(5*time.Second))); err != nil {
				t.Fatal("after a change the new state was not saved")
			}
		})
	}
}

// TestGammaStepsByPowersOfTwo: the exploration rate is shown and stepped
// as the SOBA paper sets it, by powers of two: from the default 2⁻⁴, two
// presses of the left arrow reach 2⁻⁶ = 1/64 (it took 12 presses, shown
// as 0.01562).
func TestGammaStepsByPowersOfTwo(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	openRoom(t, ctx, url+"#bandit", "unitfreeBandit")
	shown := func() string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("b-gamma-value")))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := shown(); s != "2⁻⁴ = 1/16" {
		t.Fatalf("the default γ reads %q", s)
	}
	if err := chromedp.Do(ctx, chromedp.Focus(chromedp.ID("b-gamma")), chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeBandit.gamma === 1/64`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		g, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.unitfreeBandit.gamma`))
		t.Fatalf("after two presses γ = %v, want 1/64", g)
	}
	if s := shown(); s != "2⁻⁶ = 1/64" {
		t.Errorf("γ = 1/64 reads %q", s)
	}
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("b-gamma").getAttribute("aria-valuetext")`)); v != "2⁻⁶ = 1/64" {
		t.Errorf("the slider's aria-valuetext is %q", v)
	}
}

// TestLinesOnEachOtherShowBoth: in the bandit lesson's exploration step the
// two learners flip the same coins, so their exploration rates are one
// line; both colours show along it and the legend says so (the line drawn
// last once hid the other: SOBA had a legend entry and no line, #32 item 12).
func TestLinesOnEachOtherShowBoth(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	openRoom(t, ctx, url+"#bandit/lesson/2", "unitfreeBandit")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeBandit.rounds === window.unitfreeBandit.total && window.unitfreeBandit.total > 0`,
		chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatal(err)
	}
	selectValue(t, ctx, "b-metric", "explore")
	time.Sleep(500 * time.Millisecond)
	// Pixels of each learner's colour inside the plot, left of the legend.
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => {
	  const c = document.getElementById("b-chart"), g = c.getContext("2d"), dpr = Math.max(1, devicePixelRatio);
	  const w = c.width / dpr, right = Math.min(150, Math.round(0.3 * w));
	  const px = g.getImageData(0, 0, Math.round((w - right) * dpr), c.height).data;
	  const near = (i, [r, gr, b]) => Math.abs(px[i] - r) + Math.abs(px[i+1] - gr) + Math.abs(px[i+2] - b) < 40;
	  const counts = [0, 0];
	  for (let i = 0; i < px.length; i += 4) {
	    if (near(i, [0x00, 0x72, 0xB2])) counts[0]++;
	    if (near(i, [0xD5, 0x5E, 0x00])) counts[1]++;
	  }
	  return counts;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if counts[0] < counts[1]/4 || counts[1] < counts[0]/4 {
		t.Errorf("pixels of SOBA's and the Banditron's colour on their shared exploration line: %v; both should show", counts)
	}
	state, err := chromedp.Run(ctx, chromedp.Evaluate[banditState](`window.unitfreeBandit`))
	if err != nil {
		t.Fatal(err)
	}
	if len(state.Learners) != 2 || state.Learners[0].Explored != state.Learners[1].Explored {
		t.Fatalf("the step's learners no longer explore together: %+v", state.Learners)
	}
}

// TestAnotherRoomLeavesThePlaygroundUnbuilt: a visit that lands in another
// room starts the units playground's program only when the playground is
// first shown (Go's start, its build and first pictures once took the
// shown room's main thread: some 2 s on a phone); the navigation marks the
// room shown all along, the playground, once shown, plays at once, and
// the site registers for offline use once it rests (rooms left behind
// rest too).
func TestAnotherRoomLeavesThePlaygroundUnbuilt(t *testing.T) {
	ctx := newLiveTab(t)
	openRoom(t, ctx, serveSite(t, server.New(siteDir))+"#sampling", "unitfreeSampling")
	time.Sleep(1500 * time.Millisecond)
	type look struct {
		Started, Built, AppHidden bool
		Marked                    string
	}
	state := func() look {
		t.Helper()
		l, err := chromedp.Run(ctx, chromedp.Evaluate[look](`(async () => ({started: window.unitfreeLoadMs !== undefined,
		  built: window.unitfree !== undefined,
		  appHidden: document.getElementById("app").hidden,
		  marked: document.querySelector("nav.rooms a[aria-current=page]")?.dataset.room ?? ""}))()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	if l := state(); l.Started || l.Built || !l.AppHidden || l.Marked != "sampling" {
		t.Errorf("in the sampling room: %+v, want the playground's program not started, the playground hidden, the navigation marking sampling", l)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav.rooms a[data-room="lecture"]`))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the lecture room", `window.unitfreeLecture !== undefined && !document.getElementById("room-lecture").hidden`, 30*time.Second)
	if l := state(); l.Started || l.Built || l.Marked != "lecture" {
		t.Errorf("in the lecture room: %+v, want the playground's program not started, the navigation marking lecture", l)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`nav.rooms a[data-room="units"]`))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the playground playing", `window.unitfree !== undefined && window.unitfree.playing && window.unitfree.rounds > 0`, 30*time.Second)
	if l := state(); l.AppHidden || l.Marked != "units" {
		t.Errorf("in the units playground: %+v, want it shown and marked", l)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the site registered offline once the playground rests", `window.unitfreeSampling.playing === false && window.unitfreeLecture.playing === false && navigator.serviceWorker.controller !== null`, 20*time.Second)
}

// TestBanditPictureStampsItsPoints: a picture of the bandit room's penguins
// (342 points in each of four panels) draws its points as one stamped
// image per panel, not an arc per point: the arcs, fill styles and strokes
// of 1,300 points took 150 to 200 ms a picture on a phone's CPU (4x
// slower), and the room's frames p95 233 ms. The test counts the canvas
// arcs per picture while the room plays from load (a picture is one
// window.unitfreeBandit it publishes); what a picture still draws with arcs
// is each panel's current round: its pulsing ring and the played label's
// mark.
func TestBanditPictureStampsItsPoints(t *testing.T) {
	ctx := newLiveTab(t)
	openRoom(t, ctx, serveSite(t, server.New(siteDir))+"#bandit", "unitfreeBandit")
	waitFor(t, ctx, "the penguins playing", `window.unitfreeBandit.playing && window.unitfreeBandit.rounds > 0 && window.unitfreeBandit.data !== "synsep"`, 30*time.Second)
	type count struct{ Arcs, Pictures, Panels, Points int }
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  window.zzArcs = 0; window.zzPictures = 0;
	  const arc = CanvasRenderingContext2D.prototype.arc;
	  CanvasRenderingContext2D.prototype.arc = function (...a) { window.zzArcs++; return arc.apply(this, a); };
	  let state = window.unitfreeBandit;
	  Object.defineProperty(window, "unitfreeBandit", { configurable: true, get: () => state, set: (v) => { state = v; window.zzPictures++; } });
	})()`)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[count](`({arcs: window.zzArcs, pictures: window.zzPictures,
	  panels: window.unitfreeBandit.learners.length, points: window.unitfreeBandit.total})`))
	if err != nil {
		t.Fatal(err)
	}
	if got.Pictures < 5 {
		t.Fatalf("%d pictures in 2 s of play", got.Pictures)
	}
	perPanel := float64(got.Arcs) / float64(got.Pictures*got.Panels)
	t.Logf("%d arcs in %d pictures of %d panels (%d rounds): %.1f arcs a panel's picture", got.Arcs, got.Pictures, got.Panels, got.Points, perPanel)
	if perPanel > 4 {
		t.Errorf("a panel's picture draws %.1f arcs: its points are drawn one by one", perPanel)
	}
}

// TestLectureTableKeptWhilePlaying: while the game plays, the lecture
// room's table keeps its rows and writes its cells (it was rebuilt, some
// 25 elements made and laid out, every picture, which with its charts took
// a phone's CPU 40 to 100 ms a frame), and the cells show the round the
// room publishes.
func TestLectureTableKeptWhilePlaying(t *testing.T) {
	ctx := newLiveTab(t)
	openRoom(t, ctx, serveSite(t, server.New(siteDir))+"#lecture", "unitfreeLecture")
	waitFor(t, ctx, "the game playing", `window.unitfreeLecture.playing && window.unitfreeLecture.rounds > 0`, 30*time.Second)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.zzRow = document.querySelector("#l-table tbody tr"); window.zzFrom = window.unitfreeLecture.rounds`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "ten more rounds", `window.unitfreeLecture.rounds >= window.zzFrom + 10 || !window.unitfreeLecture.playing`, 30*time.Second)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("l-play"))); err != nil { // paused: the table and the figures at rest
		t.Fatal(err)
	}
	waitFor(t, ctx, "the game paused", `!window.unitfreeLecture.playing`, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	type look struct {
		Kept          bool
		From, Rounds  int
		Cells, Regret string
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[look](`(() => {
	  const row = document.querySelector("#l-table tbody tr");
	  return {kept: row === window.zzRow && row.isConnected, from: window.zzFrom, rounds: window.unitfreeLecture.rounds,
	    cells: [...row.querySelectorAll("td")].map(td => td.textContent).join(" | "),
	    regret: String(window.unitfreeLecture.players[0].regret)};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("rounds %d to %d; first row: %s (published regret %s)", got.From, got.Rounds, got.Cells, got.Regret)
	if got.Rounds <= got.From {
		t.Fatalf("the game did not play on: rounds %d to %d", got.From, got.Rounds)
	}
	if !got.Kept {
		t.Errorf("the table's first row was rebuilt while the game played")
	}
	cells := strings.Split(got.Cells, " | ")
	shown, err1 := strconv.ParseFloat(cells[min(2, len(cells)-1)], 64)
	published, err2 := strconv.ParseFloat(got.Regret, 64)
	if len(cells) != 4 || err1 != nil || err2 != nil || math.Abs(shown-published) > 1e-3*math.Abs(published) {
		t.Errorf("the first row reads %q, the published regret is %s", got.Cells, got.Regret)
	}
}

// TestRoomFirstShownInFrames: a room's first showing lays out its
// learners' panels first, then each half of its controls, then each part
// of its explanation, each in an animation frame of its own, with the
// room unseen until its controls are (data-building): the whole room's
// first style and layout in one frame was a task of 820 ms on a phone
// slowed 4x (the bandit room), its controls or its explanation at once
// frames of 200-300 ms. The frame of each change is read from
// document.timeline's time, which is one per frame; once the page says the
// room is shown nothing is held back.
func TestRoomFirstShownInFrames(t *testing.T) {
	const watch = `window.shownAt = {};
new MutationObserver((records) => {
  for (const r of records) {
    const el = r.target, now = document.timeline.currentTime;
    if (r.attributeName === "hidden" && el.classList.contains("room") && !el.hidden) window.shownAt.room ??= now;
    if (r.attributeName === "data-later" && !el.hasAttribute("data-later")) {
      const part = el.closest(".controls") ? "controls" : "explain";
      window.shownAt[part + "First"] ??= now;
      window.shownAt[part] = now;
    }
    if (r.attributeName === "data-building" && !el.hasAttribute("data-building")) window.shownAt.seen = now;
  }
}).observe(document, { attributes: true, attributeFilter: ["hidden", "data-later", "data-building"], subtree: true });`
	url := serveSite(t, server.New(siteDir))
	for _, room := range []string{"bandit", "sampling", "lecture"} {
		t.Run(room, func(t *testing.T) {
			ctx := landWatched(t, url+"#"+room, watch, false)
			type seen struct {
				At      map[string]float64 `json:"at"`
				Waiting int                `json:"waiting"`
			}
			s, err := chromedp.Run(ctx, chromedp.Evaluate[seen](`({at: window.shownAt, waiting: document.querySelectorAll("main.room [data-later], main.room[data-building]").length})`))
			if err != nil {
				t.Fatal(err)
			}
			if s.Waiting != 0 {
				t.Errorf("%d parts of the room still wait to be shown once the page says it is shown", s.Waiting)
			}
			room, seenAt := s.At["room"], s.At["seen"]
			controlsFirst, controls, explainFirst, explain := s.At["controlsFirst"], s.At["controls"], s.At["explainFirst"], s.At["explain"]
			if !(room < controlsFirst && controlsFirst < controls && controls <= seenAt && seenAt < explainFirst && explainFirst < explain) {
				t.Errorf("frames (document.timeline ms) of the room's showing %v, its controls' halves %v and %v, seen %v, its explanation's first and last parts %v and %v: want frames one after another, the room seen after its controls, then its explanation",
					room, controlsFirst, controls, seenAt, explainFirst, explain)
			}
		})
	}
}

// TestRoomBuiltInSteps: landing on a room's link, the rooms' program
// builds the room in steps, each in a task of its own (it yields through
// a MessageChannel, nextTask): the program's start, the room's view, its
// controls, the link's state read, its first run, and its panels, instead
// of all in the program's first task (580 to 930 ms on a phone slowed
// 4x). Counted here are the program's yields between its start (it hides
// the rooms' loading note) and the room's first learner panel: 0 when it
// was one task, 4 while the room's entry (its state, run and panels, 270
// ms at 4x) was one.
func TestRoomBuiltInSteps(t *testing.T) {
	const watch = countYields + `
new MutationObserver(() => {
  if (window.startYields === undefined && document.getElementById("rooms-loading")?.hidden) window.startYields = window.yields;
  if (window.panelYields === undefined && document.querySelector("main.room .panels .learner-panel")) window.panelYields = window.yields;
}).observe(document, { attributes: true, childList: true, subtree: true });`
	url := serveSite(t, server.New(siteDir))
	for _, room := range []string{"bandit", "sampling"} {
		t.Run(room, func(t *testing.T) {
			ctx := landWatched(t, url+"#"+room, watch, false)
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[window.startYields ?? -1, window.panelYields ?? -1]`))
			if err != nil {
				t.Fatal(err)
			}
			if got[0] < 0 || got[1] < 0 {
				t.Fatalf("the start or the panels were not seen (yields at each: %v)", got)
			}
			if steps := got[1] - got[0]; steps < 6 {
				t.Errorf("the program yielded %d times between its start and the room's first panel, want at least 6 (a task each for its start, the view, the controls, the state, the run and the panels)", steps)
			}
		})
	}
}

// TestRoomPanelsOneAtATime: a room's first showing builds its learner
// panels each in a task of its own, shows the model in the controls in a
// task after them, and, on a phone slowed 4x, draws each bandit panel for
// the first time in an animation frame of its own (a frame draws one part
// for the first time, and more only within 12 ms). On that phone the
// panels and the controls were one task of 310-380 ms, and the panels'
// first drawings one frame of 180-230 ms of script. Each bandit panel's
// axes are drawn off screen in a frame before its first picture (a panel's
// axes and first picture in one frame were a task of about 140 ms of CPU).
// Seen here: the program's yields (MessageChannel posts) when each panel
// is added and when the learners' boxes are ticked, the animation frame of
// each panel's first fill, and the frames that write text off screen on a
// canvas of a panel's size (its axes).
func TestRoomPanelsOneAtATime(t *testing.T) {
	const watch = countYields + `window.frames = 0; window.panelAt = []; window.checkedAt = -1; window.firstDrawn = [];
const count = () => { window.frames++; requestAnimationFrame(count); };
requestAnimationFrame(count);
const fill = CanvasRenderingContext2D.prototype.fillRect;
CanvasRenderingContext2D.prototype.fillRect = function (...args) {
  const panel = this.canvas.closest?.(".learner-panel");
  if (panel && !panel.dataset.seenDrawn) { panel.dataset.seenDrawn = "1"; window.firstDrawn.push(window.frames); }
  return fill.apply(this, args);
};
window.axesDrawn = []; // frames that wrote text off screen at a panel's size: its axes
const text = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (...args) {
  const panel = document.querySelector("main.room:not([hidden]) .learner-panel canvas");
  if (!this.canvas.isConnected && panel && this.canvas.width === panel.width && this.canvas.height === panel.height) window.axesDrawn.push(window.frames);
  return text.apply(this, args);
};
new MutationObserver(records => {
  for (const r of records) for (const n of r.addedNodes)
    if (n.classList?.contains("learner-panel") && n.closest("main.room")) window.panelAt.push(window.yields);
  if (window.checkedAt < 0 && document.querySelector("#b-learners input:checked, #s-pairs input:checked")) window.checkedAt = window.yields;
}).observe(document, { childList: true, subtree: true, attributes: true });`
	url := serveSite(t, server.New(siteDir))
	for _, room := range []string{"bandit", "sampling"} {
		t.Run(room, func(t *testing.T) {
			ctx := landWatched(t, url+"#"+room, watch, true)
			type seen struct {
				PanelAt    []int `json:"panelAt"`
				CheckedAt  int   `json:"checkedAt"`
				FirstDrawn []int `json:"firstDrawn"`
				AxesDrawn  []int `json:"axesDrawn"`
			}
			waitFor(t, ctx, "every panel drawn", `window.firstDrawn.length === document.querySelectorAll("main.room:not([hidden]) .learner-panel").length`, 10*time.Second)
			s, err := chromedp.Run(ctx, chromedp.Evaluate[seen](`({panelAt: window.panelAt, checkedAt: window.checkedAt, firstDrawn: window.firstDrawn, axesDrawn: window.axesDrawn})`))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.PanelAt) < 2 {
				t.Fatalf("the room showed %d learner panels, want several", len(s.PanelAt))
			}
			for i := 1; i < len(s.PanelAt); i++ {
				if s.PanelAt[i] <= s.PanelAt[i-1] {
					t.Errorf("panels added at yields %v: want each in a task of its own", s.PanelAt)
					break
				}
			}
			if last := s.PanelAt[len(s.PanelAt)-1]; s.CheckedAt <= last {
				t.Errorf("the learners' boxes were ticked at yield %d, the last panel added at %d: want the controls shown in a task after the panels", s.CheckedAt, last)
			}
			if room != "bandit" {
				return
			}
			for i := 1; i < len(s.FirstDrawn); i++ {
				if s.FirstDrawn[i] <= s.FirstDrawn[i-1] {
					t.Errorf("the panels were first drawn in animation frames %v: want each in a frame of its own", s.FirstDrawn)
					break
				}
			}
			if len(s.AxesDrawn) == 0 {
				t.Errorf("no panel's axes were seen drawn off screen")
			}
			for _, f := range s.FirstDrawn {
				if slices.Contains(s.AxesDrawn, f) {
					t.Errorf("frame %d drew a panel's axes and first drew a panel (axes in frames %v, panels in %v): want the axes drawn in a frame before", f, s.AxesDrawn, s.FirstDrawn)
					break
				}
			}
		})
	}
}

// TestRoomPicturesRenderedAhead: while the bandit and lecture rooms play
// (a picture every third frame), a picture's frame strokes nothing: the
// bandit room's panels (region maps or SynSep's guesses) and chart, and
// the lecture room's two charts, are
// drawn off screen in the two frames before and copied on screen in one
// call each. The frame before the picture's steps nothing, and the frame
// before that plays its rounds, so the stream keeps its speed. Drawn in
// the picture's frame, their canvas calls and painting made the rooms'
// longest frames on a phone (p95 at 4x: bandit 47-70 ms before, 40-44
// after; lecture 48-52 before, 33-45 after).
func TestRoomPicturesRenderedAhead(t *testing.T) {
	const watch = `window.frames = 0; window.recording = false; window.canvasCalls = [];
const count = () => { window.frames++; requestAnimationFrame(count); };
requestAnimationFrame(count);
for (const name of ["drawImage", "stroke", "fillRect"]) {
  const call = CanvasRenderingContext2D.prototype[name];
  CanvasRenderingContext2D.prototype[name] = function (...args) {
    if (window.recording) window.canvasCalls.push([window.frames, name, this.canvas.isConnected]);
    return call.apply(this, args);
  };
}`
	lecture := playground.NewLecture()
	lecture.Rounds = 5000
	synsep := playground.NewBanditRoom()
	if err := synsep.LoadPreset(playground.BanditSynSep); err != nil {
		t.Fatal(err)
	}
	synsep.Rounds = 2000 // beyond the recording at one round per frame
	url := serveSite(t, server.New(siteDir))
	// SynSep's full SOBA takes longer to step than a frame's budget gives
	// it on a loaded machine (rounds that do not fit are dropped, by
	// design), so its speed is not checked.
	for _, room := range []struct {
		name, hash, global, speed string
		keepsSpeed                bool
	}{
		{"bandit", "#bandit", "unitfreeBandit", "b-speed", true},
		{"bandit-synsep", playground.Hash(playground.RoomBandit, links.Encode(synsep)), "unitfreeBandit", "b-speed", false},
		{"lecture", playground.Hash(playground.RoomLecture, links.Encode(lecture)), "unitfreeLecture", "l-speed", true},
	} {
		t.Run(room.name, func(t *testing.T) {
			ctx := newLiveTab(t)
			if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watch}); err != nil {
				t.Fatal(err)
			}
			openRoom(t, ctx, url+room.hash, room.global)
			waitFor(t, ctx, "the room playing", fmt.Sprintf(`window.%s?.playing === true && window.%[1]s.rounds > 0`, room.global), 15*time.Second)
			setRange(t, ctx, room.speed, "0") // one round per frame
			time.Sleep(500 * time.Millisecond)
			type moment struct {
				Frames  int  `json:"frames"`
				Rounds  int  `json:"rounds"`
				Playing bool `json:"playing"`
			}
			now := fmt.Sprintf(`({frames: window.frames, rounds: window.%s.rounds, playing: window.%[1]s.playing})`, room.global)
			if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.recording = true`)); err != nil {
				t.Fatal(err)
			}
			start, err := chromedp.Run(ctx, chromedp.Evaluate[moment](now))
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * time.Second)
			end, err := chromedp.Run(ctx, chromedp.Evaluate[moment](now))
			if err != nil {
				t.Fatal(err)
			}
			calls, err := chromedp.Run(ctx, chromedp.Evaluate[[][3]any](`window.recording = false, window.canvasCalls`))
			if err != nil {
				t.Fatal(err)
			}
			if !start.Playing || !end.Playing {
				t.Fatalf("the stream stopped while recorded (rounds %d to %d of its run)", start.Rounds, end.Rounds)
			}
			pictures, drawing := map[float64]bool{}, map[float64]bool{}
			for _, c := range calls {
				frame, _ := c[0].(float64)
				switch onScreen, _ := c[2].(bool); {
				case c[1] == "drawImage" && onScreen:
					pictures[frame] = true
				case c[1] != "drawImage":
					drawing[frame] = true
				}
			}
			var stroked []float64
			for f := range pictures {
				if drawing[f] {
					stroked = append(stroked, f)
				}
			}
			if len(pictures) < 5 || len(stroked) > 1 {
				t.Errorf("over %d frames, %d pictures, %d of them drawn in their own frame: want each rendered ahead",
					end.Frames-start.Frames, len(pictures), len(stroked))
			}
			// The picture's rounds are published with it, up to 3 frames late.
			frames, rounds := end.Frames-start.Frames, end.Rounds-start.Rounds
			if rate := float64(rounds) / float64(frames); room.keepsSpeed && (rate < 0.85 || rate > 1.1) {
				t.Errorf("%d rounds in %d frames at one round per frame (%.2f a frame)", rounds, frames, rate)
			}
		})
	}
}

// TestRoomLandingWritesItsLinkOnce: landing on a room's bare link, the room
// writes the link of its state into the URL once. Once its first showing
// was paced over tasks, its restart and its entry each wrote the same
// link, and the showing could take that link for a route taken meanwhile
// and enter the room again. The first rewrite of the URL after the room's
// controls appear is a task of 90-190 ms on a phone slowed 4x.
func TestRoomLandingWritesItsLinkOnce(t *testing.T) {
	const watch = `window.replaced = [];
const replace = History.prototype.replaceState;
History.prototype.replaceState = function (...args) { window.replaced.push(String(args[2])); return replace.apply(this, args); };`
	url := serveSite(t, server.New(siteDir))
	for _, room := range []string{"bandit", "sampling", "lecture"} {
		t.Run(room, func(t *testing.T) {
			ctx := landWatched(t, url+"#"+room, watch, false)
			time.Sleep(time.Second) // a late write would come by now
			replaced, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.replaced`))
			if err != nil {
				t.Fatal(err)
			}
			if len(replaced) != 1 || !strings.HasPrefix(replaced[0], "#"+room+"/") {
				t.Errorf("the URL was rewritten %d times (%q), want once, with the room's state", len(replaced), replaced)
			}
		})
	}
}

// landWatched opens url in a new tab with the watch script run before the
// page's own, and waits until the page is ready; on a phone, the tab
// emulates a phone whose CPU is 4 times slower.
func landWatched(t *testing.T, url, watch string, phone bool) context.Context {
	t.Helper()
	ctx := newTab(t)
	if phone {
		emulatePhone(t, ctx, 412, 823, 4)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watch}); err != nil {
		t.Fatal(err)
	}
	waitReady(t, ctx, url)
	return ctx
}

// countYields counts the page's MessageChannel posts in window.yields: one
// per yield of the Go program (nextTask).
const countYields = `window.yields = 0;
const post = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (...args) { window.yields++; return post.apply(this, args); };
`
