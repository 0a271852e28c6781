//go:build !js

package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/apitest"
)

// pageTransport sends HTTP requests to the API running in the page's Web
// Worker (window.unitfreeApi), so that the conformance suite can run against
// the browser runtime exactly as against a server.
type pageTransport struct{ ctx context.Context }

type pageAnswer struct {
	Status  int               `json:"status"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body"`
}

func (p pageTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	body := "undefined"
	if req.Body != nil {
		raw, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, err
		}
		quoted, _ := json.Marshal(string(raw))
		body = string(quoted)
	}
	path, _ := json.Marshal(req.URL.RequestURI())
	expr := fmt.Sprintf(`window.unitfreeApi.call(%q, %s, %s)`, req.Method, path, body)
	ans, err := chromedp.Run(p.ctx, chromedp.Evaluate[pageAnswer](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, err
	}
	header := http.Header{}
	for k, v := range ans.Headers {
		header.Set(k, v)
	}
	return &http.Response{StatusCode: ans.Status, Status: http.StatusText(ans.Status), Request: req,
		Header: header, Body: io.NopCloser(strings.NewReader(ans.Body))}, nil
}

// TestAPIInTheBrowser serves the built site from a plain static file server
// with no /api at all, and runs the API conformance suite against the
// handler running in the page's Web Worker.
func TestAPIInTheBrowser(t *testing.T) {
	ctx := newTab(t)
	static := http.FileServer(http.Dir(siteDir))
	url := serveSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			t.Errorf("the page asked the server for %s; the static host has no API", r.URL.Path)
		}
		static.ServeHTTP(w, r)
	}))
	waitReady(t, ctx, url)
	apitest.Run(t, apitest.Client{Base: "http://page", HTTP: &http.Client{Transport: pageTransport{ctx}}})
}
