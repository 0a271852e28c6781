//go:build !js

package browsertest

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/playground"
	"unitfree/wasm/server"
)

// TestCopiedLinkHoldsTheRound: a link copied while a stream plays carries
// the round on screen, and opens there with its pictures drawn, in every
// room (it carried no round: the lecture's copied at round 15 opened at
// 100, the units room's copied at 500 at 0, and a lecture link showed
// "After 0 rounds").
func TestCopiedLinkHoldsTheRound(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, room := range []struct{ hash, prefix, rounds string }{
		{"", "", `window.unitfree.rounds`},
		{"#bandit", "b-", `(window.unitfreeBandit || {rounds: 0}).rounds`},
		{"#sampling", "s-", `((window.unitfreeSampling || {}).tracks || [{evals: 0}])[0].evals`},
		{"#lecture", "l-", `(window.unitfreeLecture || {rounds: 0}).rounds`},
	} {
		t.Run(room.hash, func(t *testing.T) {
			ctx := newTab(t)
			waitReady(t, ctx, url+room.hash)
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("`+room.prefix+`play") !== null && `+room.rounds+` !== undefined`,
				chromedp.WithPollingTimeout(30*time.Second))); err != nil {
				t.Fatal(err)
			}
			time.Sleep(500 * time.Millisecond)
			setRange(t, ctx, room.prefix+"speed", "0") // one round (or evaluation) a frame: still playing when copied
			if playing, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("`+room.prefix+`play").textContent === "Pause"`)); !playing {
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(room.prefix+"play"))); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](room.rounds+` > 0`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
				t.Fatalf("nothing played: %v", err)
			}
			time.Sleep(time.Second) // some rounds on
			type copied struct {
				Before, After float64
				Link          string
			}
			c, err := chromedp.Run(ctx, chromedp.Evaluate[copied](`(() => {
			  let link = "";
			  navigator.clipboard.writeText = (s) => { link = s; return Promise.resolve(); };
			  const before = `+room.rounds+`;
			  document.getElementById("`+room.prefix+`copy-link").click();
			  document.getElementById("`+room.prefix+`play").click(); // paused in the same task: at the round copied
			  return {before, link, after: `+room.rounds+`};
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			hash := c.Link[len(url):]
			_, state := playground.ParseHash(hash)
			_, round := playground.SplitRound(state)
			if round == 0 || float64(round) < c.Before {
				t.Fatalf("copied %.200q while the stream was at %v", c.Link, c.Before)
			}
			// Paused right after the copy, the page stands at the round copied.
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`%s === %d`, room.rounds, round), chromedp.WithPollingTimeout(5*time.Second))); err != nil {
				now, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](room.rounds))
				t.Fatalf("copied at round %d, paused at %v", round, now)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
				t.Fatal(err)
			}
			waitReady(t, ctx, c.Link)
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`%s === %d`, room.rounds, round), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
				now, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](room.rounds))
				t.Fatalf("the link of round %d opened at %v", round, now)
			}
			if room.hash == "#lecture" {
				if shown, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("l-t"))); shown != fmt.Sprint(round) {
					t.Errorf("the lecture's table says after %q rounds, the link %d", shown, round)
				}
			}
			t.Logf("copied at %d (the stream was at %v), opened at %d", round, c.Before, round)
		})
	}
}

// TestEveryVisitIsLive: opening the bare address again after a first
// visit shows the learners learning at once, in the units room and in a
// room (a second visit found them paused at round 0 with grey plots).
func TestEveryVisitIsLive(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, room := range []struct{ hash, rounds string }{
		{"", `window.unitfree.rounds`},
		{"#bandit", `(window.unitfreeBandit || {rounds: 0}).rounds`},
	} {
		ctx := newLiveTab(t) // motion allowed, as on most visitors' devices
		for visit := 1; visit <= 2; visit++ {
			if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
				t.Fatal(err)
			}
			waitReady(t, ctx, url+room.hash)
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](room.rounds+` > 0`, chromedp.WithPollingTimeout(3*time.Second))); err != nil {
				t.Errorf("%q, visit %d: nothing plays within 3 s", room.hash, visit)
			}
			settledLocation(t, ctx, "hash") // the visit's state is stored
		}
	}
}
