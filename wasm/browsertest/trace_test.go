//go:build !js

package browsertest

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceEvent is one complete event of a browser trace, with the name of
// the thread it ran on.
type traceEvent struct {
	Name   string  `json:"name"`
	Ph     string  `json:"ph"`
	Pid    int     `json:"pid"`
	Tid    int     `json:"tid"`
	Dur    float64 `json:"dur"` // microseconds
	Thread string  `json:"-"`   // CrRendererMain is the page's main thread
	// Elements is a style recalculation's (UpdateLayoutTree's) count of
	// the elements it restyled.
	Elements int `json:"-"`
}

// traceDuring records a browser trace of the given categories around run
// and returns its events.
func traceDuring(t *testing.T, ctx context.Context, categories []string, run func()) []traceEvent {
	t.Helper()
	var mu sync.Mutex
	var raws []json.RawMessage
	done := make(chan struct{})
	chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				raws = append(raws, json.RawMessage(v))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	})
	if _, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{TraceConfig: &tracing.TraceConfig{
		IncludedCategories: append([]string{"__metadata"}, categories...)}}); err != nil {
		t.Fatal(err)
	}
	run()
	if _, err := chromedp.Call(ctx, tracing.End, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the trace did not complete within 30 s")
	}
	mu.Lock()
	defer mu.Unlock()
	threads := map[[2]int]string{}
	var events []traceEvent
	for _, raw := range raws {
		var e struct {
			traceEvent
			Args struct {
				Name         string `json:"name"`
				ElementCount int    `json:"elementCount"`
			} `json:"args"`
		}
		if json.Unmarshal(raw, &e) != nil {
			continue
		}
		if e.Ph == "M" && e.Name == "thread_name" {
			threads[[2]int{e.Pid, e.Tid}] = e.Args.Name
			continue
		}
		e.Elements = e.Args.ElementCount
		events = append(events, e.traceEvent)
	}
	for i := range events {
		events[i].Thread = threads[[2]int{events[i].Pid, events[i].Tid}]
	}
	return events
}
