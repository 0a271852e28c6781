package linear

import (
	"math"

	"unitfree/core/loss"
)

// OGD is projected online (sub)gradient descent, Orabona's lecture note
// "Online Gradient Descent" §2: play w_t, receive the
// loss, then w_{t+1} = Pi_V(w_t - eta_t g_t) with g_t = l'(yhat_t) x_t and V the
// L2 ball of radius Radius (all of R^d when Radius is 0).
type OGD struct {
	loss   loss.Loss
	eta    float64
	radius float64
	decay  bool // eta_t = eta / sqrt(t) instead of the constant eta
	w      []float64
	t      int
}

// NewOGD returns OGD in d dimensions starting at w_1 = 0 with constant step
// eta, projected onto the L2 ball of the given radius (0: no projection).
func NewOGD(d int, l loss.Loss, eta, radius float64) *OGD {
	return &OGD{loss: l, eta: eta, radius: radius, w: make([]float64, d)}
}

// NewOGDSqrt returns OGD with the decaying step eta_t = eta/sqrt(t), the
// schedule of the note's anytime bound (with eta = D/L).
func NewOGDSqrt(d int, l loss.Loss, eta, radius float64) *OGD {
	o := NewOGD(d, l, eta, radius)
	o.decay = true
	return o
}

// Dim returns the input length.
func (o *OGD) Dim() int { return len(o.w) }

// Predict returns w_t^T x.
func (o *OGD) Predict(x []float64) float64 { return dot(o.w, x) }

// Weights returns a copy of the current iterate w_t.
func (o *OGD) Weights() []float64 { return append([]float64(nil), o.w...) }

// StepSize returns eta_t for round t (1-based).
func (o *OGD) StepSize(t int) float64 {
	if o.decay {
		return o.eta / math.Sqrt(float64(t))
	}
	return o.eta
}

// Learn plays round t: predict w_t^T x, take the gradient step, project.
func (o *OGD) Learn(x []float64, y float64) float64 {
	o.t++
	yhat := dot(o.w, x)
	step := o.StepSize(o.t) * o.loss.Deriv(y, yhat)
	if step != 0 {
		addScaled(o.w, -step, x) // w - step x, the same bits as w -= step x
		o.project()
	}
	return yhat
}

// project maps w onto the L2 ball of radius o.radius: w * min(1, R/||w||).
func (o *OGD) project() {
	if o.radius <= 0 {
		return
	}
	norm := math.Sqrt(dot(o.w, o.w))
	if norm <= o.radius {
		return
	}
	s := o.radius / norm
	for i := range o.w {
		o.w[i] *= s
	}
}
