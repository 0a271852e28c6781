package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// CocobBackprop is COCOB-Backprop (Orabona & Tommasi, Training deep
// networks without learning rates through coin betting, NeurIPS 2017,
// Algorithm 2) run on each coordinate of a linear model, as the authors'
// optimizer computes it: with g_i = ℓ'(y, ŷ) x_i,
//
//	L_i ← max(L_i, |g_i|),  G_i ← G_i + |g_i|,  θ_i ← θ_i − g_i,
//	R_i ← max(R_i − g_i w_i, 0),
//	w_i ← θ_i / (L_i max(G_i + L_i, α L_i)) · (R_i + L_i),
//
// starting from L_i = 1e-8, G_i = θ_i = R_i = 0 and w = 0. Its wealth
// L_i + R_i starts at the largest gradient seen, and max(·, αL_i) slows the
// first rounds (the warm-up): both serve deep networks. The wealth mixes
// the gradient's units with the loss's, so, unlike COCOB (Algorithm 1 with
// this algorithm's running maximum, the learner "cocob" here), its
// predictions change with a feature's unit.
type CocobBackprop struct {
	loss   loss.Loss
	alpha  float64
	maxG   []float64 // L_i
	sumAbs []float64 // G_i
	theta  []float64 // θ_i: minus the sum of g_i
	reward []float64 // R_i >= 0
	w      []float64
}

// cocobBackpropL0 is the authors' starting L_i.
const cocobBackpropL0 = 1e-8

// NewCocobBackprop returns per-coordinate COCOB-Backprop in d dimensions
// with warm-up alpha (the authors' default is 100).
func NewCocobBackprop(d int, l loss.Loss, alpha float64) *CocobBackprop {
	f := func() []float64 { return make([]float64, d) }
	c := &CocobBackprop{loss: l, alpha: alpha, maxG: f(), sumAbs: f(), theta: f(), reward: f(), w: f()}
	for i := range c.maxG {
		c.maxG[i] = cocobBackpropL0
	}
	return c
}

// Dim returns the input length.
func (c *CocobBackprop) Dim() int { return len(c.w) }

// Predict returns the prediction of the next round for x, without learning.
func (c *CocobBackprop) Predict(x []float64) float64 { return boundedSum(c.w[:len(x)], x) }

// boundedSum returns w·x, with each term held within ±maxWealth when the
// plain sum overflows.
func boundedSum(w, x []float64) float64 {
	if s := dot(w, x); !math.IsInf(s, 0) && !math.IsNaN(s) {
		return s
	}
	s := 0.0
	for i, v := range x {
		s += elementary.Clamp(w[i]*v, maxWealth)
	}
	return s
}

// Learn plays one round: predict with w, see the loss's derivative and
// update every coordinate of a non-zero feature.
func (c *CocobBackprop) Learn(x []float64, y float64) float64 {
	n := len(x)
	maxG, sumAbs, theta, reward, w := c.maxG[:n], c.sumAbs[:n], c.theta[:n], c.reward[:n], c.w[:n]
	yhat := c.Predict(x)
	g := c.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		maxG[i] = elementary.MaxAbs(maxG[i], gi)
		sumAbs[i] += math.Abs(gi)
		theta[i] -= gi
		r := reward[i] - gi*w[i]
		if !(r > 0) { // the clip at 0, also of a product that overflowed to -Inf
			r = 0
		} else if r > maxWealth {
			r = maxWealth
		}
		reward[i] = r
		den := sumAbs[i] + maxG[i] // max(sumAbs_i + L_i, alpha L_i), both positive
		if a := c.alpha * maxG[i]; a > den {
			den = a
		}
		wi := theta[i] / (maxG[i] * den) * (r + maxG[i])
		w[i] = elementary.Clamp(wi, maxWealth)
	}
	return yhat
}
