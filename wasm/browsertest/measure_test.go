//go:build !js

package browsertest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The browser's measurements reach `make bench`'s table as JSON files, one
// per measurement, in the folder UNITFREE_BENCH_DIR names; `make test`
// leaves it unset. Their budgets are the real targets under `make bench`
// and generous ones (a loaded CI machine, other tests in parallel) in
// `make test`, so that a test fails on a regression by a factor, never on
// noise.

// benchDir returns the folder of the measurements, or "".
func benchDir() string { return os.Getenv("UNITFREE_BENCH_DIR") }

// budget returns the real target under `make bench`, else the generous one.
func budget(target, generous float64) float64 {
	if benchDir() != "" {
		return target
	}
	return generous
}

// writeMeasurement writes v as name.json into the bench folder, when set.
func writeMeasurement(t *testing.T, name string, v any) {
	t.Helper()
	dir := benchDir()
	if dir == "" {
		return
	}
	raw, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

// FrameMeasure is the page's own frame measurement (wasm/benchreport reads
// it from frames.json).
type FrameMeasure struct {
	Setup         string  `json:"setup"`
	FrameMedianMs float64 `json:"frameMedianMs"` // interval between animation frames
	FrameP95Ms    float64 `json:"frameP95Ms"`
	WorkMedianMs  float64 `json:"workMedianMs"` // the page's own work in a frame
	WorkP95Ms     float64 `json:"workP95Ms"`
	Frames        int     `json:"frames"`
}

// InteractiveMeasure is the cold-cache start of a page (interactive.json).
type InteractiveMeasure struct {
	Page          string  `json:"page"`
	CompiledMs    float64 `json:"compiledMs"`    // WASM downloaded and compiled
	InteractiveMs float64 `json:"interactiveMs"` // the page answers input
}
