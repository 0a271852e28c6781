// Package hindsight computes the best fixed linear predictor in hindsight:
// the comparator u* = argmin_u sum_t l(y_t, u^T x_t) against which regret is
// measured, with gonum's optimizers.
package hindsight

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/optimize"

	"unitfree/core/loss"
)

// Result is the best fixed predictor found and its cumulative loss.
type Result struct {
	U    []float64 // the comparator
	Loss float64   // sum_t l(y_t, U^T x_t)
}

// Best returns the u minimising sum_t l(y_t, u^T x_t) + ridge/2 ||u||^2 over
// the rounds (x_t, y_t), and its unregularised cumulative loss. Smooth losses
// (logistic, squared) use BFGS; the others start from the logistic (or
// least-squares) optimum and refine it with Nelder–Mead. A small ridge keeps
// the problem bounded when the data are separable; ridge = 0 is allowed.
func Best(xs [][]float64, ys []float64, l loss.Loss, ridge float64) (Result, error) {
	return BestWeighted(xs, ys, nil, l, ridge)
}

// BestWeighted is Best where round t counts weights[t] times (nil: once
// each): a stream that visits each point several times.
func BestWeighted(xs [][]float64, ys, weights []float64, l loss.Loss, ridge float64) (Result, error) {
	if len(xs) == 0 {
		return Result{}, errors.New("hindsight: no rounds")
	}
	weight := func(t int) float64 {
		if weights == nil {
			return 1
		}
		return weights[t]
	}
	d := len(xs[0])
	objective := func(l loss.Loss) optimize.Problem {
		return optimize.Problem{
			Func: func(u []float64) float64 {
				f := 0.5 * ridge * sqNorm(u)
				for t, x := range xs {
					f += weight(t) * l.Value(ys[t], dot(u, x))
				}
				return f
			},
			Grad: func(grad, u []float64) {
				for i := range grad {
					grad[i] = ridge * u[i]
				}
				for t, x := range xs {
					g := weight(t) * l.Deriv(ys[t], dot(u, x))
					for i, v := range x {
						grad[i] += g * v
					}
				}
			},
		}
	}
	start := make([]float64, d)
	var smooth loss.Loss
	switch l.(type) {
	case loss.Logistic, loss.Squared:
		smooth = l
	case loss.Absolute:
		smooth = loss.Squared{}
	default:
		smooth = loss.Logistic{}
	}
	res, err := optimize.Minimize(objective(smooth), start, nil, &optimize.BFGS{})
	if err != nil && res == nil {
		return Result{}, fmt.Errorf("hindsight: %w", err)
	}
	u := res.X
	if smooth != l {
		p := objective(l)
		p.Grad = nil
		if refined, err := optimize.Minimize(p, u, &optimize.Settings{FuncEvaluations: 2000 * d}, &optimize.NelderMead{}); refined != nil && (err == nil || refined.F < p.Func(u)) {
			u = refined.X
		}
	}
	total := 0.0
	for t, x := range xs {
		total += weight(t) * l.Value(ys[t], dot(u, x))
	}
	if math.IsNaN(total) {
		return Result{}, errors.New("hindsight: the optimum is not finite")
	}
	return Result{U: u, Loss: total}, nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func sqNorm(a []float64) float64 { return dot(a, a) }
