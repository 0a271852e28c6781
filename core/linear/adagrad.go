package linear

import (
	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// AdaGrad is diagonal AdaGrad in its mirror-descent form (Duchi, Hazan,
// Singer 2011): G_i += g_i^2, then
// w_i -= eta g_i / (delta + sqrt(G_i)), with g_i = l'(yhat) x_i. It is
// invariant to scaling all losses, not to rescaling a feature.
// sqrt(G_i) is kept as a running hypotenuse, so that a tiny g_i whose square
// underflows still counts (its first step has size eta whatever its scale).
type AdaGrad struct {
	loss  loss.Loss
	eta   float64
	delta float64
	w     []float64
	normG []float64 // sqrt(G_i) = ||g_{1:t,i}||_2
}

// NewAdaGrad returns diagonal AdaGrad in d dimensions.
func NewAdaGrad(d int, l loss.Loss, eta, delta float64) *AdaGrad {
	return &AdaGrad{loss: l, eta: eta, delta: delta, w: make([]float64, d), normG: make([]float64, d)}
}

// Dim returns the input length.
func (a *AdaGrad) Dim() int { return len(a.w) }

// Predict returns w^T x.
func (a *AdaGrad) Predict(x []float64) float64 { return dot(a.w, x) }

// Learn predicts, then takes the per-coordinate adaptive step.
func (a *AdaGrad) Learn(x []float64, y float64) float64 {
	yhat := dot(a.w, x)
	g := a.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	normG, w := a.normG[:len(x)], a.w[:len(x)] // taken once: no reloads, no bounds checks
	eta, delta := a.eta, a.delta
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		normG[i] = elementary.GrowNorm(normG[i], gi)
		w[i] -= eta * gi / (delta + normG[i])
	}
	return yhat
}
