package data

import (
	"errors"
	"fmt"
	"math"
)

// Inline is data sent as JSON: feature names, rows of numbers (or their
// non-zero entries) and labels.
type Inline struct {
	Features []string    `json:"features"`         // the features' names
	Units    []string    `json:"units,omitempty"`  // their units, if any
	X        [][]float64 `json:"x"`                // the rows, one value per feature
	Sparse   []SparseRow `json:"sparse,omitempty"` // instead of x: each row's non-zero entries
	Dim      int         `json:"dim,omitempty"`    // features per sparse row, when features are not named
	Y        []float64   `json:"y"`                // one label per row: ±1 (classify), real (regress), class index 0, 1, … (bandit)
}

// Rounds validates inline data for the task and returns its rounds:
// rows of equal length, one label per row, finite numbers, labels ±1 when
// classifying. Sparse rows (data.sparse) are validated by SparseRounds
// and made dense.
func (in Inline) Rounds(task Task, lim Limits) (*Rounds, error) {
	if in.Sparse != nil {
		sr, err := in.SparseRounds(lim)
		if err != nil {
			return nil, err
		}
		in = Inline{Features: sr.Features, Units: sr.Units, X: sr.Dense(), Y: in.Y}
	}
	if in.Dim != 0 {
		return nil, errors.New("data.dim belongs to sparse rows (data.sparse); dense rows have as many features as values")
	}
	if len(in.X) == 0 {
		return nil, errors.New("data.x has no rows")
	}
	if len(in.X) > lim.MaxRows {
		return nil, fmt.Errorf("data.x has %d rows, more than the limit of %d", len(in.X), lim.MaxRows)
	}
	if len(in.Y) != len(in.X) {
		return nil, fmt.Errorf("data.y has %d labels for %d rows of data.x", len(in.Y), len(in.X))
	}
	d := len(in.X[0])
	if d == 0 || d > lim.MaxColumns {
		return nil, fmt.Errorf("data.x rows have %d features; 1 to %d are accepted", d, lim.MaxColumns)
	}
	names, units, err := in.names(d)
	if err != nil {
		return nil, err
	}
	r := &Rounds{Features: names, Units: units, X: make([][]float64, len(in.X)), Y: make([]float64, len(in.Y))}
	for i, row := range in.X {
		if len(row) != d {
			return nil, fmt.Errorf("data.x row %d has %d values, row 1 has %d", i+1, len(row), d)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("data.x row %d, feature %q: %v is not a finite number", i+1, names[j], v)
			}
		}
		y := in.Y[i]
		if task == Classify && y != 1 && y != -1 {
			return nil, fmt.Errorf("data.y row %d is %v: classification labels must be -1 or +1", i+1, y)
		}
		if math.IsNaN(y) || math.IsInf(y, 0) {
			return nil, fmt.Errorf("data.y row %d: %v is not a finite number", i+1, y)
		}
		r.X[i] = append([]float64(nil), row...)
		r.Y[i] = y
		r.Rows = append(r.Rows, i+1)
	}
	if task == Classify {
		r.Positive = "1"
	}
	return r, nil
}

// names returns the feature names (x1, x2, ... when none are given) and
// units (empty when none are given) of d features.
func (in Inline) names(d int) (names, units []string, err error) {
	names = in.Features
	if len(names) == 0 {
		for i := range d {
			names = append(names, fmt.Sprintf("x%d", i+1))
		}
	}
	if len(names) != d {
		return nil, nil, fmt.Errorf("data.features names %d features, the rows have %d", len(names), d)
	}
	units = in.Units
	if len(units) == 0 {
		units = make([]string, d)
	}
	if len(units) != d {
		return nil, nil, fmt.Errorf("data.units gives %d units for %d features", len(units), d)
	}
	return names, units, nil
}
