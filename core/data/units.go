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
	if err := checkUnitChange(r.Features, scale, offset); err != nil {
		return nil, err
	}
	out := *r
	out.X = make([][]float64, len(r.X))
	flat := make([]float64, len(r.X)*d) // one block: one object for the collector, not a row each
	for i, x := range r.X {
		y := flat[i*d : (i+1)*d : (i+1)*d]
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

// checkUnitChange checks a change of units x' = scale x + offset of the
// named features: one finite entry per feature, scales non-zero.
func checkUnitChange(features []string, scale, offset []float64) error {
	d := len(features)
	if scale != nil && len(scale) != d {
		return fmt.Errorf("scale has %d entries for %d features", len(scale), d)
	}
	if offset != nil && len(offset) != d {
		return fmt.Errorf("offset has %d entries for %d features", len(offset), d)
	}
	for j := range d {
		if scale != nil && (scale[j] == 0 || math.IsNaN(scale[j]) || math.IsInf(scale[j], 0)) {
			return fmt.Errorf("scale of feature %q is %v: it must be a finite non-zero number", features[j], scale[j])
		}
		if offset != nil && (math.IsNaN(offset[j]) || math.IsInf(offset[j], 0)) {
			return fmt.Errorf("offset of feature %q is %v: it must be finite", features[j], offset[j])
		}
	}
	return nil
}

// Rescale returns the sparse rows in other units, x' = scale x: scaling
// keeps the zeros. A non-zero offset would make every entry non-zero and
// is refused (give dense rows, data.x, to shift units).
func (r *SparseRounds) Rescale(scale, offset []float64) (*SparseRounds, error) {
	if err := checkUnitChange(r.Features, scale, offset); err != nil {
		return nil, err
	}
	for j, o := range offset {
		if o != 0 {
			return nil, fmt.Errorf("offset of feature %q is %v: an offset moves the zeros of sparse rows; give dense rows (data.x) to shift units", r.Features[j], o)
		}
	}
	out := *r
	out.X = make([]SparseRow, len(r.X))
	for i, row := range r.X {
		v := make([]float64, len(row.Value))
		for n, j := range row.Index {
			v[n] = row.Value[n]
			if scale != nil {
				v[n] *= scale[j]
			}
		}
		out.X[i] = SparseRow{Index: row.Index, Value: v}
	}
	return &out, nil
}
