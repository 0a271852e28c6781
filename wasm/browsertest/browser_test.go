//go:build !js

// Package browsertest drives the built site in headless Chromium (chromedp).
// Run `make build` first; `make test` does. Without a Chromium the tests skip
// loudly, except when CI=true, where they fail.
package browsertest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// siteDir is the built static site, relative to this package.
const siteDir = "../../site"

// screenshotDir receives the screenshots the tests take (git-ignored).
const screenshotDir = "../../build/screenshots"

var (
	browserCtx  context.Context // one browser for the package; a tab per test
	skipReason  string
	chromeFound string
)

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	if _, err := os.Stat(filepath.Join(siteDir, "playground.wasm")); err != nil {
		fmt.Fprintln(os.Stderr, "browsertest: the site is not built (run `make build`):", err)
		return 1
	}
	chromeFound = findBrowser()
	if chromeFound == "" {
		msg := "no Chromium found ($CHROME_BIN, chromium, chromium-browser, google-chrome, headless-shell); install Debian's chromium"
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "browsertest: FAIL:", msg)
			return 1
		}
		skipReason = msg
		fmt.Fprintln(os.Stderr, "\n*** BROWSER TESTS SKIPPED: "+msg+" ***\n")
		return m.Run()
	}
	tmp, err := os.MkdirTemp("", "unitfree-chromium-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromeFound),
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.Headless,
		chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"),
		chromedp.UserDataDir(filepath.Join(tmp, "profile")),
		chromedp.Env("TMPDIR=" + tmp),
		chromedp.WindowSize(1280, 900),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // start the browser now
		fmt.Fprintln(os.Stderr, "browsertest: cannot start", chromeFound+":", err)
		return 1
	}
	browserCtx = ctx
	return m.Run()
}

// findBrowser returns the path of a Chromium-like browser, or "".
func findBrowser() string {
	if p := os.Getenv("CHROME_BIN"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browserContexts holds each running test's browser context
// (*testing.T to cdp.BrowserContextID), made by its first tab, which
// disposes of it when the test ends.
var browserContexts sync.Map

// newTab opens a tab of the shared browser with an exact 1280x900 viewport
// and forwards the page's console and exceptions into the test log; the
// tab closes after 90 s.
func newTab(t *testing.T) context.Context {
	t.Helper()
	return newTabFor(t, 90*time.Second)
}

// newTabFor is newTab closing after the given time.
func newTabFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if skipReason != "" {
		t.Skip(skipReason)
	}
	// Each test has a browser context of its own (storage, service
	// workers, caches), shared by its tabs: a later test's server can get
	// an earlier one's port, so the same origin (TestTestsShareNoStorage).
	inContext := chromedp.WithNewBrowserContext()
	if id, ok := browserContexts.Load(t); ok {
		inContext = chromedp.WithExistingBrowserContext(id.(cdp.BrowserContextID))
	}
	ctx, cancel := chromedp.NewContext(browserCtx, inContext)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, limit)
	t.Cleanup(cancelTimeout)
	var mu sync.Mutex
	chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`))
			}
			t.Logf("console.%s: %s", ev.Type, strings.Join(parts, " "))
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			desc := d.Text
			if d.Exception != nil {
				desc += " " + d.Exception.Description
			}
			t.Logf("page exception: %s", desc)
		}
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	if _, ok := browserContexts.LoadOrStore(t, chromedp.FromContext(ctx).BrowserContextID); !ok {
		t.Cleanup(func() { browserContexts.Delete(t) })
	}
	// The tests see the page as a visitor who asked for reduced motion: a
	// first visit then waits for Play instead of playing at once (the live
	// start has its own test, TestLiveFromTheFirstSecond, in a tab of
	// newLiveTab).
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// newLiveTab is newTab without the reduced-motion preference.
func newLiveTab(t *testing.T) context.Context {
	t.Helper()
	ctx := newTab(t)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "no-preference"}}}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// serveSite serves the built site (and the API) until the test ends.
func serveSite(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// saveShot writes an image to build/screenshots/NAME.
func saveShot(t *testing.T, name string, img []byte) {
	t.Helper()
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(screenshotDir, name)
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	t.Logf("screenshot: %s", abs)
}

// screenshot saves the current viewport as build/screenshots/NAME.png.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(screenshotDir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(path)
	t.Logf("screenshot: %s", abs)
}

// settledLocation returns location.href (or hash, with part "hash") once
// the page has no link compression in flight: the page writes its state to
// the URL asynchronously (the browser's CompressionStream).
func settledLocation(t *testing.T, ctx context.Context, part string) string {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.unitfreeLinksPending === 0`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the page's link was not written: %v", err)
	}
	time.Sleep(20 * time.Millisecond) // the promise's then runs after the count drops
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.`+part))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
