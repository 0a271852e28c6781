package rankone

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestInverseMatchesGonum adds 200 scaled rank-one terms and compares the
// Sherman–Morrison inverse with gonum's inverse of A, and checks symmetry
// to round-off.
func TestInverseMatchesGonum(t *testing.T) {
	const n = 12
	rng := rand.New(rand.NewPCG(1, 2))
	inv := NewInverse(n, 0.5)
	A := mat.NewSymDense(n, nil)
	for i := range n {
		A.SetSym(i, i, 0.5)
	}
	u := make([]float64, n)
	for range 200 {
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		c := 0.1 + rng.Float64()
		inv.Apply(u, x)
		r := 0.0
		for i := range x {
			r += x[i] * u[i]
		}
		inv.AddOuter(u, r, c)
		A.SymRankOne(A, c, mat.NewVecDense(n, x))
	}
	var want mat.Dense
	if err := want.Inverse(A); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		for j := range n {
			got := inv.B.Data[i*n+j]
			if math.Abs(got-want.At(i, j)) > 1e-9*math.Max(1e-3, math.Abs(want.At(i, j))) {
				t.Fatalf("B[%d][%d] = %v, gonum %v", i, j, got, want.At(i, j))
			}
			if d := math.Abs(got - inv.B.Data[j*n+i]); d > 1e-14*math.Max(1, math.Abs(got)) {
				t.Fatalf("B is not symmetric at (%d, %d): %v", i, j, d)
			}
		}
	}
	// ApplyColumns on a block equals Apply on the vector zero outside it.
	x := []float64{1, -2, 3}
	full := make([]float64, n)
	copy(full[4:], x)
	a, b := make([]float64, n), make([]float64, n)
	inv.Apply(a, full)
	inv.ApplyColumns(b, 4, x, 1, 0)
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-12*math.Max(1, math.Abs(a[i])) {
			t.Fatalf("ApplyColumns %v, Apply %v", b, a)
		}
	}
}
