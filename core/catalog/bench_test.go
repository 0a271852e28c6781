package catalog

import (
	"fmt"
	"math/rand/v2"
	"testing"

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
