//go:build !js

package browsertest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/playground"
	"unitfree/wasm/playground/links"
	"unitfree/wasm/server"
)

// The rooms render part of a picture (the charts, the sampling room's
// points) at the end of the frame before the one that shows it. These
// tests read the page between frames while the stream plays, as a visitor
// sees it, and check that everything on screen shows one state: every
// panel's figures and the chart.

// TestBanditRoomShowsOneStateWhilePlaying reads the bandit room while
// SynSep plays at 100 rounds per frame: each panel's rounds and the
// chart's rounds must be those of the published state.
func TestBanditRoomShowsOneStateWhilePlaying(t *testing.T) {
	b := playground.NewBanditRoom()
	if err := b.LoadPreset(playground.BanditSynSep); err != nil {
		t.Fatal(err)
	}
	b.Learners = []string{"soba", "soba-diag", "banditron", "perceptron-mc"}
	b.Rounds = playground.MaxBanditRounds
	url := serveSite(t, server.New(siteDir)) + playground.Hash(playground.RoomBandit, links.Encode(b))
	ctx := newTab(t)
	openRoom(t, ctx, url, "unitfreeBandit")
	setRange(t, ctx, "b-speed", "1.5")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("b-play"))); err != nil {
		t.Fatal(err)
	}
	type view struct {
		Playing bool
		Rounds  int
		Chart   int
		Texts   []string
	}
	readWhilePlaying(t, ctx, 47*time.Millisecond, `(() => { const b = window.unitfreeBandit;
	  return {playing: b.playing, rounds: b.rounds, chart: b.chartRounds === undefined ? -1 : b.chartRounds,
	    texts: [...document.querySelectorAll('#b-panels .f-rounds')].map(e => e.textContent)}; })()`,
		func(v view) bool { return v.Playing && v.Rounds > 0 },
		func(v view) {
			want := fmt.Sprintf("%d / %d", v.Rounds, b.Rounds)
			for i, text := range v.Texts {
				if text != want {
					t.Fatalf("panel %d shows rounds %q while the room's state is %q (panels %q)", i, text, want, v.Texts)
				}
			}
			if v.Chart != v.Rounds {
				t.Fatalf("the chart shows %d rounds while the panels show %d", v.Chart, v.Rounds)
			}
		})
}

// TestSamplingRoomShowsOneStateWhilePlaying reads the sampling room while
// its paper preset plays: each panel's evaluations and the charts' records
// must be those of the published state.
func TestSamplingRoomShowsOneStateWhilePlaying(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	ctx := newTab(t)
	openRoom(t, ctx, url+"#sampling", "unitfreeSampling")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("s-paper"))); err != nil {
		t.Fatal(err)
	}
	type view struct {
		Playing bool
		Evals   []string // as published, "evals / budget"
		Records int
		Chart   int
		Texts   []string
	}
	readWhilePlaying(t, ctx, 53*time.Millisecond, `(() => { const s = window.unitfreeSampling;
	  if (!s.tracks) return {playing: false};
	  return {playing: s.playing, evals: s.tracks.map(tr => tr.evals + ' / ' + s.budget),
	    records: s.tracks.reduce((n, tr) => n + tr.gaps.length, 0), chart: s.chartPoints === undefined ? -1 : s.chartPoints,
	    texts: [...document.querySelectorAll('#s-panels .f-evals')].map(e => e.textContent)}; })()`,
		func(v view) bool { return v.Playing },
		func(v view) {
			if fmt.Sprint(v.Texts) != fmt.Sprint(v.Evals) {
				t.Fatalf("the panels show evaluations %q while the room's state is %q", v.Texts, v.Evals)
			}
			if v.Chart != v.Records {
				t.Fatalf("the charts show %d records while the state holds %d", v.Chart, v.Records)
			}
		})
}

// readWhilePlaying evaluates expr 40 times, every pause, and checks each
// view read while the room plays; at least 10 reads must be such.
func readWhilePlaying[V any](t *testing.T, ctx context.Context, pause time.Duration, expr string, playing func(V) bool, check func(V)) {
	t.Helper()
	seen := 0
	for range 40 {
		time.Sleep(pause)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[V](expr))
		if err != nil {
			t.Fatal(err)
		}
		if !playing(v) {
			continue
		}
		seen++
		check(v)
	}
	if seen < 10 {
		t.Fatalf("read the room only %d times while it played", seen)
	}
}
