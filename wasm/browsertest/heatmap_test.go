//go:build !js

package browsertest

import (
	"math"
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

// TestStreamKeepsItsSpeed: while the units room plays, the stream plays
// the speed's rounds per frame, on average, however long it plays. The
// rounds it owed while the panels finished a heatmap were never paid
// off, so they were played again in every later frame: the stream sped
// up as it went, to six times its speed in four seconds, and a pause
// clicked a second later found the stream over (the click then played it
// again from round 0).
func TestStreamKeepsItsSpeed(t *testing.T) {
	ctx := openPenguinsStream(t)
	// The test counts the frames the browser draws, as the page's tick
	// does.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.frameCount = 0; (function count() { window.frameCount++; requestAnimationFrame(count) })()`),
		chromedp.Click(chromedp.ID("play"))); err != nil {
		t.Fatal(err)
	}
	type sample struct {
		Rounds, Frames int
		Playing        bool
	}
	read := func() sample {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[sample](`({rounds: window.unitfree.rounds, frames: window.frameCount, playing: window.unitfree.playing})`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	time.Sleep(500 * time.Millisecond)
	first := read()
	time.Sleep(4 * time.Second)
	last := read()
	if !first.Playing {
		t.Fatalf("the stream does not play: %+v", first)
	}
	speed := 3 // the default: rounds per frame
	rounds, frames := last.Rounds-first.Rounds, last.Frames-first.Frames
	t.Logf("%d rounds in %d frames: %.2f a frame (speed %d)", rounds, frames, float64(rounds)/float64(frames), speed)
	// While playing, the page publishes its state on every 15th frame
	// that it draws, and it draws every other frame: each sample may be up
	// to 30 frames old, so the rounds between two samples may count 30
	// frames more than the frames between them (the runaway stream played
	// six times its speed). With 2 frames of tolerance the test failed on
	// a loaded machine: 720 to 759 rounds in 237 frames.
	const published = 30
	if rounds > speed*(frames+published+2) {
		t.Errorf("%d rounds played in %d frames at %d rounds a frame (playing at the end: %v)", rounds, frames, speed, last.Playing)
	}
}

// TestComparatorBesideTheFrames: the comparator in hindsight (gonum's BFGS,
// 36-54 ms of a frame on a phone slowed 4x) is searched for in slices
// between the frames, not inside one: while the stream plays no frame has
// a "regret" phase, and the regrets still come, while playing and at rest,
// where they are the engine's at the round paused at, bit for bit.
func TestComparatorBesideTheFrames(t *testing.T) {
	ctx := openPenguinsStream(t)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil {
		t.Fatal(err)
	}
	// Regrets every 2 s while playing.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfree.learners.every(l => typeof l.regret === "number" && l.regret === l.regret)`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("no regrets while playing: %v (%+v)", err, state(t, ctx))
	}
	time.Sleep(2500 * time.Millisecond) // a second search while playing
	phases, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`window.unitfree.phasesMs`))
	if err != nil {
		t.Fatal(err)
	}
	if ms, ok := phases["regret"]; ok {
		t.Errorf("a frame searched for the comparator (%.1f ms): the search belongs between the frames", ms)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("play"))); err != nil { // pause
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!window.unitfree.playing && !window.unitfree.picturesDue`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the pictures of the pause are not complete: %v", err)
	}
	s := state(t, ctx)
	_, want := engineAt(t, ctx, s.Rounds)
	for i, l := range s.Learners {
		got, ok := l.Regret.(float64)
		if !ok || math.Float64bits(got) != math.Float64bits(want[i]) {
			t.Errorf("%s at round %d: the page's regret %v, the engine's %v", l.ID, s.Rounds, l.Regret, want[i])
		}
	}
}
