package linear

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// cholFactor is the upper Cholesky factor R (M = R^T R) of a symmetric
// positive definite matrix that grows by rank-one updates and borderings, in
// storage preallocated for the largest size: no allocation per update, and,
// unlike gonum's mat.Cholesky, no condition-number estimate per update (the
// estimate costs several triangular solves, more than the update itself).
// The operations are gonum BLAS calls (Rotg, Rot, Trsv).
type cholFactor struct {
	n, stride int
	data      []float64 // row-major, stride x stride; the leading n x n upper triangle is R
	work      []float64
}

func newCholFactor(capacity int) cholFactor {
	return cholFactor{stride: capacity, data: make([]float64, capacity*capacity), work: make([]float64, capacity)}
}

// vec views a slice as a gonum BLAS vector.
func vec(x []float64) blas64.Vector { return blas64.Vector{N: len(x), Inc: 1, Data: x} }

// tri returns R as a gonum BLAS triangular matrix.
func (c *cholFactor) tri() blas64.Triangular {
	return blas64.Triangular{Uplo: blas.Upper, Diag: blas.NonUnit, N: c.n, Stride: c.stride, Data: c.data}
}

// solveRT sets v = R^{-T} v (v has n entries).
func (c *cholFactor) solveRT(v []float64) {
	blas64.Trsv(blas.Trans, c.tri(), vec(v))
}

// addOuter updates R so that R^T R becomes M + x x^T, with the Givens
// rotations of LINPACK's dchud: O(n^2), backward stable.
func (c *cholFactor) addOuter(x []float64) {
	w := c.work[:c.n]
	copy(w, x)
	for i := 0; i < c.n; i++ {
		row := c.data[i*c.stride : i*c.stride+c.n]
		cs, sn, r, _ := blas64.Rotg(row[i], w[i])
		if r < 0 {
			r, cs, sn = -r, -cs, -sn
		}
		row[i] = r
		if i < c.n-1 {
			blas64.Rot(vec(row[i+1:]), vec(w[i+1:]), cs, sn)
		}
	}
}

// border grows R to the factor of [[M, w], [w^T, k]], given w and the
// new diagonal entry dn = sqrt(k - w^T M^{-1} w) > 0 (the caller knows it
// in a form without cancellation): the new column is R^{-T} w.
func (c *cholFactor) border(w []float64, dn float64) {
	n := c.n
	col := c.work[:n]
	copy(col, w)
	c.solveRT(col)
	for i := 0; i < n; i++ {
		c.data[i*c.stride+n] = col[i]
	}
	c.data[n*c.stride+n] = dn
	c.n++
}
