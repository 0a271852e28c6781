package linear

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/loss"
)

// benchRounds returns n Gaussian rounds in d dimensions with ±1 labels.
func benchRounds(n, d int) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(uint64(d), 7))
	return scaledStream(rng, n, onesOf(d))
}

func onesOf(d int) []float64 {
	s := make([]float64, d)
	for i := range s {
		s[i] = 1
	}
	return s
}

// BenchmarkScinolFull measures scinol-full's steady-state round (full rank)
// at growing d: the time should grow as d^2.
func BenchmarkScinolFull(b *testing.B) {
	for _, d := range []int{50, 100, 200, 400} {
		b.Run(fmt.Sprintf("d=%d", d), func(b *testing.B) {
			xs, ys := benchRounds(2*d, d)
			s := NewScinolFull(d, loss.Logistic{}, 1.5)
			for t, x := range xs {
				s.Learn(x, ys[t])
			}
			if s.Rank() != d {
				b.Fatalf("rank %d after warm-up", s.Rank())
			}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				s.Learn(xs[i%len(xs)], ys[i%len(xs)])
			}
		})
	}
}

// pinvSVDBaseline is Algorithm 2 implemented the naive way: every round it
// recomputes S^+ from an SVD of S (O(d^3)). It is the baseline the
// incremental implementation is measured against.
type pinvSVDBaseline struct {
	alpha float64
	S     *mat.SymDense
	h     []float64
	gamma float64
}

func (p *pinvSVDBaseline) learn(x []float64, y float64) float64 {
	d := len(x)
	p.S.SymRankOne(p.S, 1, mat.NewVecDense(d, x))
	var svd mat.SVD
	svd.Factorize(p.S, mat.SVDThin)
	var U, V mat.Dense
	svd.UTo(&U)
	svd.VTo(&V)
	sv := svd.Values(nil)
	inv := make([]float64, d)
	for i, s := range sv {
		if s > 1e-12*sv[0] {
			inv[i] = 1 / s
		}
	}
	var pinv mat.Dense // V diag(1/s) U^T
	pinv.Mul(&V, mat.NewDiagDense(d, inv))
	pinv.Mul(&pinv, U.T())
	hv, xv := mat.NewVecDense(d, p.h), mat.NewVecDense(d, x)
	var ph, px mat.VecDense
	ph.MulVec(&pinv, hv)
	px.MulVec(&pinv, xv)
	yhat := math.Exp((mat.Dot(hv, &ph)-p.gamma)/(2*p.alpha)) / p.alpha * mat.Dot(xv, &ph)
	g := loss.Logistic{}.Deriv(y, yhat)
	for i, v := range x {
		p.h[i] -= g * v
	}
	p.gamma += g * g * mat.Dot(xv, &px)
	return yhat
}

// BenchmarkPinvSVDBaseline is the naive O(d^3) round at d = 200.
func BenchmarkPinvSVDBaseline(b *testing.B) {
	const d = 200
	xs, ys := benchRounds(2*d, d)
	p := &pinvSVDBaseline{alpha: 1.5, S: mat.NewSymDense(d, nil), h: make([]float64, d)}
	for t, x := range xs[:d] {
		p.learn(x, ys[t])
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p.learn(xs[i%len(xs)], ys[i%len(xs)])
	}
}
