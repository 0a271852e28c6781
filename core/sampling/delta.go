package sampling

import "math"

// TheoryDelta is the step of MABS that the analysis of Salehi, Celis, Thiran (arXiv:1708.02544) derives for a run
// of T iterations over n points with mixing eta, when every effective-
// variance term a_i is at most abar and their mean square (1/n) sum_i a_i^2
// is at most A2:
//
//	delta* = eta^2 sqrt((1 - eta) ln n / ((e - 2) T n^5 A2)),
//
// capped at eta^3 / (n^3 abar), the largest delta for which one update's
// exponent delta a_i / p_i^3 stays at most 1 (p_i >= eta/n): the bound's
// condition, and what keeps one heavy draw from swamping the weights (§5.6).
func TheoryDelta(eta float64, n, T int, A2, abar float64) float64 {
	if A2 <= 0 || abar <= 0 || n < 2 || T < 1 || eta <= 0 {
		return 0
	}
	nf := float64(n)
	star := eta * eta * math.Sqrt((1-eta)*math.Log(nf)/((math.E-2)*float64(T)*math.Pow(nf, 5)*A2))
	return math.Min(star, eta*eta*eta/(nf*nf*nf*abar))
}

// InitialTerms returns, at w = 0 for SGD, the largest effective-variance
// term abar = max_i a_i and A2 = (1/n) sum_i a_i^2, with
// a_i = ||grad phi_i(0)||^2 / n^2: the constants TheoryDelta needs.
func (o *Objective) InitialTerms() (abar, A2 float64) {
	w := make([]float64, o.Dim())
	n := float64(o.N())
	for i := range o.X {
		g := o.Deriv(i, w)
		a := g * g * o.Norm2(i) / (n * n)
		abar = math.Max(abar, a)
		A2 += a * a / n
	}
	return abar, A2
}
