package linear

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"unitfree/core/loss"
	"unitfree/core/rankone"
)

// newDirectionTol decides when x adds a new direction to range(S): the part
// of x (in equilibrated coordinates) orthogonal to the range must carry more
// than this share of its squared norm. Round-off leaves about 1e-30 of it for
// an x in the range; a new direction mixed by a map of condition number 1e6
// still keeps about 1e-12.
const newDirectionTol = 1e-20

// ScinolFull is Kotłowski's fully scale-invariant algorithm (ALT 2017,
// Algorithm 2): with S_t = sum_{s<=t} x_s x_s^T (the
// current x included), h = -sum_{s<t} g_s x_s and Gamma = sum_{s<t} g_s^2
// x_s^T S_s^+ x_s,
//
//	w_t = exp((h^T S_t^+ h - Gamma) / (2 alpha)) / alpha * S_t^+ h.
//
// Its predictions are unchanged when the inputs go through any invertible
// linear map (with a bias feature: any affine change of units).
//
// Implementation (the paper's O(d²) update, end of §4 and Appendix E, made exact as follows): S^+ is never recomputed
// and never formed. The learner keeps an orthonormal basis U (d x r) of
// range(S), grown by Gram–Schmidt with one re-orthogonalisation, and the
// Cholesky factor R of M = U^T S U, so that S^+ = U M^{-1} U^T on the range.
// Once the range is everything, the state moves to the standard basis
// (U = I, toStandardBasis). A round in the range is a rank-one
// Cholesky update, a round with a new direction a rank-one update and a
// bordering; both cost O(d r + r^2) <= O(d^2). Unlike Sherman–Morrison
// downdates of an inverse, these updates are backward stable. The
// coordinates are first equilibrated by each feature's first non-zero
// magnitude, a diagonal map the algorithm is invariant to, which makes the
// range test independent of units. A round whose x adds a new direction
// predicts exactly 0, as the maths says (§1.3).
type ScinolFull struct {
	loss  loss.Loss
	alpha float64
	d, r  int
	scale []float64      // each feature's first non-zero |x_i| (0: not seen yet)
	U     []float64      // d x d row-major; the first r columns are the basis
	chol  rankone.Factor // R with R^T R = M = U^T S U, r x r
	b     []float64      // U^T h
	q     []float64      // R^{-T} b, so that h^T S^+ h = q^T q
	Gamma float64
	t     int
	// scratch of one round
	xt, a, a2, perp, p []float64
}

// NewScinolFull returns Algorithm 2 in d dimensions; alpha must exceed 9/8.
func NewScinolFull(d int, l loss.Loss, alpha float64) *ScinolFull {
	f := func() []float64 { return make([]float64, d) }
	return &ScinolFull{loss: l, alpha: alpha, d: d, scale: f(), U: make([]float64, d*d),
		chol: rankone.NewGrowingFactor(d), b: f(), q: f(), xt: f(), a: f(), a2: f(), perp: f(), p: f()}
}

// Dim returns the input length.
func (s *ScinolFull) Dim() int { return s.d }

// Rank returns the dimension of range(S) so far.
func (s *ScinolFull) Rank() int { return s.r }

// basis returns U's first r columns as a gonum BLAS matrix.
func (s *ScinolFull) basis() blas64.General {
	return blas64.General{Rows: s.d, Cols: s.r, Stride: s.d, Data: s.U}
}

// roundGeometry equilibrates x into s.xt, splits it into its coordinates a
// in the basis and its part perp orthogonal to the range, and reports
// whether it adds a new direction.
func (s *ScinolFull) roundGeometry(x []float64) (newDir bool) {
	norm2 := 0.0
	for i, v := range x {
		sc := s.scale[i]
		if sc == 0 {
			sc = math.Abs(v) // what Learn will fix as this feature's scale
		}
		if v == 0 {
			s.xt[i] = 0
		} else {
			s.xt[i] = v / sc
		}
		norm2 += s.xt[i] * s.xt[i]
	}
	a, a2 := s.a[:s.r], s.a2[:s.r]
	if norm2 == 0 {
		clear(a)
		return false
	}
	if s.r == s.d { // the range is everything, in the standard basis (U = I)
		copy(a, s.xt)
		return false
	}
	copy(s.perp, s.xt)
	if s.r > 0 {
		U := s.basis()
		mulTrans(s.U, s.d, s.xt, a)
		blas64.Gemv(blas.NoTrans, -1, U, rankone.Vec(a), 1, rankone.Vec(s.perp))
		mulTrans(s.U, s.d, s.perp, a2) // re-orthogonalise
		blas64.Gemv(blas.NoTrans, -1, U, rankone.Vec(a2), 1, rankone.Vec(s.perp))
		for j := range a {
			a[j] += a2[j]
		}
	}
	return dot(s.perp, s.perp) > newDirectionTol*norm2
}

