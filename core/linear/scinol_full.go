package linear

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	lapack "gonum.org/v1/gonum/lapack/gonum"

	"unitfree/core/loss"
	"unitfree/core/rankone"
)

// newDirectionTol decides when x adds a new direction to range(S): the part
// of x (in equilibrated coordinates) orthogonal to the range must carry more
// than this share of its squared norm. Round-off leaves about 1e-30 of it for
// an x in the range; a new direction mixed by a map of condition number 1e6
// still keeps about 1e-12.
const newDirectionTol = 1e-20

// refactorGrowth is how much a new pivot may raise a feature's largest
// magnitude among the pivots before their QR factorisation is made again
// in the new units.
const refactorGrowth = 16

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
// Implementation (the paper's O(d²) update, end of §4 and Appendix E, made
// exact as follows). S^+ is never formed. The learner works in the
// coordinates that the invariance leaves free to choose: the rounds that
// added a new direction to range(S) (the pivots p_1, ..., p_r) are the
// basis, so a round in the range is x = sum_k c_k p_k and a pivot round is
// c = e_k exactly. In these coordinates S is M = sum_t c_t c_t^T (a pivot
// round adds a 1 on the diagonal), kept as its Cholesky factor R; then
// x^T S^+ x = c^T M^{-1} c and x^T S^+ h = c^T M^{-1} b with b = -sum g c.
// The coordinates c come from a QR factorisation of the pivots in
// equilibrated units (each feature divided by its largest magnitude so
// far; a diagonal map the algorithm is invariant to), grown by one
// Gram–Schmidt column (with one re-orthogonalisation) per new direction
// and made again from the stored pivots when a feature's largest magnitude
// grows sixteenfold. The part of x orthogonal to the pivots says whether
// x is a new direction, independently of units. Kept this way, features
// from 1e-12 to 1e11 in one stream keep their digits: an orthonormal basis
// in units fixed by each feature's first value, which this learner once
// used, put magnitudes 1e18 apart into one Cholesky factor and lost them
// (a NaN). A round costs O(d r + r^2) <= O(d^2); a pivot round predicts
// exactly 0, as the maths says (§1.3), and grows R by a unit row. Once
// the rank is d, the learner keeps S's own factor in units instead, at
// about half the cost per round (scinol_full_rank.go).
type ScinolFull struct {
	loss  loss.Loss
	alpha float64
	d, r  int
	units []float64      // the scales the factorisation below is in: each feature's largest |p_ki| then (0: none)
	pivot []float64      // d x d, column k = pivot k as given
	basis []float64      // d x d, first r columns: Q, orthonormal, of the pivots in units
	tri   []float64      // d x d, first r rows and columns: the QR's R, upper triangular
	chol  rankone.Factor // R with R^T R = M = sum c c^T, r x r
	q     []float64      // R^{-T} b for b = -sum g c, so that h^T S^+ h = q^T q
	Gamma float64
	t     int
	// at full rank (see scinol_full_rank.go): chol is L, S in units = L^T L,
	// and q = L^{-T} h in units; pivot, basis and tri are dropped
	full    bool
	nextTry int // the round at which a switch that failed is tried again
	// scratch of one round
	xt, a, a2, perp, c, p []float64
}

// NewScinolFull returns Algorithm 2 in d dimensions; alpha must exceed 9/8.
func NewScinolFull(d int, l loss.Loss, alpha float64) *ScinolFull {
	f := func() []float64 { return make([]float64, d) }
	return &ScinolFull{loss: l, alpha: alpha, d: d, units: f(), pivot: make([]float64, d*d),
		basis: make([]float64, d*d), tri: make([]float64, d*d), chol: rankone.NewGrowingFactor(d),
		q: f(), xt: f(), a: f(), a2: f(), perp: f(), c: f(), p: f()}
}

// Dim returns the input length.
func (s *ScinolFull) Dim() int { return s.d }

// Rank returns the dimension of range(S) so far.
func (s *ScinolFull) Rank() int { return s.r }

// general views the first r columns of a d x d row-major array.
func (s *ScinolFull) general(data []float64) blas64.General {
	return blas64.General{Rows: s.d, Cols: s.r, Stride: s.d, Data: data}
}

// blasVec views a slice as a BLAS vector.
func blasVec(x []float64) blas64.Vector { return blas64.Vector{N: len(x), Inc: 1, Data: x} }

// roundGeometry equilibrates x into s.xt, splits it into its coordinates a
// in the basis Q and its part perp orthogonal to the pivots, and reports
// whether it adds a new direction; for an x in the range it leaves its
// coordinates in the pivots, c = R_QR^{-1} a, in s.c.
func (s *ScinolFull) roundGeometry(x []float64) (newDir bool) {
	norm2 := 0.0
	for i, v := range x {
		u := s.units[i]
		if u == 0 {
			u = math.Abs(v) // a feature no pivot has: its own unit
		}
		if v == 0 {
			s.xt[i] = 0
		} else {
			s.xt[i] = v / u
		}
		norm2 += s.xt[i] * s.xt[i]
	}
	r := s.r
	a := s.a[:r]
	if norm2 == 0 {
		clear(a)
		clear(s.c[:r])
		return false
	}
	if r > 0 {
		Q := s.general(s.basis)
		blas64.Gemv(blas.Trans, 1, Q, blasVec(s.xt), 0, blasVec(a))
		if r < s.d { // the part outside the range, orthogonalised twice
			a2 := s.a2[:r]
			copy(s.perp, s.xt)
			blas64.Gemv(blas.NoTrans, -1, Q, blasVec(a), 1, blasVec(s.perp))
			blas64.Gemv(blas.Trans, 1, Q, blasVec(s.perp), 0, blasVec(a2))
			blas64.Gemv(blas.NoTrans, -1, Q, blasVec(a2), 1, blasVec(s.perp))
			for j := range a {
				a[j] += a2[j]
			}
		}
	} else {
		copy(s.perp, s.xt)
	}
	if r < s.d && dot(s.perp, s.perp) > newDirectionTol*norm2 {
		return true
	}
	if r > 0 {
		c := s.c[:r]
		copy(c, a)
		blas64.Trsv(blas.NoTrans, blas64.Triangular{Uplo: blas.Upper, Diag: blas.NonUnit, N: r, Stride: s.d, Data: s.tri}, blasVec(c))
	}
	return false
}

