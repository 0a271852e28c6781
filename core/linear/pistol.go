package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// PiSTOL is parameter-free stochastic learning (Orabona, Simultaneous model
// selection and optimization through parameter-free stochastic learning,
// NIPS 2014) run on each coordinate, in the per-coordinate form of the
// author's own library (Yahoo's yamall): the paper's exponential update
// w = θ (b/α) exp(θ²/(2α)) with α = 2 s L (A + s L) and b = η sqrt(A),
//
//	w_i = η θ_i q_i sqrt(A_i) exp(q_i θ_i² / 2),  q_i = 1 / (2 s_i L (A_i + s_i L)),
//
// θ_i = −Σ g x_i, A_i = Σ |g x_i|, s_i = max |x_i| including this round's
// (known before predicting), g = ℓ'(y, ŷ) of an L-Lipschitz loss. The
// paper's Algorithm 1 fixes b for a kernel's whole feature space; the
// per-coordinate form lets each coordinate grow its own b with the evidence
// sqrt(A_i), and is the one that is run on linear models. Its weights scale
// as c^(-1/2) when feature i is multiplied by c, so its predictions change
// with the unit. It needs a Lipschitz loss (θ²/A is what the bound
// controls). A weight whose share s_i |w_i| would pass maxWealth stays
// there, so that no prediction overflows.
type PiSTOL struct {
	loss  loss.Loss
	lip   float64
	eta   float64
	s     []float64 // max |x_i|
	theta []float64 // θ_i = −Σ g x_i
	abs   []float64 // A_i = Σ |g x_i|
	w     []float64 // the weights for the current s_i
	// scratch of one round: the coordinates to weigh, their q_i and exponents
	updated []int
	q, expo []float64
}

// NewPiSTOL returns per-coordinate PiSTOL in d dimensions with scale eta,
// for a Lipschitz loss.
func NewPiSTOL(d int, l loss.Loss, eta float64) (*PiSTOL, error) {
	lip := l.Lipschitz()
	if math.IsInf(lip, 0) || !(lip > 0) {
		return nil, ErrUnboundedGradient
	}
	f := func() []float64 { return make([]float64, d) }
	return &PiSTOL{loss: l, lip: lip, eta: eta, s: f(), theta: f(), abs: f(), w: f(),
		updated: make([]int, d), q: f(), expo: f()}, nil
}

// Dim returns the input length.
func (p *PiSTOL) Dim() int { return len(p.s) }

// weight returns w_i for the scale s.
func (p *PiSTOL) weight(i int, s float64) float64 {
	theta := p.theta[i]
	if theta == 0 {
		return 0
	}
	q := p.q1(i, s)
	return p.capped(i, s, q, elementary.Exp(0.5*q*theta*theta))
}

// q1 returns q_i for the scale s: 1 / (2 s L (A_i + s L)).
func (p *PiSTOL) q1(i int, s float64) float64 { return 0.5 / (s * p.lip * (p.abs[i] + s*p.lip)) }

// capped returns w_i = η θ_i q_i sqrt(A_i) e for e = exp(q_i θ_i²/2), held
// to a wealth |w_i| s of at most maxWealth.
func (p *PiSTOL) capped(i int, s, q, e float64) float64 {
	theta := p.theta[i]
	w := p.eta * theta * q * math.Sqrt(p.abs[i]) * e
	if !(math.Abs(w)*s <= maxWealth) {
		return math.Copysign(maxWealth/s, theta)
	}
	return w
}

// part returns coordinate i's share of the prediction for x_i = v.
func (p *PiSTOL) part(i int, v float64) float64 {
	if v == 0 {
		return 0
	}
	if s := math.Abs(v); s > p.s[i] {
		return p.weight(i, s) * v
	}
	return p.w[i] * v
}

// Predict returns the prediction of the next round for x, without learning.
func (p *PiSTOL) Predict(x []float64) float64 {
	yhat := 0.0
	for i, v := range x {
		yhat += p.part(i, v)
	}
	return yhat
}

// Learn plays one round: grow the scales, predict, and add the round's
// gradient to θ and A.
func (p *PiSTOL) Learn(x []float64, y float64) float64 {
	yhat := 0.0
	for i, v := range x {
		if v == 0 {
			continue
		}
		if s := math.Abs(v); s > p.s[i] {
			p.s[i] = s
			p.w[i] = p.weight(i, s)
		}
		yhat += p.w[i] * v
	}
	g := p.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	n := len(x)
	updated, qs, expo := p.updated[:n], p.q[:n], p.expo[:n]
	m := 0 // coordinates to weigh
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		p.theta[i] -= gi
		p.abs[i] += math.Abs(gi)
		if p.theta[i] == 0 {
			p.w[i] = 0
			continue
		}
		q := p.q1(i, p.s[i])
		updated[m], qs[m], expo[m] = i, q, 0.5*q*p.theta[i]*p.theta[i]
		m++
	}
	elementary.ExpInPlace(expo[:m]) // all at once: a call per coordinate costs more in WASM
	for k, i := range updated[:m] {
		p.w[i] = p.capped(i, p.s[i], qs[k], expo[k])
	}
	return yhat
}
