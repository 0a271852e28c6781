package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// OMDSIDiag is the scale-invariant per-coordinate OMD regularizer of
// Orabona, Crammer, Cesa-Bianchi (Machine Learning 2015), type (13), in the
// derived form of Orabona, Crammer, Cesa-Bianchi 2015, §5, regularizers (12) and (13):
//
//	f_t(w) = ½ sum_i beta_{t,i} b_{t,i}^2 w_i^2,  w_{t,i} = theta_{t,i} / (beta_{t,i} b_{t,i}^2)
//
// with b_{t,i} = max_{s<=t} |x_{s,i}|, beta_{t,i} = sqrt(delta + sum_{s<t}
// (l'_{s,i}/b_{s,i})^2) and theta_{t+1} = theta_t - eta l'_t, l'_t = g_t x_t.
// eta is in the units of the predictions (eta = C/sqrt(2) when |u_i x_i| <= C).
type OMDSIDiag struct {
	loss       loss.Loss
	eta, delta float64
	theta, b   []float64
	sumSq      []float64 // sum_{s<t} (l'_{s,i}/b_{s,i})^2
}

// NewOMDSIDiag returns the type-(13) learner in d dimensions.
func NewOMDSIDiag(d int, l loss.Loss, eta, delta float64) *OMDSIDiag {
	return &OMDSIDiag{loss: l, eta: eta, delta: delta,
		theta: make([]float64, d), b: make([]float64, d), sumSq: make([]float64, d)}
}

// Dim returns the input length.
func (o *OMDSIDiag) Dim() int { return len(o.theta) }

// weight returns w_{t,i} for the maximum b (which includes the current x).
func (o *OMDSIDiag) weight(i int, b float64) float64 {
	if b == 0 {
		return 0
	}
	r := o.theta[i] / b
	return r / (math.Sqrt(o.delta+o.sumSq[i]) * b)
}

// Predict returns the prediction of the next round for x, without learning.
func (o *OMDSIDiag) Predict(x []float64) float64 {
	yhat := 0.0
	for i, v := range x {
		if v != 0 {
			yhat += o.weight(i, elementary.MaxAbs(o.b[i], v)) * v
		}
	}
	return yhat
}

// Learn plays one round: b includes x, predict, then the dual step and the
// running sum of squared scaled gradients.
func (o *OMDSIDiag) Learn(x []float64, y float64) float64 {
	yhat := 0.0
	for i, v := range x {
		o.b[i] = elementary.MaxAbs(o.b[i], v)
		yhat += o.weight(i, o.b[i]) * v
	}
	g := o.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	for i, v := range x {
		if v == 0 {
			continue
		}
		gi := g * v
		o.theta[i] -= o.eta * gi
		r := gi / o.b[i]
		o.sumSq[i] += r * r
	}
	return yhat
}
