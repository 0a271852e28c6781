package catalog

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/bandit"
	"unitfree/core/internal/vec"
	"unitfree/core/loss"
)

// benchStream returns n rounds of d Gaussian features with ±1 labels.
func benchStream(n, d int) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(uint64(d), 1))
	xs := make([][]float64, n)
	ys := make([]float64, n)
	for t := range xs {
		x := make([]float64, d)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		xs[t], ys[t] = x, float64(2*rng.IntN(2)-1)
	}
	return xs, ys
}

// BenchmarkLearn measures one round (predict, then learn) of every linear
// learner at d = 2, 10, 100, 1000 on the logistic loss, in steady state
// (after a warm-up pass), reporting ns per round and per coordinate.
func BenchmarkLearn(b *testing.B) {
	for _, e := range Linear() {
		for _, d := range []int{2, 10, 100, 1000} {
			b.Run(fmt.Sprintf("%s/d=%d", e.ID, d), func(b *testing.B) {
				xs, ys := benchStream(256, d)
				learner, err := NewLinear(e.ID, d, loss.Logistic{}, nil)
				if err != nil {
					b.Fatal(err)
				}
				for t, x := range xs { // warm up: fill second-order learners' rank
					learner.Learn(x, ys[t])
				}
				if d > len(xs) {
					for t := 0; t < d; t++ {
						learner.Learn(xs[t%len(xs)], ys[t%len(xs)])
					}
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; b.Loop(); i++ {
					k := i % len(xs)
					learner.Learn(xs[k], ys[k])
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(d), "ns/coord")
			})
		}
	}
}

// BenchmarkLearnBandit plays full SOBA (k = 9, d = 100, gamma = 0.05) from
// scratch over the same 2000 rounds per operation, on Gaussian features
// whose label is the argmax of a fixed random linear model plus noise, and
// reports ns per round. A fixed amount of work, so that native code and
// WASM are compared on the same rounds and the same updates; `make bench`
// runs it beside BenchmarkLearn in Node and in Chromium.
func BenchmarkLearnBandit(b *testing.B) {
	const k, d, T = 9, 100, 2000
	rng := rand.New(rand.NewPCG(9, 100))
	U := make([]float64, k*d)
	for i := range U {
		U[i] = rng.NormFloat64()
	}
	xs, ys := make([][]float64, T), make([]int, T)
	for t := range xs {
		x := make([]float64, d)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		best, label := math.Inf(-1), 0
		for c := range k {
			if s := vec.Dot(U[c*d:(c+1)*d], x) + rng.NormFloat64(); s > best {
				best, label = s, c
			}
		}
		xs[t], ys[t] = x, label
	}
	b.Run(fmt.Sprintf("soba/d=%d", d), func(b *testing.B) {
		for b.Loop() {
			l, err := BanditWithGamma("soba", k, d, 0.05)
			if err != nil {
				b.Fatal(err)
			}
			draws := bandit.NewSeededDraws(4)
			for t, x := range xs {
				u1, u2 := draws.Next()
				l.Play(x, ys[t], u1, u2)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*T), "ns/round")
	})
}
