package sampling

import (
	"errors"
	"fmt"
	"math"

	"unitfree/core/loss"
)

// Kind names one of the paper's three objectives.
type Kind string

// The objectives F(w) = (1/n) sum_i phi_i(w) + lambda r(w) of the paper.
const (
	LogisticL1  Kind = "logistic-l1"      // phi_i = log(1 + exp(-y_i <x_i,w>)), r = ||w||_1
	SqHingeL2   Kind = "squared-hinge-l2" // phi_i = ([1 - y_i <x_i,w>]_+)^2, r = ½||w||^2
	RidgeSquare Kind = "ridge"            // phi_i = ½(<x_i,w> - y_i)^2, r = ½||w||^2
)

// Kinds lists the objectives.
func Kinds() []Kind { return []Kind{LogisticL1, SqHingeL2, RidgeSquare} }

// Objective is a finite sum over n points (x_i, y_i) of a linear model.
type Objective struct {
	Kind   Kind
	X      [][]float64
	Y      []float64
	Lambda float64
	norm2  []float64 // ||x_i||^2
}

// NewObjective checks the data and returns the objective.
func NewObjective(kind Kind, x [][]float64, y []float64, lambda float64) (*Objective, error) {
	if len(x) == 0 {
		return nil, errors.New("sampling: no data points")
	}
	if len(y) != len(x) {
		return nil, fmt.Errorf("sampling: %d labels for %d points", len(y), len(x))
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, fmt.Errorf("sampling: lambda = %v must be a finite number >= 0", lambda)
	}
	switch kind {
	case LogisticL1, SqHingeL2, RidgeSquare:
	default:
		return nil, fmt.Errorf("sampling: unknown objective %q (known: %v)", kind, Kinds())
	}
	o := &Objective{Kind: kind, X: x, Y: y, Lambda: lambda, norm2: make([]float64, len(x))}
	d := len(x[0])
	for i, xi := range x {
		if len(xi) != d {
			return nil, fmt.Errorf("sampling: point %d has %d features, point 1 has %d", i+1, len(xi), d)
		}
		for _, v := range xi {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("sampling: point %d has a non-finite feature", i+1)
			}
			o.norm2[i] += v * v
		}
		if kind != RidgeSquare && y[i] != 1 && y[i] != -1 {
			return nil, fmt.Errorf("sampling: label %d is %v; %s needs labels -1 or +1", i+1, y[i], kind)
		}
	}
	return o, nil
}

// N returns the number of points.
func (o *Objective) N() int { return len(o.X) }

// Dim returns the number of features.
func (o *Objective) Dim() int { return len(o.X[0]) }

// Norm2 returns ||x_i||^2.
func (o *Objective) Norm2(i int) float64 { return o.norm2[i] }

// Deriv returns the scalar derivative of phi_i at w: grad phi_i(w) = Deriv * x_i.
func (o *Objective) Deriv(i int, w []float64) float64 {
	m := dot(w, o.X[i])
	switch o.Kind {
	case LogisticL1:
		return loss.Logistic{}.Deriv(o.Y[i], m)
	case SqHingeL2:
		if h := 1 - o.Y[i]*m; h > 0 {
			return -2 * o.Y[i] * h
		}
		return 0
	}
	return m - o.Y[i]
}

// phi returns phi_i(w).
func (o *Objective) phi(i int, w []float64) float64 {
	m := dot(w, o.X[i])
	switch o.Kind {
	case LogisticL1:
		z := o.Y[i] * m
		if z > 0 {
			return math.Log1p(math.Exp(-z))
		}
		return -z + math.Log1p(math.Exp(z))
	case SqHingeL2:
		h := math.Max(0, 1-o.Y[i]*m)
		return h * h
	}
	r := m - o.Y[i]
	return 0.5 * r * r
}

// Value returns F(w) = (1/n) sum_i phi_i(w) + lambda r(w).
func (o *Objective) Value(w []float64) float64 {
	f := 0.0
	for i := range o.X {
		f += o.phi(i, w)
	}
	return f/float64(o.N()) + o.Lambda*o.reg(w)
}

// reg returns r(w).
func (o *Objective) reg(w []float64) float64 {
	if o.Kind == LogisticL1 {
		s := 0.0
		for _, v := range w {
			s += math.Abs(v)
		}
		return s
	}
	return 0.5 * dot(w, w)
}

// DataGrad sets dst = grad f(w) = (1/n) sum_i grad phi_i(w) (without r).
func (o *Objective) DataGrad(dst, w []float64) {
	clear(dst)
	n := float64(o.N())
	for i, x := range o.X {
		g := o.Deriv(i, w) / n
		for j, v := range x {
			dst[j] += g * v
		}
	}
}

// Prox applies the proximal step of gamma lambda r to w in place:
// soft-thresholding for r = ||w||_1, shrinking w/(1 + gamma lambda) for
// r = ½||w||^2 (the MABS paper's optimizers).
func (o *Objective) Prox(w []float64, gamma float64) {
	t := gamma * o.Lambda
	if t == 0 {
		return
	}
	if o.Kind == LogisticL1 {
		for j, v := range w {
			w[j] = math.Copysign(math.Max(math.Abs(v)-t, 0), v)
		}
		return
	}
	for j := range w {
		w[j] /= 1 + t
	}
}

// Smoothness returns L_i, the smoothness constant of phi_i: ||x_i||^2/4
// (logistic), 2||x_i||^2 (squared hinge), ||x_i||^2 (squared): the weights
// of importance sampling.
func (o *Objective) Smoothness(i int) float64 {
	switch o.Kind {
	case LogisticL1:
		return o.norm2[i] / 4
	case SqHingeL2:
		return 2 * o.norm2[i]
	}
	return o.norm2[i]
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
