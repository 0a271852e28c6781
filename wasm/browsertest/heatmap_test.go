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
