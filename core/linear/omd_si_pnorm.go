package linear

import (
	"math"

	"unitfree/core/loss"
)

// OMDSIPNorm is the scale-invariant p-norm OMD regularizer of Orabona,
// Crammer, Cesa-Bianchi (Machine Learning 2015), type (12), in the derived
// form of ALGORITHMS.md §3.4:
//
//	f_t(w) = beta_t / (2 (q_t - 1)) (sum_i |b_{t,i} w_i|^{q_t})^{2/q_t}
//	w_{t,i} = ||v||_p^{2-p} sgn(v_i) |v_i|^{p-1} / ((p-1) beta_t b_{t,i}),  v_i = theta_{t,i}/b_{t,i}
//
// with b_{t,i} = max_{s<=t} |x_{s,i}|, m_t the largest number of non-zero
// features seen, p_t = max(2, 2 ln m_t), q_t = p_t/(p_t - 1),
// beta_t = sqrt(delta + sum_{s<t} ||l'_s ⊘ b_s||_{p_s}^2) and
// theta_{t+1} = theta_t - eta l'_t. Its bound grows with log m_t, not d.
type OMDSIPNorm struct {
	loss       loss.Loss
	eta, delta float64
	theta, b   []float64
	m          int     // max_{s<=t} ||x_s||_0
	sumSq      float64 // sum_{s<t} ||l'_s ⊘ b_s||_{p_s}^2
}

// NewOMDSIPNorm returns the type-(12) learner in d dimensions; delta should
// be at least e (= e L^2 for 1-Lipschitz losses).
func NewOMDSIPNorm(d int, l loss.Loss, eta, delta float64) *OMDSIPNorm {
	return &OMDSIPNorm{loss: l, eta: eta, delta: delta, theta: make([]float64, d), b: make([]float64, d)}
}

// Dim returns the input length.
func (o *OMDSIPNorm) Dim() int { return len(o.theta) }

// pnorm returns p = max(2, 2 ln m).
func pnorm(m int) float64 { return math.Max(2, 2*math.Log(float64(m))) }

// nonZeros returns ||x||_0.
func nonZeros(x []float64) int {
	n := 0
	for _, v := range x {
		if v != 0 {
			n++
		}
	}
	return n
}

// Predict returns the prediction of the next round for x, without learning.
func (o *OMDSIPNorm) Predict(x []float64) float64 {
	return o.predict(x, max(o.m, nonZeros(x)), func(i int) float64 { return math.Max(o.b[i], math.Abs(x[i])) })
}

// predict returns w^T x for the exponent of m non-zeros and the maxima
// bOf(i). The powers are taken of v/||v||_inf so that large p cannot
// overflow (ALGORITHMS.md §3.4).
func (o *OMDSIPNorm) predict(x []float64, m int, bOf func(int) float64) float64 {
	p := pnorm(m)
	vmax := 0.0
	for i := range o.theta {
		if b := bOf(i); b != 0 {
			vmax = math.Max(vmax, math.Abs(o.theta[i]/b))
		}
	}
	if vmax == 0 {
		return 0
	}
	sumP := 0.0 // ||v/vmax||_p^p
	for i := range o.theta {
		if b := bOf(i); b != 0 {
			sumP += math.Pow(math.Abs(o.theta[i]/b)/vmax, p)
		}
	}
	// ||v||_p^{2-p} |v_i|^{p-1} = vmax ||u||_p^{2-p} |u_i|^{p-1}, u = v/vmax.
	scale := vmax * math.Pow(sumP, (2-p)/p) / ((p - 1) * math.Sqrt(o.delta+o.sumSq))
	yhat := 0.0
	for i, v := range x {
		if b := bOf(i); b != 0 && v != 0 {
			u := o.theta[i] / b / vmax
			yhat += scale * math.Copysign(math.Pow(math.Abs(u), p-1), u) / b * v
		}
	}
	return yhat
}

// Learn plays one round: update b and m with x, predict, then the dual step
// and beta's running sum with this round's p.
func (o *OMDSIPNorm) Learn(x []float64, y float64) float64 {
	for i, v := range x {
		o.b[i] = math.Max(o.b[i], math.Abs(v))
	}
	o.m = max(o.m, nonZeros(x))
	yhat := o.predict(x, o.m, func(i int) float64 { return o.b[i] })
	g := o.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	p := pnorm(o.m)
	norm := 0.0 // ||l' ⊘ b||_p^p, scaled by its largest entry
	big := 0.0
	for i, v := range x {
		if v != 0 {
			big = math.Max(big, math.Abs(g*v/o.b[i]))
		}
	}
	for i, v := range x {
		if v != 0 {
			norm += math.Pow(math.Abs(g*v/o.b[i])/big, p)
			o.theta[i] -= o.eta * g * v
		}
	}
	if big > 0 {
		n := big * math.Pow(norm, 1/p)
		o.sumSq += n * n
	}
	return yhat
}
