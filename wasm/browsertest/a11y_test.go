//go:build !js

package browsertest

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// axePath is axe-core's script, installed by npm ci in this folder
// (`make test-browser` does it).
const axePath = "node_modules/axe-core/axe.min.js"

type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  int    `json:"nodes"`
}

// TestAccessibility injects axe-core into the running playground and fails
// on any violation, of any impact: a lesson's title, a level-3 heading
// right after the page's level-1 title, broke the headings' order (a
// moderate one) and went unnoticed while only serious and critical ones
// failed.
func TestAccessibility(t *testing.T) {
	src, err := os.ReadFile(axePath)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (run npm ci in wasm/browsertest)", err)
		}
		t.Skipf("*** ACCESSIBILITY TEST SKIPPED: %v (run npm ci in wasm/browsertest) ***", err)
	}
	url := serveSite(t, server.New(siteDir))
	// Every room, and every room with its lesson open.
	for _, room := range []string{"", "#bandit", "#sampling", "#lecture", "#board", "#units/lesson/2", "#bandit/lesson/1", "#sampling/lesson/3", "#lecture/lesson/2"} {
		t.Run("room"+room, func(t *testing.T) {
			ctx := newTab(t)
			waitReady(t, ctx, url+room)
			time.Sleep(500 * time.Millisecond) // the room's first frame
			boardPlayed(t, ctx, room)
			audit(t, ctx, string(src))
		})
	}
}

// audit runs axe-core in the page and fails on a serious or critical
// violation.
func audit(t *testing.T, ctx context.Context, axeSource string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](axeSource)); err != nil {
		t.Fatal(err)
	}
	type axeResult struct {
		Passes     int            `json:"passes"`
		Violations []axeViolation `json:"violations"`
	}
	res, err := chromedp.Run(ctx, chromedp.Evaluate[axeResult](`axe.run(document).then(r => ({passes: r.passes.length,
		violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length}))}))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if res.Passes < 10 {
		t.Fatalf("axe checked only %d rules: it did not run on the page", res.Passes)
	}
	t.Logf("axe: %d rules passed, %d violated", res.Passes, len(res.Violations))
	var violated []string
	for _, v := range res.Violations {
		t.Logf("axe: %s (%s, %d nodes): %s", v.ID, v.Impact, v.Nodes, v.Help)
		violated = append(violated, v.ID+" ("+v.Impact+")")
	}
	if len(violated) > 0 {
		t.Fatalf("accessibility violations: %s", strings.Join(violated, ", "))
	}
}

// TestPhoneLayout renders the page at a phone's width (375 px) and checks
// that nothing is wider than the screen.
func TestPhoneLayout(t *testing.T) {
	url := serveSite(t, server.New(siteDir))
	// Every room, and every room with its lesson open.
	for _, room := range []string{"", "#bandit", "#sampling", "#lecture", "#board", "#units/lesson/2", "#bandit/lesson/1", "#sampling/lesson/3", "#lecture/lesson/2"} {
		t.Run("room"+room, func(t *testing.T) {
			ctx := newTab(t)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 800)); err != nil {
				t.Fatal(err)
			}
			waitReady(t, ctx, url+room)
			time.Sleep(300 * time.Millisecond)
			boardPlayed(t, ctx, room)
			width, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.documentElement.scrollWidth`))
			if err != nil {
				t.Fatal(err)
			}
			screenshot(t, ctx, "phone"+strings.NewReplacer("#", "-", "/", "-").Replace(room))
			if width > 376 {
				t.Errorf("the page is %v px wide on a 375 px screen", width)
			}
		})
	}
}
