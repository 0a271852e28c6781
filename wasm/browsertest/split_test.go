//go:build !js

package browsertest

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"unitfree/wasm/server"
)

// SplitMeasure is one variant's cold-cache start (split.json).
type SplitMeasure struct {
	Variant   string  `json:"variant"`   // "two programs" or "one program"
	Network   string  `json:"network"`   // "localhost", or the throttle
	UnitsMs   float64 `json:"unitsMs"`   // the units room interactive (median)
	RoomMs    float64 `json:"roomMs"`    // a room opened first from a link (#bandit), its first picture (median)
	Downloads string  `json:"downloads"` // what the page downloads before each
}

// TestProgramSplit measures the page's two-program split (playground.wasm
// for the units room, rooms.wasm loaded when another room is first shown)
// against one program with every room: the time to interactive of the units
// room and of the bandit room opened first from a link, cold cache, on
// localhost and through a 10 Mbit/s link with 40 ms latency (a good phone
// connection), median of three loads each. `make bench` builds the
// one-program variant (-tags single) and runs it; the README has the
// numbers and the decision.
func TestProgramSplit(t *testing.T) {
	single := os.Getenv("UNITFREE_SINGLE_WASM")
	if single == "" {
		t.Skip("UNITFREE_SINGLE_WASM is not set: `make bench` builds the one-program variant and runs this measurement")
	}
	oneSite := t.TempDir()
	if err := os.CopyFS(oneSite, os.DirFS(siteDir)); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(single)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(oneSite, "playground.wasm"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	// One program has nothing to fetch early for a room link.
	loader, err := os.ReadFile(filepath.Join(oneSite, "loader.js"))
	if err != nil {
		t.Fatal(err)
	}
	prefetch := "if (/^#(bandit|sampling|lecture|board)(\\/|$)/.test(location.hash)) window.unitfreeLoadRooms(true);"
	if !strings.Contains(string(loader), prefetch) {
		t.Fatal("loader.js no longer starts rooms.wasm early for a room link: update this test")
	}
	if err := os.WriteFile(filepath.Join(oneSite, "loader.js"), []byte(strings.Replace(string(loader), prefetch, "", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	variants := []struct{ name, dir, downloads string }{
		{"two programs", siteDir, "units: playground.wasm; a room: playground.wasm, then rooms.wasm"},
		{"one program", oneSite, "one playground.wasm with every room"},
	}
	networks := []struct {
		name    string
		rate    float64 // bytes per second, 0 for no throttle
		latency time.Duration
	}{{"localhost", 0, 0}, {"10 Mbit/s, 40 ms", 10e6 / 8, 40 * time.Millisecond}}
	var out []SplitMeasure
	for _, n := range networks {
		for _, v := range variants {
			var h http.Handler = server.New(v.dir)
			if n.rate > 0 {
				h = throttled(h, n.rate, n.latency)
			}
			url := serveSite(t, h)
			var units, room []float64
			for range 3 {
				units = append(units, startMs(t, url, `window.unitfree && window.unitfree.interactiveMs`))
				room = append(room, startMs(t, url+"#bandit", `window.unitfreeRoomReadyMs`))
			}
			m := SplitMeasure{Variant: v.name, Network: n.name, UnitsMs: median(units), RoomMs: median(room), Downloads: v.downloads}
			t.Logf("%s, %s: units room interactive at %.0f ms (%v), bandit room from a link at %.0f ms (%v)", m.Variant, m.Network,
				m.UnitsMs, units, m.RoomMs, room)
			out = append(out, m)
		}
	}
	writeMeasurement(t, "split", out)
}

// startMs opens url in a fresh tab (cold cache) and returns the page clock
// at which expr (a page-clock time) became defined.
func startMs(t *testing.T, url, expr string) float64 {
	t.Helper()
	ctx := newTab(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	ms, err := chromedp.Run(ctx, chromedp.Poll[float64](`(`+expr+`) || null`, chromedp.WithPollingTimeout(60*time.Second),
		chromedp.WithPollingInterval(20*time.Millisecond)))
	if err != nil {
		t.Fatalf("%s did not start: %v", url, err)
	}
	return ms
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// throttled serves h through one link of rate bytes per second, shared by
// every answer, with the latency before each answer.
func throttled(h http.Handler, rate float64, latency time.Duration) http.Handler {
	l := &link{rate: rate}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(latency)
		h.ServeHTTP(&slowWriter{ResponseWriter: w, link: l}, r)
	})
}

// link is a shared pipe: each chunk waits for the ones sent before it.
type link struct {
	mu        sync.Mutex
	rate      float64
	busyUntil time.Time
}

// send returns when n more bytes have gone through the link.
func (l *link) send(n int) {
	l.mu.Lock()
	start := time.Now()
	if l.busyUntil.After(start) {
		start = l.busyUntil
	}
	l.busyUntil = start.Add(time.Duration(float64(n) / l.rate * float64(time.Second)))
	done := l.busyUntil
	l.mu.Unlock()
	time.Sleep(time.Until(done))
}

// slowWriter writes through the link in 16 KB chunks.
type slowWriter struct {
	http.ResponseWriter
	link *link
}

func (s *slowWriter) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		n := min(len(p), 16<<10)
		s.link.send(n)
		k, err := s.ResponseWriter.Write(p[:n])
		written += k
		if err != nil {
			return written, err
		}
		if f, ok := s.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		p = p[n:]
	}
	return written, nil
}
