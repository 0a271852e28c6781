package linear

import "unitfree/core/rankone"

// SOP is the second-order Perceptron (Cesa-Bianchi, Conconi, Gentile 2005),
// the OMD instance of Orabona, Crammer, Cesa-Bianchi §6 (ALGORITHMS.md
// §3.5(c)): A_t = A + x_t x_t^T includes the current x tentatively,
// w_t = A_t^{-1} v, predict sgn(w_t^T x_t); on a mistake v += y x and A_t is
// kept, otherwise it is discarded. A starts as a I. Labels are ±1.
type SOP struct {
	A rankone.Inverse
	v []float64
	u []float64 // A^{-1} x of the current round
}

// NewSOP returns the second-order Perceptron in d dimensions with a > 0.
func NewSOP(d int, a float64) *SOP {
	return &SOP{A: rankone.NewInverse(d, a), v: make([]float64, d), u: make([]float64, d)}
}

// Dim returns the input length.
func (s *SOP) Dim() int { return len(s.v) }

// Predict returns x^T A_t^{-1} v = (x^T A^{-1} v)/(1 + x^T A^{-1} x).
func (s *SOP) Predict(x []float64) float64 {
	yhat, _ := s.predict(x)
	return yhat
}

func (s *SOP) predict(x []float64) (yhat, r float64) {
	s.A.Apply(s.u, x)
	r = dot(x, s.u)
	return dot(s.u, s.v) / (1 + r), r
}

// Learn predicts and, on a mistake (y yhat <= 0), commits A_t and adds y x.
func (s *SOP) Learn(x []float64, y float64) float64 {
	yhat, r := s.predict(x)
	if y*yhat <= 0 {
		s.A.AddOuter(s.u, r, 1)
		for i, xi := range x {
			s.v[i] += y * xi
		}
	}
	return yhat
}
