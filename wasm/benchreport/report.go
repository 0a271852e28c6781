// Package benchreport turns the measurements of `make bench` into the
// benchmarks page: Collect reads the outputs of `go test -bench` (native,
// and WASM in Node and in headless Chromium), the browser tests' JSON and
// the built site's sizes into a Report; the Report is committed as
// assets/docs/benchmarks.json and written as assets/docs/benchmarks.md by
// Markdown (a test holds the page to the JSON). History lives in git.
package benchreport

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Report is one run of `make bench`.
type Report struct {
	Date     string       `json:"date"`    // YYYY-MM-DD
	Machine  string       `json:"machine"` // CPU model, cores, OS and architecture
	Go       string       `json:"go"`      // the Go version
	Learners []LearnerRow `json:"learners"`
	Targets  []Target     `json:"targets"`
	Measures []Measure    `json:"measures"` // figures without a target: growth exponents, memory
	Sizes    []Size       `json:"sizes"`
	Frames   []Frames     `json:"frames"`
	Split    []Split      `json:"split,omitempty"`
}

// LearnerRow is one learner's time per round: native at d = 2, 10, 100 and
// 1000 (0: not measured), and WASM over native at d = 100 in Node and in
// Chromium (fastest runs of each).
type LearnerRow struct {
	ID            string     `json:"id"`
	NsPerRound    [4]float64 `json:"nsPerRound"`
	NodeRatio     float64    `json:"nodeRatio"`
	ChromiumRatio float64    `json:"chromiumRatio"`
}

// Target is a measured figure held to a target.
type Target struct {
	Name   string  `json:"name"`
	Value  float64 `json:"value"`
	Target string  `json:"target"`
	Holds  bool    `json:"holds"`
}

// Measure is a measured figure, written as text.
type Measure struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Size is a file's size, raw and compressed alone.
type Size struct {
	File   string `json:"file"`
	Raw    int64  `json:"raw"`
	Gzip   int64  `json:"gzip"`
	Brotli int64  `json:"brotli"`
}

// Frames is a room's frame measurement in headless Chromium.
type Frames struct {
	Room          string  `json:"room"`
	Setup         string  `json:"setup"`
	FrameMedianMs float64 `json:"frameMedianMs"`
	FrameP95Ms    float64 `json:"frameP95Ms"`
	WorkMedianMs  float64 `json:"workMedianMs"`
	WorkP95Ms     float64 `json:"workP95Ms"`
}

// Split compares loading the rooms as two programs or one.
type Split struct {
	Variant, Network, Downloads string
	UnitsMs, RoomMs             float64
}

// Load reads a report from its JSON file.
func Load(path string) (Report, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Report{}, err
	}
	var r Report
	if err := json.Unmarshal(raw, &r); err != nil {
		return Report{}, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// Save writes the report as indented JSON.
func (r Report) Save(path string) error {
	raw, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(raw, '\n'), 0o644)
}

// dims are the dimensions of the per-round table.
var dims = [4]string{"2", "10", "100", "1000"}

// Markdown writes the benchmarks page: the date, the machine and the
// method, then one table per measure.
func (r Report) Markdown() string {
	var b strings.Builder
	b.WriteString("# Benchmarks\n\n")
	fmt.Fprintf(&b, "Measured on %s by `make bench` on %s (Go %s), and written from `assets/docs/benchmarks.json` by `make docs`; a test fails when this page is not what the JSON says. Earlier runs are in the file's git history.\n\n", r.Date, r.Machine, r.Go)
	b.WriteString("**Method.** Every benchmark runs natively (`go test -bench`); the learners' again compiled to WASM and run in Node and in headless Chromium (the test binary loaded by a page). ")
	b.WriteString("The d = 100 benchmarks run three times natively and three times in each of two Node processes and two Chromium tabs, and each ratio divides the fastest WASM run by the fastest native one: on a shared machine one run can be 40% slower than the next, so figures are compared as ratios within one run, never as absolute times across runs. ")
	b.WriteString("The rooms' frames are measured in headless Chromium while they play (best of three windows). Sizes are of each file compressed alone (gzip -9, brotli -11).\n\n")
	if len(r.Learners) > 0 {
		b.WriteString("## Time per round\n\nNative ns per learn-round at each input dimension d, and WASM / native at d = 100.\n\n")
		b.WriteString("| learner | d = 2 | d = 10 | d = 100 | d = 1000 | Node / native | Chromium / native |\n|---|---|---|---|---|---|---|\n")
		for _, l := range r.Learners {
			fmt.Fprintf(&b, "| `%s` |", l.ID)
			for _, v := range l.NsPerRound {
				fmt.Fprintf(&b, " %s |", orDash(v, "%.0f"))
			}
			fmt.Fprintf(&b, " %s | %s |\n", orDash(l.NodeRatio, "%.2f"), orDash(l.ChromiumRatio, "%.2f"))
		}
		b.WriteString("\n")
	}
	if len(r.Targets) > 0 {
		b.WriteString("## Targets\n\n| measure | value | target | |\n|---|---|---|---|\n")
		for _, t := range r.Targets {
			state := "holds"
			if !t.Holds {
				state = "**missed**"
			}
			fmt.Fprintf(&b, "| %s | %.3g | %s | %s |\n", t.Name, t.Value, t.Target, state)
		}
		b.WriteString("\n")
	}
	if len(r.Measures) > 0 {
		b.WriteString("## Other measures\n\n| measure | value |\n|---|---|\n")
		for _, m := range r.Measures {
			fmt.Fprintf(&b, "| %s | %s |\n", m.Name, m.Value)
		}
		b.WriteString("\n")
	}
	if len(r.Frames) > 0 {
		b.WriteString("## Frames in headless Chromium\n\n| room | setup | interval median | interval p95 | work median | work p95 |\n|---|---|---|---|---|---|\n")
		for _, f := range r.Frames {
			fmt.Fprintf(&b, "| %s | %s | %.1f ms | %.1f ms | %.1f ms | %.1f ms |\n", f.Room, f.Setup, f.FrameMedianMs, f.FrameP95Ms, f.WorkMedianMs, f.WorkP95Ms)
		}
		b.WriteString("\n")
	}
	if len(r.Sizes) > 0 {
		b.WriteString("## Download sizes\n\n| file | raw | gzip | brotli |\n|---|---|---|---|\n")
		for _, s := range r.Sizes {
			fmt.Fprintf(&b, "| %s | %.2f MB | %.2f MB | %.2f MB |\n", s.File, float64(s.Raw)/1e6, float64(s.Gzip)/1e6, float64(s.Brotli)/1e6)
		}
		b.WriteString("\n")
	}
	if len(r.Split) > 0 {
		b.WriteString("## Two programs or one\n\nCold cache, median of three loads.\n\n| variant | network | units room interactive | bandit room from a link |\n|---|---|---|---|\n")
		for _, s := range r.Split {
			fmt.Fprintf(&b, "| %s | %s | %.0f ms | %.0f ms |\n", s.Variant, s.Network, s.UnitsMs, s.RoomMs)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// orDash formats v, or writes "–" for 0 (not measured).
func orDash(v float64, format string) string {
	if v == 0 {
		return "–"
	}
	return fmt.Sprintf(format, v)
}
