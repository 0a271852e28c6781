package vec

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernelsAreThePlainLoops checks that the unrolled Dot and AddScaled
// give the same bits as the plain loops, for every length around the
// unrolling's boundaries and values of wildly different magnitudes (where
// a different order of additions would show).
func TestKernelsAreThePlainLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 35; n++ {
		for trial := 0; trial < 20; trial++ {
			a, b, w := make([]float64, n), make([]float64, n), make([]float64, n)
			for i := range a {
				a[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(13)-6))
				b[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(13)-6))
				w[i] = rng.NormFloat64()
			}
			want := 0.0
			for i, v := range a {
				want += v * b[i]
			}
			if got := Dot(a, b); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("n=%d: dot = %v, the plain loop %v", n, got, want)
			}
			c := rng.NormFloat64()
			plain := append([]float64(nil), w...)
			for i, v := range a {
				plain[i] += c * v
			}
			AddScaled(w, c, a)
			for i := range w {
				if math.Float64bits(w[i]) != math.Float64bits(plain[i]) {
					t.Fatalf("n=%d: AddScaled entry %d = %v, the plain loop %v", n, i, w[i], plain[i])
				}
			}
		}
	}
}
