package rankone

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestRotateFactorsTheRotatedMatrix builds factors of a I plus random
// outer products, rotates them by random orthogonal U, and checks that the
// new R has a positive diagonal and that R^T R equals
// U A U^T to 1e-12 of A's largest entry.
func TestRotateFactorsTheRotatedMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for _, n := range []int{1, 2, 5, 17, 40} {
		f := NewFactor(n, 0.5)
		for range 3 * n {
			f.AddOuter(randVec(rng, n, 1))
		}
		A := gram(&f)
		g := mat.NewDense(n, n, nil)
		for i := range n {
			for j := range n {
				g.Set(i, j, rng.NormFloat64())
			}
		}
		var qr mat.QR
		qr.Factorize(g)
		var U mat.Dense
		qr.QTo(&U)
		want := mat.NewDense(n, n, nil)
		want.Product(&U, A, U.T())
		f.Rotate(U.RawMatrix().Data)
		got := gram(&f)
		scale := mat.Norm(A, math.Inf(1))
		for i := range n {
			if !(f.At(i, i) > 0) || f.rinv[i] != 1/f.At(i, i) {
				t.Fatalf("n=%d: R_%d%d = %v", n, i, i, f.At(i, i))
			}
			for j := range n {
				if d := math.Abs(got.At(i, j) - want.At(i, j)); d > 1e-12*scale {
					t.Fatalf("n=%d: (R^T R)_%d%d = %v, U A U^T has %v", n, i, j, got.At(i, j), want.At(i, j))
				}
			}
		}
	}
}

// gram returns R^T R.
func gram(f *Factor) *mat.Dense {
	var a mat.Dense
	r := mat.NewDense(f.n, f.n, f.dense())
	a.Mul(r.T(), r)
	return &a
}
