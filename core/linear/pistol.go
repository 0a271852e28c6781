package linear

import (
	"unitfree/core/internal/elementary"

	"math"

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
}

// NewPiSTOL returns per-coordinate PiSTOL in d dimensions with scale eta,
// for a Lipschitz loss.
func NewPiSTOL(d int, l loss.Loss, eta float64) (*PiSTOL, error) {
	lip := l.Lipschitz()
	if math.IsInf(lip, 0) || !(lip > 0) {
		return nil, ErrUnboundedGradient
	}
	f := func() []float64 { return make([]float64, d) }
	return &PiSTOL{loss: l, lip: lip, eta: eta, s: f(), theta: f(), abs: f(), w: f()}, nil
}

// Dim returns the input length.
func (p *PiSTOL) Dim() int { return len(p.s) }

// weight returns w_i for the scale s.
func (p *PiSTOL) weight(i int, s float64) float64 {
	theta, a := p.theta[i], p.abs[i]
	if theta == 0 {
		return 0
	}
	q := 0.5 / (s * p.lip * (a + s*p.lip))
	w := p.eta * theta * q * math.Sqrt(a) * elementary.Exp(0.5*q*theta*theta)
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
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		p.theta[i] -= gi
		p.abs[i] += math.Abs(gi)
		p.w[i] = p.weight(i, p.s[i])
	}
	return yhat
}
