//go:build !js

package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// TestNamesAreNeverMarkup imports a CSV whose file name, column names and
// labels are HTML that would run script if it became markup, and checks
// that the page shows them as text (the notice, the unit pickers, every
// label the page writes) and that none of it ran: no new element, no
// handler called. The policy would block an inline handler anyway; this
// test is about the page building no markup from values, so it checks the
// DOM itself.
func TestNamesAreNeverMarkup(t *testing.T) {
	ctx := newTab(t)
	url := serveSite(t, server.New(siteDir))
	waitReady(t, ctx, url)
	const payload = `<img src=x onerror="window.__pwned=1">`
	before, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("img, b, script").length`))
	if err != nil {
		t.Fatal(err)
	}
	quoted := `"` + strings.ReplaceAll(payload, `"`, `""`) + `"`
	importCSVFile(t, ctx, payload+".csv", quoted+",<b>h</b>,class\n1,2,"+quoted+"\n2,1,<b>dog</b>\n3,3,"+quoted+"\n0,1,<b>dog</b>\n")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("notice").textContent.includes("Imported")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
		t.Fatalf("the CSV was not imported: %v (%q)", err, msg)
	}
	time.Sleep(time.Second) // panels, pickers and a few frames
	notice, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("notice")))
	if !strings.Contains(notice, payload) {
		t.Errorf("the notice does not show the file name as text: %q", notice)
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "<b>h</b>") {
		t.Errorf("the column name <b>h</b> is not shown as text anywhere")
	}
	after, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("img, b, script").length`))
	if err != nil {
		t.Fatal(err)
	}
	ran, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__pwned !== undefined`))
	if err != nil {
		t.Fatal(err)
	}
	if after != before || ran {
		t.Fatalf("values became markup: %d img/b/script elements before, %d after; a handler ran: %v", before, after, ran)
	}
	screenshot(t, ctx, "names-as-text")

	// The CSV export carries the names as CSV text, and Save PNG draws
	// them, without a new element either.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
	  window.__blobs = [];
	  const create = URL.createObjectURL;
	  URL.createObjectURL = b => { window.__blobs.push(b); return create(b); };
	  document.getElementById("csv-export").click();
	  document.getElementById("save-png").click();
	})()`)); err != nil {
		t.Fatal(err)
	}
	exported, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.__blobs[0].text()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if header, _, _ := strings.Cut(exported, "\n"); !strings.Contains(header, `<b>h</b>`) || !strings.Contains(header, `"<img src=x onerror=""window.__pwned=1"">"`) {
		t.Errorf("the exported CSV's header is %q", header)
	}
	after, _ = chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("img, b, script").length`))
	if after != before {
		t.Errorf("the exports added %d img/b/script elements", after-before)
	}

	// The same names through a link: the page's own state, with the names
	// in it, opened in a fresh tab.
	link := settledLocation(t, ctx, "href")
	ctx2 := newTab(t)
	waitReady(t, ctx2, link)
	time.Sleep(time.Second)
	text, err = chromedp.Run(ctx2, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "<b>h</b>") || !strings.Contains(text, payload) {
		t.Errorf("the link's names are not shown as text")
	}
	after, _ = chromedp.Run(ctx2, chromedp.Evaluate[int](`document.querySelectorAll("img, b, script").length`))
	ran, _ = chromedp.Run(ctx2, chromedp.Evaluate[bool](`window.__pwned !== undefined`))
	if after != before || ran {
		t.Fatalf("from the link, values became markup: %d img/b/script elements, a handler ran: %v", after, ran)
	}
}
