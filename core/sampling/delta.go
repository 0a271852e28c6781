package sampling

import "math"

// TheoryDelta is the step of MABS that ALGORITHMS.md §5.5 derives for a run
// of T iterations over n points with mixing eta, when the mean of the
// squared effective-variance terms (1/n) sum_i a_i^2 is at most A2:
//
//	delta* = eta^2 sqrt((1 - eta) ln n / ((e - 2) T n^5 A2)).
func TheoryDelta(eta float64, n, T int, A2 float64) float64 {
	if A2 <= 0 || n < 2 || T < 1 {
		return 0
	}
	nf := float64(n)
	return eta * eta * math.Sqrt((1-eta)*math.Log(nf)/((math.E-2)*float64(T)*math.Pow(nf, 5)*A2))
}

// InitialA2 estimates A2 at w = 0 for SGD: (1/n) sum_i a_i^2 with
// a_i = ||grad phi_i(0)||^2 / n^2.
func (o *Objective) InitialA2() float64 {
	w := make([]float64, o.Dim())
	n := float64(o.N())
	s := 0.0
	for i := range o.X {
		g := o.Deriv(i, w)
		a := g * g * o.Norm2(i) / (n * n)
		s += a * a
	}
	return s / n
}
