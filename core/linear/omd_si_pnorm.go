package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// OMDSIPNorm is the scale-invariant p-norm OMD regularizer of Orabona,
// Crammer, Cesa-Bianchi (Machine Learning 2015), type (12), in the derived
// form of Orabona, Crammer, Cesa-Bianchi 2015, §5, regularizers (12) and (13):
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
	m          int       // max_{s<=t} ||x_s||_0
	sumSq      float64   // sum_{s<t} ||l'_s ⊘ b_s||_{p_s}^2
	u, powers  []float64 // scratch of one round: the entries of a p-norm and their powers
}

// NewOMDSIPNorm returns the type-(12) learner in d dimensions; delta should
// be at least e (= e L^2 for 1-Lipschitz losses).
func NewOMDSIPNorm(d int, l loss.Loss, eta, delta float64) *OMDSIPNorm {
	return &OMDSIPNorm{loss: l, eta: eta, delta: delta, theta: make([]float64, d), b: make([]float64, d),
		u: make([]float64, d), powers: make([]float64, d)}
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

// Predict returns the prediction of the next round for x, without learning:
// this round's maxima max(b_i, |x_i|) are taken inside predict.
func (o *OMDSIPNorm) Predict(x []float64) float64 {
	return o.predict(x, max(o.m, nonZeros(x)))
}

// predict returns w^T x for the exponent of m non-zeros, with the maxima
// b_i = max(o.b_i, |x_i|) (o.b itself during Learn, which has updated it).
// The powers are taken of u = v/||v||_inf so that large p cannot overflow
// (Orabona, Crammer, Cesa-Bianchi 2015, §5, regularizers (12) and (13)),
// all at once (elementary.PowUnitInPlace): |u_i|^{p-1} is |u_i|^p / |u_i|.
// Go's WebAssembly code pays for every call and branch, so the loops call
// nothing else (math.Pow and a closure for b_i, as before, made this
// learner 2.4x slower in the browser than natively; a power per call, 40%
// slower than all at once).
func (o *OMDSIPNorm) predict(x []float64, m int) float64 {
	n := len(x)
	theta, bs := o.theta[:n], o.b[:n]
	p := pnorm(m)
	vmax := 0.0
	for i, v := range x {
		if b := elementary.MaxAbs(bs[i], v); b != 0 {
			vmax = elementary.MaxAbs(vmax, theta[i]/b)
		}
	}
	if vmax == 0 {
		return 0
	}
	us, powers := o.u[:n], o.powers[:n]
	for i, v := range x {
		us[i], powers[i] = 0, 0
		if b := elementary.MaxAbs(bs[i], v); b != 0 {
			us[i] = theta[i] / b / vmax
			powers[i] = math.Abs(us[i])
		}
	}
	elementary.PowUnitInPlace(powers, p)
	sumP := 0.0 // ||v/vmax||_p^p
	dotP := 0.0 // sum_i sgn(u_i) |u_i|^{p-1} x_i / b_i
	for i, v := range x {
		if b := elementary.MaxAbs(bs[i], v); b != 0 {
			u, up := us[i], powers[i]
			sumP += up
			if v != 0 && u != 0 {
				dotP += up / u / b * v
			}
		}
	}
	// ||v||_p^{2-p} |v_i|^{p-1} = vmax ||u||_p^{2-p} |u_i|^{p-1}, u = v/vmax.
	return vmax * math.Pow(sumP, (2-p)/p) / ((p - 1) * math.Sqrt(o.delta+o.sumSq)) * dotP
}

// Learn plays one round: update b and m with x, predict, then the dual step
// and beta's running sum with this round's p.
func (o *OMDSIPNorm) Learn(x []float64, y float64) float64 {
	n := len(x)
	theta, bs := o.theta[:n], o.b[:n]
	for i, v := range x {
		bs[i] = elementary.MaxAbs(bs[i], v)
	}
	o.m = max(o.m, nonZeros(x))
	yhat := o.predict(x, o.m)
	g := o.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	p := pnorm(o.m)
	norm := 0.0 // ||l' ⊘ b||_p^p, scaled by its largest entry
	big := 0.0
	for i, v := range x {
		if v != 0 {
			big = elementary.MaxAbs(big, g*v/bs[i])
		}
	}
	step := o.eta * g
	powers := o.powers[:n]
	for i, v := range x {
		powers[i] = 0
		if v != 0 {
			powers[i] = math.Abs(g*v/bs[i]) / big
			theta[i] -= step * v
		}
	}
	elementary.PowUnitInPlace(powers, p)
	for i, v := range x {
		if v != 0 {
			norm += powers[i]
		}
	}
	if big > 0 {
		n := big * math.Pow(norm, 1/p)
		o.sumSq += n * n
	}
	return yhat
}