// inRange computes, for an x in range(S_{t-1}) with coordinates a, the
// scalars the round needs: rr = x^T S_{t-1}^+ x and qa = x^T S_{t-1}^+ h.
// It leaves R^{-T} a in s.p.
func (s *ScinolFull) inRange() (rr, qa float64) {
	p := s.p[:s.r]
	copy(p, s.a[:s.r])
	s.chol.SolveT(p)
	return dot(p, p), dot(p, s.q[:s.r])
}

// prediction returns eta x^T S_t^+ h for x in the range, in the log domain
// and clamped to ±predictionLimit.
func (s *ScinolFull) prediction(rr, qa float64) float64 {
	xSh := qa / (1 + rr)                   // x^T S_t^+ h
	hSh := s.potentialArg() - qa*qa/(1+rr) // h^T S_t^+ h
	if xSh == 0 {
		return 0
	}
	return clampedExp((hSh-s.Gamma)/(2*s.alpha)-math.Log(s.alpha)+math.Log(math.Abs(xSh)), xSh)
}

// potentialArg returns h^T S^+ h for the current h and S.
func (s *ScinolFull) potentialArg() float64 { q := s.q[:s.r]; return dot(q, q) }

// Predict returns the prediction of the next round for x, without learning.
func (s *ScinolFull) Predict(x []float64) float64 {
	if s.roundGeometry(x) || s.r == 0 {
		return 0
	}
	return s.prediction(s.inRange())
}

// Learn plays one round: S_t = S_{t-1} + x x^T, predict, h -= g x and
// Gamma += g^2 x^T S_t^+ x.
func (s *ScinolFull) Learn(x []float64, y float64) float64 {
	s.t++
	for i, v := range x {
		if s.scale[i] == 0 && v != 0 {
			s.scale[i] = math.Abs(v)
		}
	}
	if s.roundGeometry(x) {
		s.learnNewDirection(y)
		return 0
	}
	if s.r == 0 { // x = 0 before any data: nothing to learn
		return 0
	}
	rr, qa := s.inRange()
	yhat := s.prediction(rr, qa)
	g := s.loss.Deriv(y, yhat)
	// M += a a^T, and q = R^{-T} b carried through the rotations as b
	// becomes b - g a: no second solve.
	s.chol.AddOuter(s.a[:s.r], rankone.Carry{P: s.q[:s.r], Bottom: -g})
	if g != 0 {
		for j, aj := range s.a[:s.r] {
			s.b[j] -= g * aj
		}
		s.Gamma += g * g * rr / (1 + rr)
	}
	return yhat
}

// learnNewDirection plays a round whose x = U a + rho e adds the direction
// e = perp/rho: the prediction is exactly 0, U gains the column e, and
// M = U^T S U becomes [[M + a a^T, rho a], [rho a^T, rho^2]]: a rank-one
// update, then a bordering whose new diagonal is rho/sqrt(1 + a^T M^{-1} a)
// (the Schur complement, free of cancellation). Then x^T S_t^+ x = 1.
func (s *ScinolFull) learnNewDirection(y float64) {
	g := s.loss.Deriv(y, 0)
	rho := math.Sqrt(dot(s.perp, s.perp))
	r, d := s.r, s.d
	rr := 0.0
	if r > 0 {
		rr, _ = s.inRange()
	}
	s.chol.AddOuter(s.a[:r])
	border := s.a2[:r] // scratch: rho a
	for j, aj := range s.a[:r] {
		border[j] = rho * aj
	}
	s.chol.Border(border, rho/math.Sqrt(1+rr))
	for i := 0; i < d; i++ {
		s.U[i*d+r] = s.perp[i] / rho
	}
	s.b[r] = 0
	s.r++
	if g != 0 {
		for j, aj := range s.a[:r] {
			s.b[j] -= g * aj
		}
		s.b[r] -= g * rho
		s.Gamma += g * g
	}
	if s.r == d {
		s.toStandardBasis()
	}
	s.refresh()
}

// toStandardBasis rewrites the state in the standard basis once the range
// is everything (r = d, U square and orthogonal): M becomes U M U^T = S,
// with R replaced by the factor of R U^T, b by U b, and U by I. From then
// on a round's coordinates are x itself and need no product with U^T, an
// O(d^2) product that cost a third of a round in WASM. Once, O(d^3).
func (s *ScinolFull) toStandardBasis() {
	d := s.d
	s.chol.Rotate(s.U)
	ub := s.a2[:d] // scratch
	for i := range d {
		ub[i] = dot(s.U[i*d:(i+1)*d], s.b[:d])
	}
	copy(s.b, ub)
	clear(s.U)
	for i := range d {
		s.U[i*d+i] = 1
	}
}

// refresh recomputes q = R^{-T} b after an update.
func (s *ScinolFull) refresh() {
	q := s.q[:s.r]
	copy(q, s.b[:s.r])
	s.chol.SolveT(q)
}
