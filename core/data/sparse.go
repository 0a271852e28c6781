package data

import (
	"errors"
	"fmt"
	"math"
)

// SparseRow is a row of inline data given by its non-zero entries:
// 0-based feature indices in increasing order and their values.
type SparseRow struct {
	Index []int     `json:"index"` // the non-zero entries' feature indices, from 0, increasing
	Value []float64 `json:"value"` // their values
}

// SparseRounds is inline data kept by the rows' non-zero entries, for the
// learners that play them without densifying them (the bandit learners).
type SparseRounds struct {
	Features []string
	Units    []string
	Dim      int         // features per row
	X        []SparseRow // zero values left out: a zero entry and a missing one are the same
	Y        []float64
}

// SparseRounds validates inline data given as sparse rows (data.sparse,
// with data.dim or data.features giving the number of features): indices
// increasing and inside the row, finite values, one finite label per row.
// Up to lim.MaxSparseColumns features are accepted, more than dense rows'
// MaxColumns: a sparse row's size is its non-zero entries.
func (in Inline) SparseRounds(lim Limits) (*SparseRounds, error) {
	switch {
	case in.X != nil:
		return nil, errors.New("give data.x (dense rows) or data.sparse (non-zero entries), not both")
	case len(in.Sparse) == 0:
		return nil, errors.New("data.sparse has no rows")
	case len(in.Sparse) > lim.MaxRows:
		return nil, fmt.Errorf("data.sparse has %d rows, more than the limit of %d", len(in.Sparse), lim.MaxRows)
	case len(in.Y) != len(in.Sparse):
		return nil, fmt.Errorf("data.y has %d labels for %d rows of data.sparse", len(in.Y), len(in.Sparse))
	}
	d := in.Dim
	if d == 0 {
		d = len(in.Features)
	}
	if d < 1 || d > lim.MaxSparseColumns {
		return nil, fmt.Errorf("data.dim is %d: sparse rows need 1 to %d features (data.dim, or as many data.features)", d, lim.MaxSparseColumns)
	}
	names, units, err := in.names(d)
	if err != nil {
		return nil, err
	}
	r := &SparseRounds{Features: names, Units: units, Dim: d, X: make([]SparseRow, len(in.Sparse)), Y: make([]float64, len(in.Y))}
	for i, row := range in.Sparse {
		if len(row.Index) != len(row.Value) {
			return nil, fmt.Errorf("data.sparse row %d has %d indices but %d values", i+1, len(row.Index), len(row.Value))
		}
		var kept SparseRow
		for n, j := range row.Index {
			if j < 0 || j >= d {
				return nil, fmt.Errorf("data.sparse row %d: feature index %d is outside 0..%d", i+1, j, d-1)
			}
			if n > 0 && j <= row.Index[n-1] {
				return nil, fmt.Errorf("data.sparse row %d: feature indices must increase (%d after %d)", i+1, j, row.Index[n-1])
			}
			v := row.Value[n]
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("data.sparse row %d, feature %q: %v is not a finite number", i+1, names[j], v)
			}
			if v != 0 {
				kept.Index, kept.Value = append(kept.Index, j), append(kept.Value, v)
			}
		}
		if y := in.Y[i]; math.IsNaN(y) || math.IsInf(y, 0) {
			return nil, fmt.Errorf("data.y row %d: %v is not a finite number", i+1, y)
		}
		r.X[i], r.Y[i] = kept, in.Y[i]
	}
	return r, nil
}

// Dense returns the rows as d numbers each.
func (r *SparseRounds) Dense() [][]float64 {
	x := make([][]float64, len(r.X))
	for i, row := range r.X {
		x[i] = make([]float64, r.Dim)
		for n, j := range row.Index {
			x[i][j] = row.Value[n]
		}
	}
	return x
}
