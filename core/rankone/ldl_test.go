package rankone

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestLDLProposeAccept: accepted proposals add x x^T to A and b x to theta
// (L D L^T and L^{-1} theta checked against gonum), a proposal not accepted
// changes nothing, and Propose and Forecast return x^T A^{-1} theta and
// 1 + x^T A^{-1} x of the A before.
func TestLDLProposeAccept(t *testing.T) {
	const n, a = 7, 0.5
	rng := rand.New(rand.NewPCG(11, 12))
	f := NewLDL(n, a)
	A := mat.NewSymDense(n, nil)
	for i := range n {
		A.SetSym(i, i, a)
	}
	theta := make([]float64, n)
	q := make([]float64, n)
	for k := range 60 {
		x := randVec(rng, n, 1+float64(k%3)*100)
		b := rng.NormFloat64()
		var ax, at mat.VecDense
		if err := ax.SolveVec(A, mat.NewVecDense(n, append([]float64(nil), x...))); err != nil {
			t.Fatal(err)
		}
		if err := at.SolveVec(A, mat.NewVecDense(n, append([]float64(nil), theta...))); err != nil {
			t.Fatal(err)
		}
		wantXAy, wantT := mat.Dot(&at, mat.NewVecDense(n, x)), 1+mat.Dot(&ax, mat.NewVecDense(n, x))
		fy, ft := f.Forecast(x, q)
		py, pt := f.Propose(x, b)
		for _, got := range [][2]float64{{fy, ft}, {py, pt}} {
			if !near(got[0], wantXAy, 1e-8) || !near(got[1], wantT, 1e-8) {
				t.Fatalf("round %d: (%v, %v), want (%v, %v)", k, got[0], got[1], wantXAy, wantT)
			}
		}
		if k%3 == 2 {
			continue // not accepted: nothing changes
		}
		f.Accept()
		A.SymRankOne(A, 1, mat.NewVecDense(n, append([]float64(nil), x...)))
		for i := range theta {
			theta[i] += b * x[i]
		}
	}
	for i := range n {
		for j := range n {
			g := 0.0 // (L D L^T)_ij
			for l := 0; l <= min(i, j); l++ {
				g += f.At(i, l) * f.D[l] * f.At(j, l)
			}
			if !near(g, A.At(i, j), 1e-10) {
				t.Fatalf("L D L^T (%d, %d) = %v, A %v", i, j, g, A.At(i, j))
			}
		}
	}
	w := make([]float64, n)
	f.Weights(w)
	var want mat.VecDense
	if err := want.SolveVec(A, mat.NewVecDense(n, theta)); err != nil {
		t.Fatal(err)
	}
	for i := range w {
		if !near(w[i], want.AtVec(i), 1e-8) {
			t.Fatalf("A^{-1} theta = %v, gonum %v", w, want.RawVector().Data)
		}
	}
}
