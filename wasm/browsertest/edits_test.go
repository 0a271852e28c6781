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

// TestSelectsShowTheirChoice: every select of the rooms' controls shows its
// chosen option whole, or, where a long one must be cut (a CSV's class
// pairs), says it whole in its tooltip ("Penguins: Adelie or Gentoo, in
// mm and g" and "SynSep (9 classes, 400 features)" were cut short).
func TestSelectsShowTheirChoice(t *testing.T) {
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	url := serveSite(t, server.New(siteDir))
	for _, room := range []struct{ hash, global string }{{"", ""}, {"#bandit", "unitfreeBandit"}, {"#sampling", "unitfreeSampling"}, {"#lecture", "unitfreeLecture"}} {
		if room.global == "" {
			waitReady(t, ctx, url)
		} else {
			openRoom(t, ctx, url+room.hash, room.global)
		}
		time.Sleep(500 * time.Millisecond)
		for _, preset := range []string{"", "synsep"} {
			if preset != "" && room.hash == "#bandit" {
				selectValue(t, ctx, "b-preset", preset)
				time.Sleep(500 * time.Millisecond)
			}
			cut, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			  const main = [...document.querySelectorAll("main")].find(m => !m.hidden);
			  const g = document.createElement("canvas").getContext("2d");
			  return [...main.querySelectorAll(".controls select")].filter(s => s.getClientRects().length > 0 && s.selectedOptions.length > 0).filter(s => {
			    const cs = getComputedStyle(s); g.font = cs.font;
			    const text = s.selectedOptions[0].text, room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
			    return g.measureText(text).width > room && s.title !== text;
			  }).map(s => s.id + ": " + s.selectedOptions[0].text);
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if len(cut) > 0 {
				t.Errorf("%q: selects cut short without a tooltip: %q", room.hash, cut)
			}
		}
	}
}
