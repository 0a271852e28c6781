package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// NAG is Normalized Adaptive Gradient (Ross, Mineiro, Langford, UAI 2013;
// as in Vowpal Wabbit and yamall): per coordinate the
// running maximum s_i = max |x_i| rescales the weight when it grows, N
// accumulates sum_i x_i^2/s_i^2, and
// w_i -= eta sqrt(t/N) g x_i / (s_i sqrt(G_i)) with G_i = sum (g x_i)^2.
// Predictions are unchanged when a feature is multiplied by a non-zero
// constant. sqrt(G_i) is kept as a running hypotenuse, so that a tiny
// g x_i whose square underflows still counts.
type NAG struct {
	loss  loss.Loss
	eta   float64
	w, s  []float64
	normG []float64 // sqrt(G_i)
	N     float64
	t     int
}

// NewNAG returns NAG in d dimensions with step eta.
func NewNAG(d int, l loss.Loss, eta float64) *NAG {
	return &NAG{loss: l, eta: eta, w: make([]float64, d), s: make([]float64, d), normG: make([]float64, d)}
}

// Dim returns the input length.
func (n *NAG) Dim() int { return len(n.w) }

// Predict returns the prediction of the next round for x, without learning:
// the weights as rescaled by the new maxima.
func (n *NAG) Predict(x []float64) float64 {
	yhat := 0.0
	for i, v := range x {
		if a := math.Abs(v); a > n.s[i] {
			yhat += n.w[i] * n.s[i] / a * v
		} else {
			yhat += n.w[i] * v
		}
	}
	return yhat
}

// Learn plays one round: rescale on new maxima, predict, then step.
func (n *NAG) Learn(x []float64, y float64) float64 {
	n.t++
	for i, v := range x {
		if v == 0 {
			continue
		}
		if a := math.Abs(v); a > n.s[i] {
			n.w[i] *= n.s[i] / a
			n.s[i] = a
		}
		r := v / n.s[i]
		n.N += r * r
	}
	yhat := dot(n.w, x)
	g := n.loss.Deriv(y, yhat)
	if g == 0 || n.N == 0 {
		return yhat
	}
	rate := n.eta * math.Sqrt(float64(n.t)/n.N)
	normG, w, s := n.normG[:len(x)], n.w[:len(x)], n.s[:len(x)] // taken once: no reloads, no bounds checks
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		normG[i] = elementary.GrowNorm(normG[i], gi)
		w[i] -= rate * gi / (s[i] * normG[i])
	}
	return yhat
}
