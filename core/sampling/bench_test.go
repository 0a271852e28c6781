package sampling

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkMABSSampleUpdate is one draw plus one weight update at
// n = 10^3, 10^5, 10^6: the cost should grow like log n.
func BenchmarkMABSSampleUpdate(b *testing.B) {
	for _, n := range []int{1_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m, _ := NewMABS(n, 0.4, 1e-12)
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			for b.Loop() {
				i, p := m.Sample(rng)
				m.Update(i, p, 1e-6)
			}
		})
	}
}

// BenchmarkSGDStep compares a full SGD step with MABS sampling and with
// uniform sampling at d = 100, n = 10^5.
func BenchmarkSGDStep(b *testing.B) {
	const n, d = 100_000, 100
	xs, ys := tauData(1, n, d, 10, SqHingeL2)
	o, _ := NewObjective(SqHingeL2, xs, ys, 1e-4)
	for _, name := range []string{"uniform", "mabs"} {
		b.Run(name, func(b *testing.B) {
			var s Sampler = NewUniform(n)
			if name == "mabs" {
				s, _ = NewMABS(n, 0.4, 1e-9)
			}
			opt, _ := NewSGD(o, s, 0.01)
			rng := rand.New(rand.NewPCG(3, 4))
			b.ReportAllocs()
			for b.Loop() {
				opt.Step(rng)
			}
		})
	}
}
