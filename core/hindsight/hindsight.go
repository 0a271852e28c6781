package hindsight

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/optimize"

	"unitfree/core/loss"
)

// Result is the best fixed predictor found and its cumulative loss.
type Result struct {
	U       []float64 // the comparator
	Loss    float64   // sum_t l(y_t, U^T x_t)
	Limited bool      // the search stopped at Options.MaxEvaluations, not at an optimum
}

// Options bound the search. The zero value sets no bound.
type Options struct {
	// Ctx stops the search when it is done (nil: never).
	Ctx context.Context
	// MaxEvaluations caps the evaluations of the objective and of its
	// gradient, each a pass over every round, over both stages (0: no cap).
	MaxEvaluations int
	// Between, if set, is called after each step of the search (an
	// evaluation or an iteration): a browser page's main thread yields to
	// its event loop there, so that a search of tens of milliseconds does
	// not block the page. An error it returns ends the search with it.
	Between func() error
}

// recorder is an optimize.Recorder that calls Between after each step of
// the search and ends it when Between fails or Ctx is done.
type recorder struct {
	opt Options
	err error // what ended the search, if Between or Ctx did
}

func (r *recorder) Init() error { return r.stop() }
func (r *recorder) Record(*optimize.Location, optimize.Operation, *optimize.Stats) error {
	if r.opt.Between != nil && r.err == nil {
		r.err = r.opt.Between()
	}
	return r.stop()
}

// stop returns what ends the search: Between's error, else the
// context's (nil while the search goes on).
func (r *recorder) stop() error {
	if r.err == nil && r.opt.Ctx != nil {
		r.err = r.opt.Ctx.Err()
	}
	return r.err
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
	return BestWith(Options{}, xs, ys, weights, l, ridge)
}

// BestWith is BestWeighted within the options' bounds: a search that
// reaches MaxEvaluations returns the best point so far with Limited set,
// and one whose context ends returns the context's error.
func BestWith(opt Options, xs [][]float64, ys, weights []float64, l loss.Loss, ridge float64) (Result, error) {
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
	rec := &recorder{opt: opt}
	settings := func(evals int) *optimize.Settings {
		st := &optimize.Settings{FuncEvaluations: evals, GradEvaluations: evals}
		if opt.Ctx != nil || opt.Between != nil {
			st.Recorder = rec
		}
		return st
	}
	stopped := rec.stop
	res, err := optimize.Minimize(objective(smooth), start, settings(opt.MaxEvaluations), &optimize.BFGS{})
	if err := stopped(); err != nil {
		return Result{}, err
	}
	if err != nil && res == nil {
		return Result{}, fmt.Errorf("hindsight: %w", err)
	}
	limited := atLimit(res.Status)
	u := res.X
	if smooth != l {
		evals, capped := 2000*d, false
		if opt.MaxEvaluations > 0 {
			left := opt.MaxEvaluations - res.Stats.FuncEvaluations - res.Stats.GradEvaluations
			if left < evals {
				evals, capped = max(left, 1), true
			}
		}
		p := objective(l)
		p.Grad = nil
		refined, err := optimize.Minimize(p, u, settings(evals), &optimize.NelderMead{})
		if err := stopped(); err != nil {
			return Result{}, err
		}
		if refined != nil && (err == nil || refined.F < p.Func(u)) {
			u = refined.X
		}
		limited = limited || (capped && refined != nil && atLimit(refined.Status))
	}
	total := 0.0
	for t, x := range xs {
		total += weight(t) * l.Value(ys[t], dot(u, x))
	}
	if math.IsNaN(total) {
		return Result{}, errors.New("hindsight: the optimum is not finite")
	}
	return Result{U: u, Loss: total, Limited: limited}, nil
}

// atLimit reports whether a search ended at an evaluation cap.
func atLimit(s optimize.Status) bool {
	return s == optimize.FunctionEvaluationLimit || s == optimize.GradientEvaluationLimit
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func sqNorm(a []float64) float64 { return dot(a, a) }
