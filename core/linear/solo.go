package linear

import (
	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// SOLO is scale-free follow the regularized leader, SOLO FTRL (Orabona &
// Pál, Scale-free online learning, TCS 2018, §3), run on each coordinate
// with the regularizer R(w) = w²/(2η) on the whole real line:
//
//	w_i = argmin_w θ_i w + sqrt(Q_i) w²/(2η) = −η θ_i / sqrt(Q_i),
//
// θ_i the sum of the past g_i = ℓ'(y, ŷ) x_i and Q_i the sum of their
// squares (w_i = 0 while Q_i = 0). Multiplying every loss by a constant
// leaves it unchanged (scale-free); multiplying a feature by c leaves w_i
// unchanged, so that feature's share of the prediction is multiplied by c.
// It is diagonal AdaGrad in its dual-averaging form, without δ.
// sqrt(Q_i) is kept as a running hypotenuse, so that a tiny g_i whose
// square underflows still counts.
type SOLO struct {
	loss  loss.Loss
	eta   float64
	theta []float64 // θ_i: sum of g_i
	normG []float64 // sqrt(Q_i)
	w     []float64
}

// NewSOLO returns per-coordinate SOLO FTRL in d dimensions with the
// regularizer w²/(2 eta).
func NewSOLO(d int, l loss.Loss, eta float64) *SOLO {
	return &SOLO{loss: l, eta: eta, theta: make([]float64, d), normG: make([]float64, d), w: make([]float64, d)}
}

// Dim returns the input length.
func (s *SOLO) Dim() int { return len(s.w) }

// Predict returns w^T x.
func (s *SOLO) Predict(x []float64) float64 { return dot(s.w[:len(x)], x) }

// Learn predicts, then plays the regularized leader of the gradients so far.
func (s *SOLO) Learn(x []float64, y float64) float64 {
	n := len(x)
	theta, normG, w := s.theta[:n], s.normG[:n], s.w[:n]
	yhat := dot(w, x)
	g := s.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		theta[i] += gi
		normG[i] = elementary.GrowNorm(normG[i], gi)
		w[i] = -s.eta * theta[i] / normG[i]
	}
	return yhat
}
