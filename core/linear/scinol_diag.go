package linear

import (
	"math"

	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// predictionLimit bounds the magnitude of the exponential learners'
// predictions when the exact value would overflow float64 (exp
// is guarded in the log domain): for Lipschitz losses the derivative has long saturated there, so
// the state stays exactly what exact arithmetic gives.
const predictionLimit = 1e300

// clampedExp returns sgn(sign) exp(logMag), or sgn(sign) predictionLimit when
// that would exceed it.
func clampedExp(logMag, sign float64) float64 {
	if logMag >= math.Log(predictionLimit) {
		return math.Copysign(predictionLimit, sign)
	}
	return math.Copysign(math.Exp(logMag), sign)
}

// ScinolDiag is Kotłowski's coordinate-wise scale-invariant algorithm
// (ALT 2017, Algorithm 1). Per round t, for each
// coordinate i with s2_i = sum_{q<=t} x_{q,i}^2 > 0:
//
//	w_i = exp((h_i^2 + x_{t,i}^2) / (2 alpha s2_i)) / (alpha t d) * h_i / s2_i
//
// where h_i = -sum_{q<t} g_q x_{q,i}; then h_i -= g_t x_{t,i}. Predictions
// are unchanged when a feature is multiplied by any non-zero constant. It
// learns slowly on short streams by design (§11.1): the effective step starts
// near 1/(alpha t d).
type ScinolDiag struct {
	loss  loss.Loss
	alpha float64
	s2, h []float64
	t     int
	// scratch of predict: each coordinate's exponent, then its exponential,
	// and its ratio h_i x_i / s2_i
	expo, ratio []float64
}

// NewScinolDiag returns Algorithm 1 in d dimensions; alpha must exceed 9/8.
func NewScinolDiag(d int, l loss.Loss, alpha float64) *ScinolDiag {
	return &ScinolDiag{loss: l, alpha: alpha, s2: make([]float64, d), h: make([]float64, d),
		expo: make([]float64, d), ratio: make([]float64, d)}
}

// Dim returns the input length.
func (a *ScinolDiag) Dim() int { return len(a.h) }

// Predict returns the prediction of round t+1 for x, without learning.
func (a *ScinolDiag) Predict(x []float64) float64 { return a.predict(x, a.t+1) }

// Learn plays round t: s2 += x^2, predict, then h -= g x.
func (a *ScinolDiag) Learn(x []float64, y float64) float64 {
	a.t++
	yhat := a.predict(x, a.t)
	g := a.loss.Deriv(y, yhat)
	addSquares(a.s2, x)
	addScaled(a.h, -g, x) // h - g x, the same bits as h -= g x
	return yhat
}

// predict computes sum_i w_i x_i at round t with s2 already including x.
// Coordinate i contributes exp(E_i - log(alpha t d)) h_i x_i / s2_i with
// E_i = (h_i^2 + x_i^2)/(2 alpha s2_i): h_i x_i/s2_i and E_i are unitless, so
// the terms do not depend on a feature's unit. When an exponent is beyond
// 600 the sum is taken in the log domain and clamped to ±predictionLimit
// (exp is guarded in the log domain). The exponentials are taken in one expInPlace over
// the coordinates, not one call each (calls are what WASM pays most), and
// summed by dot in index order: the same bits as one loop adding
// exp(E_i) h_i x_i / s2_i, a zero term adding exactly 0.
func (a *ScinolDiag) predict(x []float64, t int) float64 {
	logScale := math.Log(a.alpha * float64(t) * float64(len(x)))
	half := 1 / (2 * a.alpha)
	n := len(x)
	h, s2, expo, ratio := a.h[:n], a.s2[:n], a.expo[:n], a.ratio[:n]
	maxExp := math.Inf(-1)
	for i, v := range x {
		hi := h[i]
		if v == 0 || hi == 0 {
			expo[i], ratio[i] = -1, 0 // a zero term, e^-1 0 (any exponent in exp's fast range)
			continue
		}
		inv := 1 / (s2[i] + v*v)
		e := (hi*hi+v*v)*inv*half - logScale
		if e > maxExp { // max(maxExp, e): Go's built-in max is slow in WASM
			maxExp = e
		}
		expo[i], ratio[i] = e, hi*v*inv
	}
	if maxExp <= 600 {
		elementary.ExpInPlace(expo)
		return dot(expo, ratio)
	}
	sum := 0.0
	for i, v := range x {
		if ratio, e, ok := a.term(i, v, logScale); ok {
			sum += elementary.Exp(e-maxExp) * ratio
		}
	}
	if sum == 0 {
		return 0
	}
	return clampedExp(maxExp+math.Log(math.Abs(sum)), sum)
}

// term returns coordinate i's unitless ratio h_i x_i / s2_i and its exponent
// E_i - log(alpha t d); ok is false for a zero term.
func (a *ScinolDiag) term(i int, v, logScale float64) (ratio, e float64, ok bool) {
	if v == 0 || a.h[i] == 0 {
		return 0, 0, false
	}
	inv := 1 / (a.s2[i] + v*v)
	return a.h[i] * v * inv, (a.h[i]*a.h[i]+v*v)*inv/(2*a.alpha) - logScale, true
}
