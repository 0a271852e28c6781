package linear

import "gonum.org/v1/gonum/blas/blas64"

// symInverse keeps B = A^{-1} for a symmetric positive definite A that
// starts as a*I and grows by rank-one terms, by Sherman–Morrison updates
// through gonum's BLAS: O(d^2) per update, never a fresh inversion.
type symInverse struct {
	B blas64.Symmetric
}

// newSymInverse returns the inverse of a*I in d dimensions.
func newSymInverse(d int, a float64) symInverse {
	s := symInverse{B: blas64.Symmetric{N: d, Stride: d, Uplo: 'U', Data: make([]float64, d*d)}}
	for i := 0; i < d; i++ {
		s.B.Data[i*d+i] = 1 / a
	}
	return s
}

// apply sets dst = A^{-1} x.
func (s *symInverse) apply(dst, x []float64) {
	blas64.Symv(1, s.B, vec(x), 0, vec(dst))
}

// addOuter records A += c x x^T, given u = A^{-1} x and r = x^T A^{-1} x:
// A^{-1} -= c u u^T / (1 + c r).
func (s *symInverse) addOuter(u []float64, r, c float64) {
	blas64.Syr(-c/(1+c*r), vec(u), s.B)
}

// vec views a slice as a gonum BLAS vector.
func vec(x []float64) blas64.Vector { return blas64.Vector{N: len(x), Inc: 1, Data: x} }
