package linear

import "math"

// PA1 is the Passive-Aggressive algorithm PA-I (Crammer et al. 2006), an OMD
// instance of Orabona, Crammer, Cesa-Bianchi (2015), §6: on a
// round with hinge loss h_t = [1 - y w^T x]_+ > 0, tau_t = min(C, h_t/||x||²)
// and w += tau_t y x. Labels are ±1.
type PA1 struct {
	C float64
	w []float64
}

// NewPA1 returns PA-I in d dimensions with aggressiveness C.
func NewPA1(d int, C float64) *PA1 { return &PA1{C: C, w: make([]float64, d)} }

// Dim returns the input length.
func (p *PA1) Dim() int { return len(p.w) }

// Predict returns w^T x.
func (p *PA1) Predict(x []float64) float64 { return dot(p.w, x) }

// Learn predicts, then makes the PA-I step.
func (p *PA1) Learn(x []float64, y float64) float64 {
	yhat := dot(p.w, x)
	p.step(x, y, yhat)
	return yhat
}

// step applies the update for the prediction yhat and returns tau_t.
func (p *PA1) step(x []float64, y, yhat float64) float64 {
	h := math.Max(0, 1-y*yhat)
	n2 := dot(x, x)
	if h == 0 || n2 == 0 {
		return 0
	}
	tau := math.Min(p.C, h/n2)
	addScaled(p.w, tau*y, x)
	return tau
}
