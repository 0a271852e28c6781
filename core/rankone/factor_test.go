package rankone

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/internal/vec"
)

func randVec(rng *rand.Rand, n int, scale float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = scale * rng.NormFloat64()
	}
	return x
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// TestFactorTracksMatrix adds 200 rank-one terms (some with leading zeros)
// and checks R^T R against A built by gonum, the carried vector
// R^T p = b + sum of bottom x, and both solves against gonum's.
func TestFactorTracksMatrix(t *testing.T) {
	const n, a = 12, 0.5
	rng := rand.New(rand.NewPCG(1, 2))
	f := NewFactor(n, a)
	A := mat.NewSymDense(n, nil)
	for i := range n {
		A.SetSym(i, i, a)
	}
	b := make([]float64, n) // the carried right-hand side, exactly
	p := make([]float64, n) // R^{-T} b
	for k := range 200 {
		x := randVec(rng, n, 1)
		for i := range k % 5 {
			x[i] = 0
		}
		y := rng.NormFloat64()
		c := Carry{P: p, Bottom: y}
		f.AddOuter(x, c)
		A.SymRankOne(A, 1, mat.NewVecDense(n, append([]float64(nil), x...)))
		for i := range b {
			b[i] += y * x[i]
		}
	}
	var R mat.Dense
	R.Apply(func(i, j int, _ float64) float64 {
		if j < i {
			return 0
		}
		return f.At(i, j)
	}, mat.NewDense(n, n, nil))
	var RtR mat.Dense
	RtR.Mul(R.T(), &R)
	for i := range n {
		for j := range n {
			if !near(RtR.At(i, j), A.At(i, j), 1e-12) {
				t.Fatalf("R^T R (%d, %d) = %v, A %v", i, j, RtR.At(i, j), A.At(i, j))
			}
		}
	}
	Rtp := make([]float64, n)
	for j := range n {
		for i := 0; i <= j; i++ {
			Rtp[j] += f.At(i, j) * p[i]
		}
	}
	for i := range b {
		if !near(Rtp[i], b[i], 1e-10) {
			t.Fatalf("carried vector: R^T p = %v, want %v", Rtp, b)
		}
	}
	var want mat.VecDense
	if err := want.SolveVec(A, mat.NewVecDense(n, append([]float64(nil), b...))); err != nil {
		t.Fatal(err)
	}
	got := append([]float64(nil), b...)
	f.SolveT(got)
	f.Solve(got)
	for i := range got {
		if !near(got[i], want.AtVec(i), 1e-10) {
			t.Fatalf("R^{-1} R^{-T} b = %v, gonum %v", got, want.RawVector().Data)
		}
	}
	// SolveTFrom on a vector with leading zeros equals SolveT.
	v := randVec(rng, n, 1)
	v[0], v[1], v[2] = 0, 0, 0
	full := append([]float64(nil), v...)
	f.SolveT(full)
	f.SolveTFrom(v, 3)
	for i := range v {
		if !near(v[i], full[i], 1e-14) {
			t.Fatalf("SolveTFrom %v, SolveT %v", v, full)
		}
	}
}

// TestFactorBorder grows a factor by bordering and checks it against the
// Cholesky factorisation of the bordered matrix.
func TestFactorBorder(t *testing.T) {
	const n = 6
	rng := rand.New(rand.NewPCG(3, 4))
	X := mat.NewDense(n+3, n, nil)
	for i := range n + 3 {
		X.SetRow(i, randVec(rng, n, 1))
	}
	var S mat.SymDense
	S.SymOuterK(1, X.T())
	f := NewGrowingFactor(n)
	for k := range n {
		w := make([]float64, k)
		for i := range w {
			w[i] = S.At(i, k)
		}
		sol := append([]float64(nil), w...)
		f.SolveT(sol)
		dn := math.Sqrt(S.At(k, k) - vec.Dot(sol, sol))
		f.Border(w, dn)
	}
	var ch mat.Cholesky
	if !ch.Factorize(&S) {
		t.Fatal("not positive definite")
	}
	var U mat.TriDense
	ch.UTo(&U)
	for i := range n {
		for j := i; j < n; j++ {
			if !near(f.At(i, j), U.At(i, j), 1e-10) {
				t.Fatalf("R(%d, %d) = %v, gonum %v", i, j, f.At(i, j), U.At(i, j))
			}
		}
	}
}
