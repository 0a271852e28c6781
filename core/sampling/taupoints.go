package sampling

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// TauPoints returns n points in d dimensions where h = n/(2 tau) rows are
// scaled by s so that max L_i / mean L_i = s^2 / ((h s^2 + n - h)/n) = tau
// (the kind of data of the MABS paper's experiments), with ±1 labels from a noisy
// linear rule on the unscaled rows.
func TauPoints(seed uint64, n, d int, tau float64) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 21))
	heavy := 0
	s2 := 1.0
	if tau > 1 {
		heavy = max(1, int(float64(n)/(2*tau)))
		s2 = tau * float64(n-heavy) / (float64(n) - tau*float64(heavy))
	}
	xs := make([][]float64, n)
	ys := make([]float64, n)
	for i := range xs {
		sc := 1.0
		if i < heavy {
			sc = math.Sqrt(s2)
		}
		x := make([]float64, d)
		score := 0.0
		for j := range x {
			x[j] = sc * rng.NormFloat64() / math.Sqrt(float64(d))
			score += x[j] / sc * float64(j%3-1)
		}
		xs[i], ys[i] = x, 1
		if score+0.3*rng.NormFloat64() < 0 {
			ys[i] = -1
		}
	}
	return xs, ys
}

// CheckTau returns an error unless TauPoints can make n points with the
// ratio tau: 1 <= tau < n (one heavy point already gives max/mean just
// below n).
func CheckTau(n int, tau float64) error {
	if !(tau >= 1 && tau < float64(n)) {
		return fmt.Errorf("τ = %v: %d points allow τ from 1 to below %d", tau, n, n)
	}
	return nil
}
