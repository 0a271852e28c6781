package linear

import "unitfree/core/rankone"

// VAW is the Vovk–Azoury–Warmuth forecaster (online ridge regression with the
// "forward" term; Orabona, Crammer, Cesa-Bianchi §4, ALGORITHMS.md §3.2):
// A_t = a I + sum_{s<=t} x_s x_s^T includes the current x before predicting,
// w_t = A_t^{-1} theta_t with theta_t = sum_{s<t} y_s x_s, yhat = w_t^T x_t.
// It is the OMD instance f_t(u) = ½ u^T A_t u, z_t = y_t x_t, for the
// squared loss; it takes no loss parameter.
type VAW struct {
	A     rankone.Inverse
	theta []float64
	u     []float64 // A^{-1} x of the current round
}

// NewVAW returns VAW in d dimensions with ridge a > 0.
func NewVAW(d int, a float64) *VAW {
	return &VAW{A: rankone.NewInverse(d, a), theta: make([]float64, d), u: make([]float64, d)}
}

// Dim returns the input length.
func (v *VAW) Dim() int { return len(v.theta) }

// Predict returns x^T A_t^{-1} theta = (x^T A^{-1} theta) / (1 + x^T A^{-1} x),
// A_t including x (Sherman–Morrison), without learning.
func (v *VAW) Predict(x []float64) float64 {
	yhat, _ := v.predict(x)
	return yhat
}

// predict computes u = A^{-1} x and returns the prediction and r = x^T u.
func (v *VAW) predict(x []float64) (yhat, r float64) {
	v.A.Apply(v.u, x)
	r = dot(x, v.u)
	return dot(v.u, v.theta) / (1 + r), r
}

// Learn predicts with A_t, keeps A_t, and adds y x to theta.
func (v *VAW) Learn(x []float64, y float64) float64 {
	yhat, r := v.predict(x)
	v.A.AddOuter(v.u, r, 1)
	for i, xi := range x {
		v.theta[i] += y * xi
	}
	return yhat
}
