package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// FreeRex is FTRL with a regularizer that adapts to the gradients' scale
// and to the comparator's norm without any prior bound (Cutkosky & Boahen,
// Online learning without prior information, COLT 2017, Algorithm 1,
// FreeRex with k = sqrt(5)), run on each coordinate. Per coordinate, after
// each non-zero g_i = ℓ'(y, ŷ) x_i:
//
//	L_i ← max(L_i, |g_i|),  θ_i ← θ_i + g_i,
//	1/η_i² ← max(1/η_i² + 2 g_i², L_i |θ_i|),
//	a_i ← max(a_i, 1/(L_i η_i)²),
//	w_i ← −sgn(θ_i) (exp(η_i |θ_i| / k) − 1) / a_i,
//
// the minimizer of θ_i w + ψ(a_i w)/(a_i η_i) with
// ψ(w) = k((|w| + 1) ln(|w| + 1) − |w|). Multiplying every loss by a
// constant leaves it unchanged; multiplying feature i by c leaves w_i
// unchanged, so that feature's share of the prediction is multiplied by c.
// The state keeps r_i = 1/(L_i η_i)² instead of 1/η_i², rescaled when L_i
// grows, so that gradients whose squares underflow still count; a weight
// whose exponent would pass maxExponent stays there, so that no prediction
// overflows.
type FreeRex struct {
	loss  loss.Loss
	maxG  []float64 // L_i
	theta []float64 // θ_i: sum of g_i
	r     []float64 // r_i = 1/(L_i η_i)²: 1/η_i² in units of L_i²
	a     []float64 // a_i
	w     []float64
	// scratch of one round: the coordinates updated and their exponents
	updated []int
	expo    []float64
}

// freeRexK is the paper's constant k = sqrt(5) in ψ.
var freeRexK = math.Sqrt(5)

// maxExponent caps η|θ|/k: e^600 x 1e12 features x d coordinates stays finite.
const maxExponent = 600

// NewFreeRex returns per-coordinate FreeRex in d dimensions.
func NewFreeRex(d int, l loss.Loss) *FreeRex {
	f := func() []float64 { return make([]float64, d) }
	return &FreeRex{loss: l, maxG: f(), theta: f(), r: f(), a: f(), w: f(), updated: make([]int, d), expo: f()}
}

// Dim returns the input length.
func (f *FreeRex) Dim() int { return len(f.w) }

// Predict returns w^T x.
func (f *FreeRex) Predict(x []float64) float64 { return dot(f.w[:len(x)], x) }

// Learn predicts, then updates each coordinate's scale, learning rate and
// weight.
func (f *FreeRex) Learn(x []float64, y float64) float64 {
	n := len(x)
	maxG, theta, r, a, w := f.maxG[:n], f.theta[:n], f.r[:n], f.a[:n], f.w[:n]
	updated, expo := f.updated[:n], f.expo[:n]
	m := 0 // coordinates updated
	yhat := dot(w, x)
	g := f.loss.Deriv(y, yhat)
	if g == 0 {
		return yhat
	}
	for i, v := range x {
		gi := g * v
		if gi == 0 {
			continue
		}
		if m := math.Abs(gi); m > maxG[i] {
			shrink := maxG[i] / m
			r[i] *= shrink * shrink
			maxG[i] = m
		}
		theta[i] += gi
		u, t := gi/maxG[i], math.Abs(theta[i])/maxG[i] // g_i and |θ_i| in units of L_i
		ri := r[i] + 2*u*u
		if t > ri {
			ri = t
		}
		r[i] = ri
		if ri > a[i] {
			a[i] = ri
		}
		e := t / (freeRexK * math.Sqrt(ri)) // η_i |θ_i| / k
		if e > maxExponent {
			e = maxExponent
		}
		updated[m], expo[m] = i, e
		m++
	}
	elementary.Expm1InPlace(expo[:m]) // all at once: a call per coordinate costs more in WASM
	for k, i := range updated[:m] {
		if wi := expo[k] / a[i]; theta[i] > 0 {
			w[i] = -wi
		} else {
			w[i] = wi
		}
	}
	return yhat
}
