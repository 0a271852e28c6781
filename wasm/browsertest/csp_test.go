//go:build !js

package browsertest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// TestContentSecurityPolicy loads every room from the native server, which
// sends the site's policy (and the page carries it as a <meta>), plays it,
// and calls the in-page API worker: any violation the page reports
// (securitypolicyviolation) or the browser logs fails the test.
func TestContentSecurityPolicy(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	for _, room := range []string{"", "#bandit", "#sampling", "#lecture", "#board"} {
		t.Run("room"+room, func(t *testing.T) {
			ctx := newTab(t)
			var mu sync.Mutex
			var logged []string
			chromedp.Listen(ctx, func(ev any) {
				if e, ok := ev.(*cdplog.EventEntryAdded); ok && strings.Contains(e.Entry.Text, "Content Security Policy") {
					mu.Lock()
					logged = append(logged, e.Entry.Text)
					mu.Unlock()
				}
			})
			if err := chromedp.Do(ctx, chromedp.Func(func(c context.Context, tg *chromedp.Target) error {
				if _, err := cdp.Call(c, tg, cdplog.Enable, cdp.Empty{}); err != nil {
					return err
				}
				_, err := cdp.Call(c, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
					Source: `window.__csp = [];
document.addEventListener("securitypolicyviolation", e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`})
				return err
			})); err != nil {
				t.Fatal(err)
			}
			waitReady(t, ctx, url+room)
			time.Sleep(1500 * time.Millisecond) // the room plays
			boardPlayed(t, ctx, room)
			if room == "" { // the exports: a blob download and a canvas drawn to PNG
				if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](
					`document.getElementById("csv-export").click(); document.getElementById("save-png").click()`)); err != nil {
					t.Fatal(err)
				}
				time.Sleep(500 * time.Millisecond)
			}
			health, err := chromedp.Run(ctx, chromedp.Evaluate[pageAnswer](`window.unitfreeApi.call("GET", "/api/health")`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if health.Status != 200 {
				t.Errorf("the in-page API under the policy answered %d: %s", health.Status, health.Body)
			}
			reported, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__csp`))
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(reported) > 0 || len(logged) > 0 {
				t.Fatalf("policy violations: reported %q, logged %q", reported, logged)
			}
		})
	}
}
