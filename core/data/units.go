package data

import (
	"fmt"
	"math"
)

// Rescale returns a copy of r with feature j changed to scale[j]*x_j +
// offset[j]: a change of units (mm to m is scale 0.001; °C to °F is scale 1.8,
// offset 32). Missing slices mean scale 1 and offset 0. Scales must be finite
// and non-zero, offsets finite.
func (r *Rounds) Rescale(scale, offset []float64) (*Rounds, error) {
	d := len(r.Features)
	if scale != nil && len(scale) != d {
		return nil, fmt.Errorf("scale has %d entries for %d features", len(scale), d)
	}
	if offset != nil && len(offset) != d {
		return nil, fmt.Errorf("offset has %d entries for %d features", len(offset), d)
	}
	for j := range d {
		if scale != nil && (scale[j] == 0 || math.IsNaN(scale[j]) || math.IsInf(scale[j], 0)) {
			return nil, fmt.Errorf("scale of feature %q is %v: it must be a finite non-zero number", r.Features[j], scale[j])
		}
		if offset != nil && (math.IsNaN(offset[j]) || math.IsInf(offset[j], 0)) {
			return nil, fmt.Errorf("offset of feature %q is %v: it must be finite", r.Features[j], offset[j])
		}
	}
	out := *r
	out.X = make([][]float64, len(r.X))
	for i, x := range r.X {
		y := make([]float64, d)
		for j, v := range x {
			if scale != nil {
				v *= scale[j]
			}
			if offset != nil {
				v += offset[j]
			}
			y[j] = v
		}
		out.X[i] = y
	}
	return &out, nil
}
