package linear

import "unitfree/core/rankone"

// AROW is Adaptive Regularization of Weights (Crammer, Kulesza, Dredze 2009),
// covered by the mirror-descent analysis of Orabona, Crammer, Cesa-Bianchi
// (2015, §6): mean mu = 0 and covariance Sigma = I; with m = mu^T x and
// v = x^T Sigma x, if y m < 1 then beta = 1/(v + r),
// alpha = (1 - y m) beta, mu += alpha y Sigma x and
// Sigma -= beta (Sigma x)(Sigma x)^T. Labels are ±1.
//
// Because y^2 = 1, alpha y = (y - m) beta and the recursion is recursive
// least squares on the updating rounds U:
// Sigma = r (r I + sum_U x x^T)^{-1} and mu = (r I + sum_U x x^T)^{-1} sum_U y x.
// AROW keeps that ridge system factorised, r I + sum_U x x^T = L D L^T
// with L^{-1} sum_U y x (package rankone): O(d^2) per update like the
// recursion, without its cancellation. mu itself, which makes a round
// without an update O(d), is solved only when a round did not update: on a
// run of updates each round is one pass, m = x^T A^{-1} theta coming out of
// the pass that proposes the update.
type AROW struct {
	A       rankone.LDL
	mu      []float64
	muValid bool
	q       []float64 // scratch: L^{-1} x
}

// NewAROW returns AROW in d dimensions with regularization r > 0.
func NewAROW(d int, r float64) *AROW {
	return &AROW{A: rankone.NewLDL(d, r), mu: make([]float64, d), muValid: true, q: make([]float64, d)}
}

// Dim returns the input length.
func (a *AROW) Dim() int { return len(a.mu) }

// Predict returns mu^T x.
func (a *AROW) Predict(x []float64) float64 {
	if a.muValid {
		return dot(a.mu, x)
	}
	m, _ := a.A.Forecast(x, a.q)
	return m
}

// Learn predicts and updates mean and covariance when y m < 1.
func (a *AROW) Learn(x []float64, y float64) float64 {
	if a.muValid {
		m := dot(a.mu, x)
		if y*m < 1 {
			a.A.Propose(x, y)
			a.A.Accept()
			a.muValid = false
		}
		return m
	}
	m, _ := a.A.Propose(x, y)
	if y*m < 1 {
		a.A.Accept()
		return m
	}
	a.A.Weights(a.mu)
	a.muValid = true
	return m
}

// mean returns mu, solved afresh when it is not kept.
func (a *AROW) mean() []float64 {
	mu := make([]float64, len(a.mu))
	a.A.Weights(mu)
	return mu
}
