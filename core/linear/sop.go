package linear

// SOP is the second-order Perceptron (Cesa-Bianchi, Conconi, Gentile 2005),
// which Orabona, Crammer and Cesa-Bianchi (2015, §6) recover as their
// mirror descent with the VAW-like f_t(u) = ½ u^T A_t u: A_t = A + x_t x_t^T
// includes the current x tentatively, w_t = A_t^{-1} v, predict
// sgn(w_t^T x_t); on a mistake v += y x and A_t is kept, otherwise it is
// discarded. A starts as a I. Labels are ±1. A and v are kept as VAW keeps
// them (secondOrder); a round is one pass that proposes the update, kept
// on a mistake.
type SOP struct {
	secondOrder
}

// smallSOP is the largest dimension at which SOP proposes the update on
// every round: below it a pass costs about what a forward substitution
// does (measured at d = 10: 78 against 102 ns per round, half of them
// mistakes), above it the pass writes the spare factorisation for
// nothing on most rounds (d = 1000: 165 against 116 us).
const smallSOP = 32

// NewSOP returns the second-order Perceptron in d dimensions with a > 0.
func NewSOP(d int, a float64) *SOP { return &SOP{newSecondOrder(d, a)} }

// Learn predicts and, on a mistake (y yhat <= 0), commits A_t and adds y x.
func (s *SOP) Learn(x []float64, y float64) float64 {
	if len(s.q) <= smallSOP { // one pass, its update kept on a mistake
		yhat := forward(s.A.Propose(x, y))
		if y*yhat <= 0 {
			s.A.Accept()
		}
		return yhat
	}
	yhat := s.Predict(x) // a forward substitution, the update only on a mistake
	if y*yhat <= 0 {
		s.A.Propose(x, y)
		s.A.Accept()
	}
	return yhat
}
