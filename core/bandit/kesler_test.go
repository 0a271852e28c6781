package bandit

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/internal/vec"
)

// TestLeverageVersusAgreesWithTheWholeSolve builds Kesler systems from
// hundreds of updates (features in natural-unit ranges, 1e-3 to 1e3, so
// that the equilibration matters), then compares 1 + r with thresholds
// spread around it and within round-off of it. Every settled verdict must
// be the comparison the whole r gives; an unsettled one must return the
// whole r bit for bit; and in systems of several chunks of rows the bounds
// must settle most far thresholds, or they buy nothing.
func TestLeverageVersusAgreesWithTheWholeSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, kd := range [][2]int{{3, 4}, {10, 64}, {9, 25}} {
		k, d := kd[0], kd[1]
		sys := newKeslerSystem(k, d, 1)
		unit := make([]float64, d)
		for f := range unit {
			unit[f] = math.Pow(10, float64(rng.IntN(7)-3))
		}
		x := make([]float64, d)
		draw := func() (int, int) {
			for f := range x {
				x[f] = unit[f] * rng.NormFloat64()
				if rng.IntN(4) == 0 {
					x[f] = 0 // sparse rows leave zeros in the solve
				}
			}
			i := rng.IntN(k)
			j := (i + 1 + rng.IntN(k-1)) % k
			return i, j
		}
		for range 300 {
			i, j := draw()
			p := 0.05 + 0.95*rng.Float64()
			sys.setPair(Sparsify(x), i, j, 1/math.Sqrt(p))
			sys.add(-1 / math.Sqrt(p))
		}
		settled, far := 0, 0
		for try := range 600 {
			i, j := draw()
			sys.setPair(Sparsify(x), i, j, 1/math.Sqrt(2*rng.Float64()+0.01))
			whole := sys.wholeLeverage()
			var tau float64
			switch try % 3 {
			case 0: // far: a factor up to 100 either way
				tau = (1 + whole) * math.Pow(10, 4*rng.Float64()-2)
				far++
			case 1: // within the margin
				tau = (1 + whole) * (1 + 1e-7*(2*rng.Float64()-1))
			default: // exactly at it
				tau = 1 + whole
			}
			verdict, r := sys.leverageVersus(tau)
			switch {
			case verdict > 0 && !(1+whole >= tau), verdict < 0 && !(1+whole < tau):
				t.Fatalf("k=%d d=%d: verdict %d for 1+r = %v against tau = %v", k, d, verdict, 1+whole, tau)
			case verdict == 0 && math.Float64bits(r) != math.Float64bits(whole):
				t.Fatalf("k=%d d=%d: unsettled r = %v, the whole solve's %v", k, d, r, whole)
			case verdict != 0 && try%3 != 0:
				t.Fatalf("k=%d d=%d: settled %d within round-off of the threshold (1+r = %v, tau = %v)", k, d, verdict, 1+whole, tau)
			}
			if verdict != 0 {
				settled++
			}
		}
		t.Logf("k=%d d=%d: %d of %d far thresholds settled early", k, d, settled, far)
		if k*d > 2*leverageRows && settled < far*3/4 { // a smaller system is solved in one or two looks

			t.Errorf("k=%d d=%d: only %d of %d far thresholds settled by the bounds", k, d, settled, far)
		}
	}
}

// wholeLeverage is r = |R^{-T} S z|^2 by one whole forward substitution, as
// SOBA computed it before leverageVersus.
func (s *keslerSystem) wholeLeverage() float64 {
	copy(s.q[s.lo:], s.z[s.lo:])
	s.R.SolveTFrom(s.q, s.lo)
	q := s.q[s.lo:]
	return vec.Dot(q, q)
}
