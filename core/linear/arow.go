package linear

import "unitfree/core/rankone"

// AROW is Adaptive Regularization of Weights (Crammer, Kulesza, Dredze 2009),
// covered by the OMD analysis of Orabona, Crammer, Cesa-Bianchi §6
// (ALGORITHMS.md §3.5(d)): mean mu = 0 and covariance Sigma = I; with
// m = mu^T x and v = x^T Sigma x, if y m < 1 then beta = 1/(v + r),
// alpha = (1 - y m) beta, mu += alpha y Sigma x and
// Sigma -= beta (Sigma x)(Sigma x)^T. Labels are ±1.
type AROW struct {
	r     float64
	Sigma rankone.Inverse // Sigma = A^{-1} with A = I + (1/r) sum of updated x x^T
	mu    []float64
	sx    []float64 // Sigma x of the current round
}

// NewAROW returns AROW in d dimensions with regularization r > 0.
func NewAROW(d int, r float64) *AROW {
	return &AROW{r: r, Sigma: rankone.NewInverse(d, 1), mu: make([]float64, d), sx: make([]float64, d)}
}

// Dim returns the input length.
func (a *AROW) Dim() int { return len(a.mu) }

// Predict returns mu^T x.
func (a *AROW) Predict(x []float64) float64 { return dot(a.mu, x) }

// Learn predicts and updates mean and covariance when y m < 1.
func (a *AROW) Learn(x []float64, y float64) float64 {
	m := dot(a.mu, x)
	if y*m >= 1 {
		return m
	}
	a.Sigma.Apply(a.sx, x)
	v := dot(x, a.sx)
	beta := 1 / (v + a.r)
	alpha := (1 - y*m) * beta
	for i, s := range a.sx {
		a.mu[i] += alpha * y * s
	}
	a.Sigma.AddOuter(a.sx, v, 1/a.r)
	return m
}