// refactor makes the QR factorisation of the pivots again (gonum's
// unblocked Householder QR, LAPACK's Dgeqr2 and Dorg2r, O(d r^2)) in units:
// each feature divided by its largest magnitude among the pivots. It keeps
// the factorisation it had, and says so, when in these units the pivots
// are too close to dependent for it. (The unblocked routines compute what
// mat.QR does for these sizes; mat.QR's blocked path and condition
// estimate added 170 KB to the page's program.)
func (s *ScinolFull) refactor(units []float64) bool {
	d, r := s.d, s.r
	a := make([]float64, d*r) // the pivots in units, d x r, row-major
	for i := range d {
		for k := range r {
			if v := s.pivot[i*d+k]; v != 0 {
				a[i*r+k] = v / units[i]
			}
		}
	}
	norms := make([]float64, r)
	for k := range r {
		norms[k] = blas64.Nrm2(blas64.Vector{N: d, Inc: r, Data: a[k:]})
	}
	tau, work := make([]float64, r), make([]float64, r)
	lapack.Implementation{}.Dgeqr2(d, r, a, r, tau, work)
	for k := range r {
		if !(math.Abs(a[k*r+k]) > 1e-14*norms[k]) {
			return false
		}
	}
	for i := range r {
		for k := range r {
			if k >= i {
				s.tri[i*d+k] = a[i*r+k]
			} else {
				s.tri[i*d+k] = 0
			}
		}
	}
	lapack.Implementation{}.Dorg2r(d, r, r, a, r, tau, work)
	copy(s.units, units)
	for i := range d {
		for k := range r {
			s.basis[i*d+k] = a[i*r+k]
		}
	}
	return true
}

// inRange computes, for an x in range(S_{t-1}) with coordinates c, the
// scalars the round needs: rr = x^T S_{t-1}^+ x and qa = x^T S_{t-1}^+ h.
// It leaves R^{-T} c in s.p.
func (s *ScinolFull) inRange() (rr, qa float64) {
	p := s.p[:s.r]
	copy(p, s.c[:s.r])
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
	if s.full {
		return s.prediction(s.solveFullRank(s.inUnitsFullRank(x)))
	}
	if s.roundGeometry(x) || s.r == 0 {
		return 0
	}
	return s.prediction(s.inRange())
}

// Learn plays one round: S_t = S_{t-1} + x x^T, predict, h -= g x and
// Gamma += g^2 x^T S_t^+ x.
func (s *ScinolFull) Learn(x []float64, y float64) float64 {
	s.t++
	if s.full {
		return s.learnFullRank(x, y)
	}
	if s.roundGeometry(x) {
		s.learnNewDirection(x, y)
		return 0
	}
	if s.r == 0 { // x = 0 before any data: nothing to learn
		return 0
	}
	rr, qa := s.inRange()
	yhat := s.prediction(rr, qa)
	g := s.loss.Deriv(y, yhat)
	// M += c c^T, and q = R^{-T} b carried through the rotations as b
	// becomes b - g c: no second solve.
	s.chol.AddOuter(s.c[:s.r], rankone.Carry{P: s.q[:s.r], Bottom: -g})
	if g != 0 {
		s.Gamma += g * g * rr / (1 + rr)
	}
	if s.r == s.d && s.t >= s.nextTry && !s.enterFullRank() {
		s.nextTry = 2 * s.t
	}
	return yhat
}

// learnNewDirection plays a round whose x adds a direction: x becomes the
// pivot p_{r+1}, with c = e_{r+1}. The prediction is exactly 0. When x
// brings a feature no pivot had, or raises a feature's largest magnitude
// among the pivots refactorGrowth-fold, the QR is made again in the new
// units; otherwise (or when those units would not do) Q gains the column
// perp/|perp| and the QR's R the column (a, |perp|). M = [[M, 0], [0, 1]],
// so R gains a unit row and b and q the coordinate -g; x^T S_t^+ x = 1.
func (s *ScinolFull) learnNewDirection(x []float64, y float64) {
	d, r := s.d, s.r
	for i, v := range x {
		s.pivot[i*d+r] = v
	}
	s.r++
	units, grew := s.xt, false // scratch: the units with x among the pivots
	for i, v := range x {
		units[i] = math.Max(s.units[i], math.Abs(v))
		if units[i] > refactorGrowth*s.units[i] {
			grew = true
		}
	}
	if !grew || !s.refactor(units) {
		rho := math.Sqrt(dot(s.perp, s.perp))
		for i := range d {
			s.basis[i*d+r] = s.perp[i] / rho
		}
		for k := range r {
			s.tri[k*d+r] = s.a[k]
		}
		s.tri[r*d+r] = rho
		for i, u := range s.units {
			if u == 0 && x[i] != 0 { // the unit xt gave it
				s.units[i] = math.Abs(x[i])
			}
		}
	}
	clear(s.p[:r])
	s.chol.Border(s.p[:r], 1) // the new column of R: R^{-T} 0 = 0
	g := s.loss.Deriv(y, 0)
	s.q[r] = -g
	s.Gamma += g * g
	if s.r == s.d && !s.enterFullRank() {
		s.nextTry = 2 * s.t
	}
}
