package playground

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"unitfree/core/bandit"
)

// TestProject2IsThePrincipalPlane checks the sparse covariance and the power
// iteration against LAPACK's eigenvectors of the covariance (gonum's
// EigenSym, which the page does not link): on SynSep's sparse binary rows
// and on dense Gaussian rows with a clear spectrum, the projection is the
// one on the plane of the top two eigenvectors, up to a rotation in it.
func TestProject2IsThePrincipalPlane(t *testing.T) {
	synsep, _ := bandit.SynSep(3, 2000)
	rng := rand.New(rand.NewPCG(7, 8))
	dense := make([][]float64, 500)
	for i := range dense {
		dense[i] = make([]float64, 12)
		for j := range dense[i] {
			dense[i][j] = rng.NormFloat64() * float64(13-j) * 1e3 // spread 13:12:...
		}
	}
	for name, x := range map[string][][]float64{"synsep": synsep, "dense": dense} {
		got := project2(x)
		n, d := len(x), len(x[0])
		m := mat.NewDense(n, d, nil)
		for i, row := range x {
			m.SetRow(i, row)
		}
		var cov mat.SymDense
		stat.CovarianceMatrix(&cov, m, nil)
		var eig mat.EigenSym
		if !eig.Factorize(&cov, true) {
			t.Fatal("no eigendecomposition")
		}
		var vecs mat.Dense
		eig.VectorsTo(&vecs)
		vals := eig.Values(nil) // ascending
		t.Logf("%s: top eigenvalues %.4g %.4g %.4g", name, vals[d-1], vals[d-2], vals[d-3])
		mean := make([]float64, d)
		for j := range d {
			mean[j] = stat.Mean(mat.Col(nil, j, m), nil)
		}
		want := make([][2]float64, n)
		for c := range 2 {
			v := mat.Col(nil, d-1-c, &vecs)
			for i, row := range x {
				for j := range d {
					want[i][c] += (row[j] - mean[j]) * v[j]
				}
			}
		}
		// The plane is what is defined (SynSep's top two eigenvalues are
		// 1% apart, its third 17% below): the projections must agree up to
		// a rotation, so their inner products must.
		dot := func(p [][2]float64, i, j int) float64 { return p[i][0]*p[j][0] + p[i][1]*p[j][1] }
		worst, scale := 0.0, 0.0
		for i := range n {
			for _, j := range []int{i, (i + 1) % n, (i * 7) % n} {
				worst = math.Max(worst, math.Abs(dot(got, i, j)-dot(want, i, j)))
				scale = math.Max(scale, dot(want, i, i))
			}
		}
		if worst > 1e-8*scale {
			t.Errorf("%s: inner products of the projections differ by up to %.3g (squared norms up to %.3g)", name, worst, scale)
		}
		t.Logf("%s: inner products of the projections agree to %.2g of %.3g", name, worst, scale)
	}
}
