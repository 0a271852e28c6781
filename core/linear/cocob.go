package linear

import (
	"math"

	"unitfree/core/loss"
)

// COCOB is continuous coin betting run on each coordinate (Orabona &
// Tommasi, Training deep networks without learning rates through coin
// betting, NeurIPS 2017), in its online-learning form: the paper's
// Algorithm 1 (COCOB), with each coordinate's gradient bound L_i replaced
// by the running maximum of |g_i| as the paper's COCOB-Backprop does, so
// that no bound has to be known. Per coordinate, with g_i = ℓ'(y, ŷ) x_i:
//
//	L_i ← max(L_i, |g_i|),  G_i ← G_i + |g_i|,  θ_i ← θ_i − g_i,
//	R_i ← max(R_i − g_i w_i, 0)                       (the reward),
//	w_i ← tanh(θ_i / (G_i + L_i)) (ε + R_i) / L_i.
//
// tanh(θ/(G+L)) is the paper's 2σ(2θ/(G+L)) − 1: the bet is that fraction
// of the wealth ε + R_i. Two choices differ from the paper and are the
// authors' own in their code: the reward is clipped at 0 (a gradient larger
// than any before can cost more than the wealth, and the clip keeps the
// wealth at least ε), and there is no warm-up (COCOB-Backprop's
// max(G + L, αL) serves deep networks). The initial wealth ε has the units
// of the loss, where the paper's L_i has those of the gradient: with ε,
// every quantity scales with its feature and the predictions do not change
// when a feature is multiplied by a non-zero constant. As in KT, the reward,
// each weight and each term of a prediction stay within ±maxWealth, so that
// a gradient 1e20 times any before, with a wealth won on it, cannot
// overflow a prediction.
type COCOB struct {
	loss   loss.Loss
	eps    float64
	maxG   []float64 // L_i: max |g_i| so far
	sumAbs []float64 // G_i: sum of |g_i|
	theta  []float64 // θ_i: minus the sum of g_i
	reward []float64 // R_i >= 0
	w      []float64 // this round's weights
}

// NewCOCOB returns per-coordinate COCOB in d dimensions with initial wealth
// eps per coordinate.
func NewCOCOB(d int, l loss.Loss, eps float64) *COCOB {
	f := func() []float64 { return make([]float64, d) }
	return &COCOB{loss: l, eps: eps, maxG: f(), sumAbs: f(), theta: f(), reward: f(), w: f()}
}

// Dim returns the input length.
func (c *COCOB) Dim() int { return len(c.w) }

// Predict returns the prediction of the next round for x, without learning.
func (c *COCOB) Predict(x []float64) float64 { return boundedDot(c.w[:len(x)], x) }

// boundedDot returns w·x, with each term held within ±maxWealth when the
// plain sum overflows: a wealth won on gradients far larger than any before
// can make a weight times a feature pass the float range.
func boundedDot(w, x []float64) float64 {
	if s := dot(w, x); !math.IsInf(s, 0) && !math.IsNaN(s) {
		return s
	}
	s := 0.0
	for i, v := range x {
		s += math.Max(-maxWealth, math.Min(w[i]*v, maxWealth))
	}
	return s
}

// Learn plays one round: predict with w, see the loss's derivative, settle
// each coordinate's bet and place the next one.
func (c *COCOB) Learn(x []float64, y float64) float64 {
	n := len(x)
	maxG, sumAbs, theta, reward, w := c.maxG[:n], c.sumAbs[:n], c.theta[:n], c.reward[:n], c.w[:n]
	yhat := boundedDot(w, x)
	g := c.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		maxG[i] = maxAbs(maxG[i], gi)
		sumAbs[i] += math.Abs(gi)
		theta[i] -= gi
		r := reward[i] - gi*w[i]
		if !(r > 0) { // the clip at 0, also of a product that overflowed to -Inf
			r = 0
		} else if r > maxWealth {
			r = maxWealth
		}
		reward[i] = r
		wi := math.Tanh(theta[i]/(sumAbs[i]+maxG[i])) * (c.eps + r) / maxG[i]
		if wi > maxWealth {
			wi = maxWealth
		} else if wi < -maxWealth {
			wi = -maxWealth
		}
		w[i] = wi
	}
	return yhat
}

// Wealth returns coordinate i's wealth ε + R_i.
func (c *COCOB) Wealth(i int) float64 { return c.eps + c.reward[i] }
