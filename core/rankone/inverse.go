// Package rankone keeps the inverse of a symmetric positive definite matrix
// that grows by rank-one terms (Sherman–Morrison), through gonum's BLAS:
// O(n^2) per update, never a fresh inversion. The second-order learners
// (VAW, SOP, AROW, SOBA) share it.
package rankone

import "gonum.org/v1/gonum/blas/blas64"

// Inverse is B = A^{-1} for A = a I + sum of rank-one terms c x x^T. B is
// stored in full (both triangles), so that a block of columns is a plain
// strided view; the rank-one updates keep it symmetric up to round-off (the
// two triangles round alpha u_i u_j in different orders).
type Inverse struct {
	B blas64.General
}

// NewInverse returns the inverse of a*I in n dimensions.
func NewInverse(n int, a float64) Inverse {
	s := Inverse{B: blas64.General{Rows: n, Cols: n, Stride: n, Data: make([]float64, n*n)}}
	for i := 0; i < n; i++ {
		s.B.Data[i*n+i] = 1 / a
	}
	return s
}

// Apply sets dst = A^{-1} x.
func (s *Inverse) Apply(dst, x []float64) {
	blas64.Gemv('N', 1, s.B, Vec(x), 0, Vec(dst))
}

// ApplyColumns sets dst = A^{-1}[:, from:from+len(x)] x, the product with a
// block of columns (for vectors whose other entries are zero).
func (s *Inverse) ApplyColumns(dst []float64, from int, x []float64, alpha, beta float64) {
	view := blas64.General{Rows: s.B.Rows, Cols: len(x), Stride: s.B.Stride, Data: s.B.Data[from:]}
	blas64.Gemv('N', alpha, view, Vec(x), beta, Vec(dst))
}

// AddOuter records A += c x x^T, given u = A^{-1} x and r = x^T A^{-1} x:
// A^{-1} -= c u u^T / (1 + c r).
func (s *Inverse) AddOuter(u []float64, r, c float64) {
	blas64.Ger(-c/(1+c*r), Vec(u), Vec(u), s.B)
}

// Vec views a slice as a gonum BLAS vector.
func Vec(x []float64) blas64.Vector { return blas64.Vector{N: len(x), Inc: 1, Data: x} }
