package linear

// VAW is the Vovk–Azoury–Warmuth forecaster (online ridge regression with the
// "forward" term), as Orabona, Crammer and Cesa-Bianchi (2015, §4) derive it
// from their generalized mirror descent with f_t(u) = ½ u^T A_t u and
// z_t = y_t x_t: A_t = a I + sum_{s<=t} x_s x_s^T includes the current x
// before predicting, w_t = A_t^{-1} theta_t with theta_t = sum_{s<t} y_s x_s,
// and yhat = w_t^T x_t. It takes no loss parameter (the squared loss is
// built in).
//
// A is kept factorised, never inverted (secondOrder): an explicit inverse
// kept by Sherman–Morrison cancels catastrophically when A is badly
// conditioned, as it is with features in natural units. A round is one pass
// over the factorisation: it adds x x^T and y x, and yields x^T A^{-1} theta
// and x^T A^{-1} x on the way.
type VAW struct {
	secondOrder
}

// NewVAW returns VAW in d dimensions with ridge a > 0.
func NewVAW(d int, a float64) *VAW { return &VAW{newSecondOrder(d, a)} }

// Learn predicts with A_t, keeps A_t, and adds y x to theta.
func (v *VAW) Learn(x []float64, y float64) float64 {
	yhat := forward(v.A.Propose(x, y))
	v.A.Accept()
	return yhat
}
