//go:build !js

package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/playground"
	"unitfree/wasm/server"
)

// TestTapOnAPlotSaysWhatItDid: a click (a tap on a phone) on a lesson's
// plot adds a point, and the notice says so, where, with an Undo that puts
// the data back (it added the point without a word).
func TestTapOnAPlotSaysWhatItDid(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url+"#units/lesson/1")
	time.Sleep(time.Second)
	next(t, ctx, "", "Close the lesson") // the room keeps the step's data; the link is its state again
	settledLocation(t, ctx, "hash")
	before := len(pageModel(t, ctx).Points)
	clickData(t, ctx, 17, 4000)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("Added a point")`,
		chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		t.Fatalf("after a click on a plot the notice says %q", msg)
	}
	msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
	if !strings.Contains(msg, "bill_depth_mm") || !strings.Contains(msg, "body_mass_g") {
		t.Errorf("the notice does not say where: %q", msg)
	}
	if n := len(pageModel(t, ctx).Points); n != before+1 {
		t.Fatalf("%d points after the click, %d before", n, before)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#notice button.notice-undo"))); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	if n := len(pageModel(t, ctx).Points); n != before {
		t.Errorf("%d points after Undo, %d before the click", n, before)
	}
}

// TestRoomTapsSayWhatTheyDid: in the bandit and sampling rooms too, a tap
// on a plot says what it added, and its Undo puts the points back.
func TestRoomTapsSayWhatTheyDid(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	for _, room := range []struct{ hash, global, prefix string }{{"#bandit", "unitfreeBandit", "b-"}, {"#sampling", "unitfreeSampling", "s-"}} {
		openRoom(t, ctx, url+room.hash, room.global)
		time.Sleep(500 * time.Millisecond)
		link := settledLocation(t, ctx, "hash")
		touch(t, ctx, "#"+room.prefix+"panels canvas", 0.5, 0.5, 0)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("`+room.prefix+`notice").textContent.includes("Added a point")`,
			chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID(room.prefix+"notice")))
			t.Fatalf("%s: after a tap the notice says %q", room.hash, msg)
		}
		if settledLocation(t, ctx, "hash") == link {
			t.Fatalf("%s: the tap did not change the state", room.hash)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#"+room.prefix+"notice button.notice-undo"))); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		if after, _ := playground.SplitRound(settledLocation(t, ctx, "hash")); after != strings.Split(link, "@")[0] {
			t.Errorf("%s: after Undo the state is not the one before the tap", room.hash)
		}
	}
}
