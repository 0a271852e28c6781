//go:build !js

package browsertest

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// TestIconMakesNoDocument: the page's icon is a bitmap, which the browser
// decodes off the main thread. As an SVG file, the browser built an SVG
// document of its own for it on the page's main thread during the load:
// one task of 97 to 130 ms on the phone emulation (CPU 4x slower), for a
// 32-pixel picture. Checked in a browser trace of the load; the icon must
// still be there, and be sharp at twice its size.
func TestIconMakesNoDocument(t *testing.T) {
	ctx := newLiveTab(t)
	emulatePhone(t, ctx, 412, 823, 4)
	url := serveSite(t, server.New(siteDir))
	events := traceDuring(t, ctx, []string{"blink"}, func() {
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfree?.ready === true`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			t.Fatal(err)
		}
	})
	var svgMs float64
	for _, e := range events {
		if e.Thread == "CrRendererMain" && e.Name == "IsolatedSVGDocumentHost::IsolatedSVGDocumentHost" {
			svgMs += e.Dur / 1000
		}
	}
	if svgMs > 0 {
		t.Errorf("the page's main thread built an SVG document during the load (%.0f ms, CPU 4x slower): an SVG image, the icon?", svgMs)
	}
	type icon struct {
		Type  string `json:"type"`
		Width int    `json:"width"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[icon](`(async () => {
	  const href = document.querySelector('link[rel="icon"]').href;
	  const res = await fetch(href);
	  const img = new Image();
	  img.src = href;
	  await img.decode().catch(() => {});
	  return {type: res.headers.get("content-type"), width: img.naturalWidth};
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if got.Type != "image/png" || got.Width < 64 {
		t.Errorf("the icon is %s, %d px wide; want a PNG at least 64 px wide", got.Type, got.Width)
	}
}
