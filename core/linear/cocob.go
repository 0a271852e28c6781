package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// COCOB is continuous coin betting run on each coordinate (Orabona &
// Tommasi, Training deep networks without learning rates through coin
// betting, NeurIPS 2017), in its online-learning form: the paper's
// Algorithm 1 (COCOB), with each coordinate's gradient bound L_i replaced
// by the running maximum of |g_i| as the paper's Algorithm 2
// (COCOB-Backprop) does, so that no bound has to be known. Per coordinate,
// with g_i = ℓ'(y, ŷ) x_i:
//
//	L_i ← max(L_i, |g_i|),  G_i ← G_i + |g_i|,  θ_i ← θ_i − g_i,
//	R_i ← max(R_i − g_i w_i, 0)                       (the reward),
//	w_i ← tanh(θ_i / (G_i + L_i)) (ε + R_i) / L_i.
//
// tanh(θ/(G+L)) is the paper's 2σ(2θ/(G+L)) − 1: the bet is that fraction
// of the wealth ε + R_i. Two choices differ from Algorithm 1, both taken
// from COCOB-Backprop: the reward is clipped at 0 (a gradient larger than
// any before can cost more than the wealth, and the clip keeps the wealth
// at least ε; the authors' per-coordinate online code in yamall does not
// clip), and there is no warm-up (COCOB-Backprop's max(G + L, αL) serves
// deep networks; CocobBackprop is that algorithm whole). The initial
// wealth ε has the units of the loss, where the paper's L_i has those of
// the gradient: with ε, every quantity scales with its feature and the
// predictions do not change when a feature is multiplied by a non-zero
// constant.
//
// That holds over the whole float64 range because each coordinate is kept
// in units of its feature's running maximum s_i = max|x_i|: the learner
// stores L_i/s_i, G_i/s_i, θ_i/s_i and w_i s_i, which do not change when
// the feature is rescaled (and are rescaled themselves, by s_old/s_new,
// when a larger |x_i| arrives). The reward, each stored weight and each
// term of a prediction stay within ±maxWealth, so that a gradient 1e20
// times any before, with a wealth won on it, cannot overflow a prediction;
// being in those units, the caps too are the same in every unit (a weight
// of 1e300 per gram was capped, at 1e300, where the same weight per
// kilogram was not).
type COCOB struct {
	loss   loss.Loss
	eps    float64
	s      []float64 // s_i: max |x_i| so far
	maxG   []float64 // L_i / s_i
	sumAbs []float64 // G_i / s_i
	theta  []float64 // θ_i / s_i
	reward []float64 // R_i >= 0
	w      []float64 // w_i s_i
}

// NewCOCOB returns per-coordinate COCOB in d dimensions with initial wealth
// eps per coordinate.
func NewCOCOB(d int, l loss.Loss, eps float64) *COCOB {
	f := func() []float64 { return make([]float64, d) }
	return &COCOB{loss: l, eps: eps, s: f(), maxG: f(), sumAbs: f(), theta: f(), reward: f(), w: f()}
}

// Dim returns the input length.
func (c *COCOB) Dim() int { return len(c.w) }

// Predict returns the prediction of the next round for x, without learning.
func (c *COCOB) Predict(x []float64) float64 {
	yhat := 0.0
	for i, v := range x {
		yhat += c.term(i, v)
	}
	return yhat
}

// term returns coordinate i's share of a prediction, w_i x_i = (w_i s_i)
// (x_i / s_i), within ±maxWealth.
func (c *COCOB) term(i int, v float64) float64 {
	if v == 0 || c.w[i] == 0 {
		return 0
	}
	return elementary.Clamp(c.w[i]*(v/c.s[i]), maxWealth)
}

// Learn plays one round: predict with w, see the loss's derivative, settle
// each coordinate's bet and place the next one.
func (c *COCOB) Learn(x []float64, y float64) float64 {
	n := len(x)
	s, maxG, sumAbs, theta, reward, w := c.s[:n], c.maxG[:n], c.sumAbs[:n], c.theta[:n], c.reward[:n], c.w[:n]
	yhat := c.Predict(x)
	g := c.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	for i, v := range x {
		if v == 0 {
			continue
		}
		if a := math.Abs(v); a > s[i] {
			// The coordinate's unit grows: its stored quantities follow.
			if s[i] > 0 {
				rho := s[i] / a
				maxG[i] *= rho
				sumAbs[i] *= rho
				theta[i] *= rho
				w[i] = elementary.Clamp(w[i]/rho, maxWealth)
			}
			s[i] = a
		}
		gi := g * (v / s[i]) // g_i / s_i
		if gi == 0 {
			continue
		}
		maxG[i] = elementary.MaxAbs(maxG[i], gi)
		sumAbs[i] += math.Abs(gi)
		theta[i] -= gi
		r := reward[i] - gi*w[i] // g_i w_i = (g_i/s_i)(w_i s_i)
		if !(r > 0) {            // the clip at 0, also of a product that overflowed to -Inf
			r = 0
		} else if r > maxWealth {
			r = maxWealth
		}
		reward[i] = r
		w[i] = elementary.Clamp(math.Tanh(theta[i]/(sumAbs[i]+maxG[i]))*(c.eps+r)/maxG[i], maxWealth)
	}
	return yhat
}

// Weight returns coordinate i's weight w_i.
func (c *COCOB) Weight(i int) float64 {
	if c.w[i] == 0 {
		return 0
	}
	return c.w[i] / c.s[i]
}

// Wealth returns coordinate i's wealth ε + R_i.
func (c *COCOB) Wealth(i int) float64 { return c.eps + c.reward[i] }
