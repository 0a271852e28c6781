package linear

import (
	"math"

	"unitfree/core/loss"
)

// FTL is Follow-the-Leader on the linearized losses over the L2 ball of
// radius D: w_t = argmin_{||w|| <= D} sum_{s<t} g_s x_s^T w = -D theta/||theta||
// with theta = sum_{s<t} g_s x_s (w_t = 0 while theta = 0). On linear losses
// it is FTL itself; on the example of Orabona's notes on online gradient
// descent where FTL fails (V = [-1, 1], z_1 = -0.5, then +1, -1, ...) it pays
// linear regret.
type FTL struct {
	loss   loss.Loss
	radius float64
	theta  []float64
}

// NewFTL returns FTL in d dimensions over the ball of the given radius.
func NewFTL(d int, l loss.Loss, radius float64) *FTL {
	return &FTL{loss: l, radius: radius, theta: make([]float64, d)}
}

// Dim returns the input length.
func (f *FTL) Dim() int { return len(f.theta) }

// Predict returns w_t^T x = -D theta^T x / ||theta||.
func (f *FTL) Predict(x []float64) float64 {
	norm := math.Sqrt(dot(f.theta, f.theta))
	if norm == 0 {
		return 0
	}
	return -f.radius * dot(f.theta, x) / norm
}

// Learn plays the leader, then adds the round's linearized loss.
func (f *FTL) Learn(x []float64, y float64) float64 {
	yhat := f.Predict(x)
	g := f.loss.Deriv(y, yhat)
	addScaled(f.theta, g, x)
	return yhat
}
