package bandit

import (
	"math"

	"unitfree/core/internal/vec"
)

// SOBA is the Second Order Banditron Algorithm (Beygelzimer, Orabona, Zhang,
// ICML 2017, Algorithm 1). State: theta in R^{kd},
// A = a I + sum n_s z_s z_s^T, W = mat(A^{-1} theta), and the cumulative
// margin cumM = sum n_s m_s. When the played label ytilde turns out right:
//
//	g = (e_ybar - e_y) ⊗ x / p,  z = sqrt(p) g,  r = z^T A^{-1} z,
//	m = (<W, z>^2 + 2 <W, g>) / (1 + r),
//
// with ybar the best other label and p the probability ytilde had; if
// cumM + m >= 0 the round updates: A += z z^T, theta -= g, cumM += m.
// With Adaptive set, gamma_t = min(GammaMax, sqrt(k (1 + sum n_s q_s)/t)),
// q_s = r_s/(1 + r_s) (the appendix's adaptive exploration, as in the
// authors' code).
//
// A is kept as an equilibrated Cholesky factor (keslerSystem), never
// inverted. r, the round's O((kd)^2) part, is computed only when the test
// depends on it: a round whose test fails or passes whatever r >= 0 is
// (cannotUpdate, mustUpdate) skips it, other rounds solve for r only until
// bounds on it settle the test (leverageVersus), and an update's rotations
// give 1 + r as a by-product.
type SOBA struct {
	k, d, n  int
	a        float64
	gamma    float64 // the fixed rate, or the cap of the adaptive one
	adaptive bool
	sys      keslerSystem
	cumM     float64
	sumNQ    float64
	t        int
	s        []float64 // scores
	row      SparseRow // Play's row in sparse form
	// Defer's mode, and the margin numerator and probability of the
	// update whose work is pending
	deferred             bool
	pendingNum, pendingP float64
}

// NewSOBA returns SOBA for k classes in d dimensions with regularization a
// and a fixed exploration rate gamma in (0, 1].
func NewSOBA(k, d int, a, gamma float64) (*SOBA, error) {
	if err := checkParams(k, d, a, gamma, true); err != nil {
		return nil, err
	}
	n := k * d
	return &SOBA{k: k, d: d, n: n, a: a, gamma: gamma, sys: newKeslerSystem(k, d, a), s: make([]float64, k)}, nil
}

// NewSOBAAdaptive returns SOBA with the adaptive exploration rate, capped at
// gammaMax (1/2 keeps it in the theory's range).
func NewSOBAAdaptive(k, d int, a, gammaMax float64) (*SOBA, error) {
	s, err := NewSOBA(k, d, a, gammaMax)
	if err != nil {
		return nil, err
	}
	s.adaptive = true
	return s, nil
}

// Classes returns k.
func (s *SOBA) Classes() int { return s.k }

// Dim returns d.
func (s *SOBA) Dim() int { return s.d }

// CumulativeMargin returns sum_s n_s m_s, which SOBA keeps non-negative.
func (s *SOBA) CumulativeMargin() float64 { return s.cumM }

// Predict returns the greedy label.
func (s *SOBA) Predict(x []float64) int {
	sc := make([]float64, s.k)
	scores(sc, s.sys.v, x)
	return argmax(sc)
}

// rate returns the exploration rate of round t (1-based).
func (s *SOBA) rate(t int) float64 {
	if !s.adaptive {
		return s.gamma
	}
	return math.Min(s.gamma, math.Sqrt(float64(s.k)*(1+s.sumNQ)/float64(t)))
}

// Defer makes Play leave an update's O((kd)^2) work (the factor's
// rotations and the solve for the weights) to Work, so that a caller can
// spread it over time; the next Play finishes it first, and until then
// Predict uses the weights before it.
func (s *SOBA) Defer() { s.deferred = true }

// Pending reports whether an update's work is left for Work.
func (s *SOBA) Pending() bool { return s.sys.adding }

// Work does about rows rows of the pending update's work and reports
// whether none is left.
func (s *SOBA) Work(rows int) bool {
	if !s.sys.adding {
		return true
	}
	done, onePlusR := s.sys.step(rows)
	if done {
		s.settle(s.pendingNum, s.pendingP, onePlusR)
	}
	return done
}

// settle adds an update's margin and leverage to the running sums.
func (s *SOBA) settle(num, p, onePlusR float64) {
	s.cumM += num / (p * onePlusR)
	s.sumNQ += 1 - 1/onePlusR // r/(1 + r)
}

// Play plays one round of Algorithm 1.
func (s *SOBA) Play(x []float64, y int, u1, u2 float64) Round {
	s.row.setDense(x)
	return s.PlaySparse(s.row, y, u1, u2)
}

// PlaySparse plays one round of Algorithm 1 on x's non-zero entries: the
// scores and the test before r in O(k nnz(x)), r as far as the test needs.
func (s *SOBA) PlaySparse(x SparseRow, y int, u1, u2 float64) Round {
	for s.Pending() { // the last update's work, if Defer left it
		s.Work(math.MaxInt)
	}
	s.t++
	sparseScores(s.s, s.sys.v, s.d, x)
	greedy := argmax(s.s)
	gamma := s.rate(s.t)
	played, p, explored := explore(greedy, s.k, gamma, u1, u2)
	r := Round{Greedy: greedy, Played: played, Prob: p, Explored: explored, Correct: played == y, Gamma: gamma}
	if !r.Correct {
		return r
	}
	ybar := argmaxExcept(s.s, y)
	delta := s.s[ybar] - s.s[y]
	num := delta*delta + 2*delta // m = num/(p (1 + r))
	if s.cannotUpdate(num, p, x) {
		return r
	}
	s.sys.setPair(x, ybar, y, 1/math.Sqrt(p))
	if !s.mustUpdate(num, p) {
		// Undecided, with cumM > 0 (cannotUpdate failed): the round updates
		// when 1 + r >= tau, and r = z^T A^{-1} z is solved for only as far
		// as the comparison needs.
		verdict, rr := s.sys.leverageVersus(-num / (p * s.cumM))
		if verdict < 0 || verdict == 0 && s.cumM+num/(p*(1+rr)) < 0 {
			return r
		}
	}
	r.Updated = true
	if s.deferred {
		s.sys.beginAdd(-1 / math.Sqrt(p))
		s.pendingNum, s.pendingP = num, p
		return r
	}
	s.settle(num, p, s.sys.add(-1/math.Sqrt(p))) // theta -= g = z / sqrt(p)
	return r
}

// cannotUpdate reports whether the round fails the test cumM + m >= 0
// whatever r is, for m = num/(p (1 + r)). With num < 0, m grows with r,
// and A ⪰ a I bounds r = z^T A^{-1} z by |z|^2/a = 2 |x|^2/(p a); the test
// uses twice that bound, so that round-off in an r that would have been
// computed cannot make the decisions differ.
func (s *SOBA) cannotUpdate(num, p float64, x SparseRow) bool {
	if num >= 0 {
		return false
	}
	rMax := 2 * vec.Dot(x.Value, x.Value) / (p * s.a)
	return s.cumM+num/(p*(1+2*rMax)) < 0
}

// mustUpdate reports whether the round passes the test cumM + m >= 0
// whatever r >= 0 is: when num >= 0 (m >= 0), or when cumM >= -num/p, the
// largest |m| can be (in floating point too: division rounds
// monotonically, and a sum x + y with y >= -x rounds to >= 0).
func (s *SOBA) mustUpdate(num, p float64) bool {
	return num >= 0 || s.cumM >= -num/p
}
