package rankone

import (
	"math/rand/v2"
	"testing"
)

// TestStepOuterHasTheBitsOfAddOuter runs the same rank-one updates whole
// (AddOuter) and in steps of 1 to 7 rows (BeginOuter, StepOuter), with a
// carried vector and x's with leading zeros and zero entries, and checks
// that both factors, the carried vectors and the returned
// leverages agree bit for bit; and that SolveRows over consecutive ranges
// from the bottom up is one whole back substitution.
func TestStepOuterHasTheBitsOfAddOuter(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for _, n := range []int{1, 2, 3, 10, 33} {
		whole, steps := NewFactor(n, 0.7), NewFactor(n, 0.7)
		p1, p2 := randVec(rng, n, 1), make([]float64, n)
		copy(p2, p1)
		for round := range 20 {
			x := randVec(rng, n, 1)
			for j := range x {
				if j < round%4 || rng.IntN(5) == 0 {
					x[j] = 0
				}
			}
			b := rng.NormFloat64()
			want := whole.AddOuter(x, Carry{P: p1, Bottom: b})
			steps.BeginOuter(x, Carry{P: p2, Bottom: b})
			var got float64
			for calls := 0; ; calls++ {
				done, r := steps.StepOuter(1 + rng.IntN(7))
				if done {
					got = r
					break
				}
				if calls > n {
					t.Fatalf("n=%d: StepOuter is not done after %d calls", n, calls)
				}
			}
			if got != want {
				t.Fatalf("n=%d round %d: leverage %v in steps, %v whole", n, round, got, want)
			}
			sameBits(t, "R in steps", steps.dense(), whole.dense())
			for i := range p1 {
				if p1[i] != p2[i] {
					t.Fatalf("n=%d round %d: carried entry %d differs", n, round, i)
				}
			}
		}
		v := randVec(rng, n, 1)
		u := append([]float64(nil), v...)
		whole.denseSolve(v)
		for hi := n; hi > 0; {
			lo := max(0, hi-1-rng.IntN(5))
			steps.SolveRows(u, lo, hi)
			hi = lo
		}
		for i := range v {
			if v[i] != u[i] {
				t.Fatalf("n=%d: SolveRows entry %d = %v, whole %v", n, i, u[i], v[i])
			}
		}
	}
}
