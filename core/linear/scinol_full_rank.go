package linear

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	lapack "gonum.org/v1/gonum/lapack/gonum"

	"unitfree/core/rankone"
)

// Once range(S) is the whole space (rank d), no round can add a direction,
// and S^+ = S^{-1}. ScinolFull then stops working in the pivots'
// coordinates: it keeps the Cholesky factor L of S in units (each feature
// divided by a fixed unit, its largest magnitude among the pivots, a
// diagonal map the algorithm is invariant to), S_u = L^T L, and
// q = L^{-T} h_u. A round is then one triangular solve, p = L^{-T} x_u,
// which gives x^T S_{t-1}^{-1} x = p^T p and x^T S_{t-1}^{-1} h = p^T q,
// and one rank-one update of L that carries q along: about half the work
// of a round in the pivots' coordinates (a product with the basis and a
// solve with the QR's R, then the same two steps on M's factor).
//
// The switch: with P the pivots in units (column k = pivot k), S_u =
// P M P^T = B^T B for B = R P^T, R the factor of M. A QR factorisation
// B = U L gives S_u = L^T L, and q = R^{-T} b becomes L^{-T} P b = U^T q.
// Rows of L with a negative diagonal are negated, with their entry of q.

// fullRankCondition bounds the ratio of L's largest to smallest diagonal
// entry for which the switch is made: beyond it S in units is so close to
// singular that the pivots' coordinates keep more digits, and the learner
// stays in them.
const fullRankCondition = 1e6

// enterFullRank switches to the factor of S in units, if S in units is
// conditioned well enough (see fullRankCondition); it reports whether it
// did.
func (s *ScinolFull) enterFullRank() bool {
	d := s.d
	units := make([]float64, d)
	inUnits := make([]float64, d*d) // P: row i = feature i, column k = pivot k
	for i := range d {
		for k := range d {
			units[i] = math.Max(units[i], math.Abs(s.pivot[i*d+k]))
		}
		for k := range d {
			if v := s.pivot[i*d+k]; v != 0 {
				inUnits[i*d+k] = v / units[i]
			}
		}
	}
	factor := make([]float64, d*d)
	for i := range d {
		for j := i; j < d; j++ {
			factor[i*d+j] = s.chol.At(i, j)
		}
	}
	b := make([]float64, d*d)
	general := func(a []float64) blas64.General { return blas64.General{Rows: d, Cols: d, Stride: d, Data: a} }
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, general(factor), general(inUnits), 0, general(b))
	tau, work := make([]float64, d), make([]float64, d)
	lapack.Implementation{}.Dgeqr2(d, d, b, d, tau, work)
	lo, hi := math.Inf(1), 0.0
	for i := range d {
		lo, hi = math.Min(lo, math.Abs(b[i*d+i])), math.Max(hi, math.Abs(b[i*d+i]))
	}
	if !(lo > 0 && hi/lo <= fullRankCondition) {
		return false
	}
	q := s.q[:d]
	lapack.Implementation{}.Dorm2r(blas.Left, blas.Trans, d, 1, d, b, d, tau, q, 1, work)
	for i := range d {
		if b[i*d+i] < 0 {
			for j := i; j < d; j++ {
				b[i*d+j] = -b[i*d+j]
			}
			q[i] = -q[i]
		}
	}
	s.chol.SetUpper(d, b, d)
	s.units, s.full = units, true
	s.pivot, s.basis, s.tri = nil, nil, nil
	return true
}

// inUnitsFullRank divides x by the units into s.xt and returns it.
func (s *ScinolFull) inUnitsFullRank(x []float64) []float64 {
	for i, v := range x {
		if v == 0 {
			s.xt[i] = 0
		} else {
			s.xt[i] = v / s.units[i]
		}
	}
	return s.xt
}

// solveFullRank returns, for x in units, rr = x^T S_{t-1}^{-1} x and
// qa = x^T S_{t-1}^{-1} h.
func (s *ScinolFull) solveFullRank(xu []float64) (rr, qa float64) {
	p := s.p
	copy(p, xu)
	s.chol.SolveT(p)
	return dot(p, p), dot(p, s.q)
}

// learnFullRank plays a round at full rank: S_t = S_{t-1} + x x^T as L's
// rank-one update, with q carried through it as h becomes h - g x.
func (s *ScinolFull) learnFullRank(x []float64, y float64) float64 {
	xu := s.inUnitsFullRank(x)
	rr, qa := s.solveFullRank(xu)
	yhat := s.prediction(rr, qa)
	g := s.loss.Deriv(y, yhat)
	s.chol.AddOuter(xu, rankone.Carry{P: s.q, Bottom: -g})
	if g != 0 {
		s.Gamma += g * g * rr / (1 + rr)
	}
	return yhat
}
