package linear

import "unitfree/core/rankone"

// secondOrder is the state VAW and the second-order Perceptron share: A
// (a I at the start) and the vector theta they predict with, factorised as
// A = L D L^T with P = L^{-1} theta (package rankone), so that
// w = A^{-1} theta is never formed: the prediction is a product of vectors
// the factorisation gives accurately, even where w itself would carry A's
// condition number.
type secondOrder struct {
	A rankone.LDL
	q []float64 // scratch: L^{-1} x
}

func newSecondOrder(d int, a float64) secondOrder {
	return secondOrder{A: rankone.NewLDL(d, a), q: make([]float64, d)}
}

// Dim returns the input length.
func (s *secondOrder) Dim() int { return len(s.q) }

// Predict returns x^T (A + x x^T)^{-1} theta, without learning.
func (s *secondOrder) Predict(x []float64) float64 {
	return forward(s.A.Forecast(x, s.q))
}

// forward returns x^T (A + x x^T)^{-1} theta from xAy = x^T A^{-1} theta
// and t = 1 + x^T A^{-1} x: Sherman–Morrison for the one term x x^T, on two
// numbers instead of a matrix.
func forward(xAy, t float64) float64 { return xAy / t }
