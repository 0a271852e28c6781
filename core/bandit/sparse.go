package bandit

import (
	"fmt"
	"math"
)

// SparseRow is a feature vector given by its non-zero entries: Index holds
// their features in increasing order and Value their values. SynSep's rows
// have about 45 non-zero features of 400.
type SparseRow struct {
	Index []int
	Value []float64
}

// Sparsify returns x's non-zero entries as a SparseRow.
func Sparsify(x []float64) SparseRow {
	n := 0
	for _, v := range x {
		if v != 0 {
			n++
		}
	}
	r := SparseRow{Index: make([]int, 0, n), Value: make([]float64, 0, n)} // exactly (append's growth kept up to twice the entries)
	r.setDense(x)
	return r
}

// setDense sets r to x's non-zero entries, reusing r's storage.
func (r *SparseRow) setDense(x []float64) {
	r.Index, r.Value = r.Index[:0], r.Value[:0]
	for j, v := range x {
		if v != 0 {
			r.Index = append(r.Index, j)
			r.Value = append(r.Value, v)
		}
	}
}

// Dense returns the row as d numbers.
func (r SparseRow) Dense(d int) []float64 {
	x := make([]float64, d)
	r.DenseInto(x)
	return x
}

// DenseInto writes the row into x as dense numbers (zeros elsewhere).
func (r SparseRow) DenseInto(x []float64) {
	clear(x)
	for n, j := range r.Index {
		x[j] = r.Value[n]
	}
}

// Check reports what is wrong with r as a row of d features.
func (r SparseRow) Check(d int) error {
	if len(r.Index) != len(r.Value) {
		return fmt.Errorf("sparse row has %d indices but %d values", len(r.Index), len(r.Value))
	}
	for n, j := range r.Index {
		if j < 0 || j >= d {
			return fmt.Errorf("sparse row: feature index %d is outside 0..%d", j, d-1)
		}
		if n > 0 && j <= r.Index[n-1] {
			return fmt.Errorf("sparse row: feature indices must increase (%d after %d)", j, r.Index[n-1])
		}
		if v := r.Value[n]; math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("sparse row: feature %d is %v; values must be finite", j, v)
		}
	}
	return nil
}

// SparseLearner is a Learner that also plays rounds on sparse rows, at a
// cost in their non-zero entries instead of d. PlaySparse gives the rounds
// Play gives on the same rows in dense form.
type SparseLearner interface {
	Learner
	PlaySparse(x SparseRow, y int, u1, u2 float64) Round
}

// sparseScores sets s = W x for W stored row-major as k rows of length d,
// adding the non-zero entries' products in feature order: the bits of
// scores on the dense row (the products of zeros add nothing).
func sparseScores(s, w []float64, d int, x SparseRow) {
	for i := range s {
		row := w[i*d : (i+1)*d]
		v := 0.0
		for n, j := range x.Index {
			v += row[j] * x.Value[n]
		}
		s[i] = v
	}
}
