package sampling

import (
	"math"

	"gonum.org/v1/gonum/optimize"
)

// Optimum returns F* = min_w F(w) and a minimiser, so that a run can plot
// F(w_t) - F* on a log scale: gonum's BFGS for the smooth objectives (ridge,
// squared hinge + L2), and for L1-logistic a long accelerated proximal
// gradient run (FISTA with restarts, step 1/L for L = mean of the L_i).
func (o *Objective) Optimum() (float64, []float64) {
	f, w, _ := o.OptimumWithin(0)
	return f, w
}

// OptimumWithin is Optimum making at most passes passes over the data (an
// evaluation of F or of its gradient is one; 0: no bound), and says whether
// it stopped at that bound rather than at an optimum.
func (o *Objective) OptimumWithin(passes int) (fstar float64, w []float64, limited bool) {
	if o.Kind == LogisticL1 {
		iters := 20000
		if passes > 0 && passes/2 < iters { // a gradient and a value per iteration
			iters = max(passes/2, 1)
		}
		f, w, done := o.fista(iters)
		return f, w, !done && iters < 20000
	}
	p := optimize.Problem{
		Func: o.Value,
		Grad: func(grad, w []float64) {
			o.DataGrad(grad, w)
			for j, v := range w {
				grad[j] += o.Lambda * v
			}
		},
	}
	// A line search that stalls at the optimum's round-off is an error with
	// a usable result; only a missing result is a failure.
	res, _ := optimize.Minimize(p, make([]float64, o.Dim()),
		&optimize.Settings{GradientThreshold: 1e-12, FuncEvaluations: passes, GradEvaluations: passes}, &optimize.BFGS{})
	if res == nil {
		zero := make([]float64, o.Dim())
		return o.Value(zero), zero, false
	}
	return res.F, res.X, res.Status == optimize.FunctionEvaluationLimit || res.Status == optimize.GradientEvaluationLimit
}

// fista runs accelerated proximal gradient descent with adaptive restarts
// for at most iters iterations, stopping early (done) when F stops
// decreasing.
func (o *Objective) fista(iters int) (fbest float64, wbest []float64, done bool) {
	d, n := o.Dim(), o.N()
	L := 0.0
	for i := range n {
		L += o.Smoothness(i) / float64(n)
	}
	if L == 0 {
		L = 1
	}
	step := 1 / L
	w := make([]float64, d)
	z := make([]float64, d)
	prev := make([]float64, d)
	grad := make([]float64, d)
	tk := 1.0
	best := o.Value(w)
	bestW := append([]float64(nil), w...)
	stall := 0
	for it := 0; it < iters; it++ {
		copy(prev, w)
		o.DataGrad(grad, z)
		for j := range w {
			w[j] = z[j] - step*grad[j]
		}
		o.Prox(w, step)
		f := o.Value(w)
		if f > best { // restart the momentum when F goes up
			tk = 1
			copy(z, w)
		} else {
			next := (1 + math.Sqrt(1+4*tk*tk)) / 2
			for j := range z {
				z[j] = w[j] + (tk-1)/next*(w[j]-prev[j])
			}
			tk = next
		}
		if f < best-1e-15*math.Abs(best) {
			best, stall = f, 0
			copy(bestW, w)
		} else if stall++; stall > 200 {
			return best, bestW, true
		}
	}
	return best, bestW, false
}
