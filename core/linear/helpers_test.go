package linear

import (
	"math"
	"math/rand/v2"

	"unitfree/core/loss"
)

// scaledStream returns T rounds of d Gaussian features, feature i multiplied
// by scales[i], with ±1 labels from a noisy linear rule.
func scaledStream(rng *rand.Rand, T int, scales []float64) ([][]float64, []float64) {
	xs := make([][]float64, T)
	ys := make([]float64, T)
	for t := range xs {
		x := make([]float64, len(scales))
		s := 0.0
		for i := range x {
			z := rng.NormFloat64()
			x[i] = scales[i] * z
			s += z * float64(i%3-1)
		}
		xs[t], ys[t] = x, 1
		if s+0.7*rng.NormFloat64() < 0 {
			ys[t] = -1
		}
	}
	return xs, ys
}

// adversarialLabel returns a label for the absolute loss that makes the
// derivative g = sgn(yhat - y) equal to sgn(yhat) (the adversary of
// the adversary of a check of Kotłowski's Algorithm 1) when flip is set, and to -sgn(yhat) otherwise;
// for yhat = 0 it returns ±1 at random.
func adversarialLabel(rng *rand.Rand, yhat float64, flip bool) float64 {
	if yhat == 0 {
		return float64(2*rng.IntN(2) - 1)
	}
	s := math.Copysign(1, yhat)
	if flip {
		return yhat - s
	}
	return yhat + s
}

// cumulativeRegret returns sum_t l(y_t, yhat_t) - l(y_t, u^T x_t).
func cumulativeRegret(l loss.Loss, xs [][]float64, ys, yhats, u []float64) float64 {
	r := 0.0
	for t, x := range xs {
		r += l.Value(ys[t], yhats[t]) - l.Value(ys[t], dot(u, x))
	}
	return r
}

// leq reports whether a <= b up to a relative tolerance for round-off.
func leq(a, b float64) bool {
	return a <= b+1e-10*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
