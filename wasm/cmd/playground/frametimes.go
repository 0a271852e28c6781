//go:build js

package main

import "sort"

// frameTimes keeps the last frame durations for the page's own measurement.
type frameTimes struct {
	ms    []float64
	count int
}

func (f *frameTimes) add(ms float64) {
	f.count++
	f.ms = append(f.ms, ms)
	if len(f.ms) > 600 {
		f.ms = f.ms[1:]
	}
}

func (f *frameTimes) stats() (median, p95 float64) {
	if len(f.ms) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), f.ms...)
	sort.Float64s(s)
	return s[len(s)/2], s[int(0.95*float64(len(s)-1))]
}

// list returns the kept durations, oldest first, for js.ValueOf.
func (f *frameTimes) list() []any {
	out := make([]any, len(f.ms))
	for i, ms := range f.ms {
		out[i] = ms
	}
	return out
}

// phasesJS converts the parts of a frame for js.ValueOf.
func phasesJS(p map[string]float64) map[string]any {
	out := map[string]any{}
	for k, v := range p {
		out[k] = v
	}
	return out
}
