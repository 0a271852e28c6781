//go:build !js

package browsertest

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTestsShareNoStorage: two tests whose sites happen to be served from
// the same origin (the system can give a later test's server the port an
// earlier one had) see none of each other's storage. A test that finds an
// earlier test's saved room state, its service worker or its caches
// measures that test's leftovers: the bandit room restored paused, a
// site served from a cache where the test had made a file missing.
func TestTestsShareNoStorage(t *testing.T) {
	url := serveSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>storage</title>"))
	}))
	t.Run("first", func(t *testing.T) {
		ctx := newTab(t)
		if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.Evaluate[chromedp.Void](`localStorage.setItem("left", "over")`)); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`caches.open("left").then(c => c.put("/left", new Response("over"))).then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatal(err)
		}
		same := newTab(t) // a second tab of the same test shares it (a reload, a second visitor's link)
		if err := chromedp.Do(same, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		if got, err := chromedp.Run(same, chromedp.Evaluate[string](`String(localStorage.getItem("left"))`)); err != nil || got != "over" {
			t.Errorf("a second tab of the same test reads %q (%v), want the first tab's %q", got, err, "over")
		}
	})
	t.Run("second", func(t *testing.T) {
		ctx := newTab(t)
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		type left struct {
			Item   string
			Caches []string
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[left](`caches.keys().then(k => ({item: String(localStorage.getItem("left")), caches: k}))`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got.Item != "null" || len(got.Caches) != 0 {
			t.Errorf("a later test on the same origin finds the earlier one's storage: item %q, caches %v", got.Item, got.Caches)
		}
	})
}
