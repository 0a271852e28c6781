package bandit

import (
	"math"

	"unitfree/core/internal/vec"
	"unitfree/core/rankone"
)

// keslerSystem is the linear system of the second-order multiclass learners
// (SOBA, the multiclass second-order Perceptron) on Kesler's construction:
// A = a I + sum n_s z_s z_s^T in kd dimensions, where each z is
// c (e_i - e_j) ⊗ x and touches two class blocks, and the weights
// vec(W) = A^{-1} theta.
//
// A is kept as a Cholesky factor updated by Givens rotations (package
// rankone), equilibrated: S A S = R^T R with S = diag(1/s_f) in every class
// block and s_f the largest |x_f| seen of feature f. With features in
// natural units (a body mass of 4000 g beside a bill depth of 18 mm) the
// weights of large-unit features are tiny, and a factor of A itself would
// give them an error relative to the largest weight, which their large
// feature values then multiply into the scores. When s_f grows, R's columns
// are rescaled (R E factors E (SAS) E), and p = R^{-T} S theta does not
// change. (The weights are formed every update, and the rotations' factor
// gives them more accurately than the L D L^T update the linear learners
// use: 5.6e-16 against 4.5e-9 of the terms on penguins after one update.)
type keslerSystem struct {
	k, d   int
	a      float64 // A's regularization: A ⪰ a I
	R      rankone.Factor
	scale  []float64 // s_f per feature (1 until feature f is seen non-zero)
	scale2 []float64 // s_f^2 per coordinate, in every class block
	seen   []bool
	p      []float64 // R^{-T} S theta
	v      []float64 // vec(W) = A^{-1} theta = S R^{-1} p
	z, q   []float64 // S z of the round, R^{-T} S z
	lo     int       // the first entry of z that can be non-zero
	// an update in progress (beginAdd): its rotations, then its solve
	// from row solveHi down, into next, which replaces v when done
	adding, solving bool
	solveHi         int
	onePlusR        float64
	next            []float64
}

func newKeslerSystem(k, d int, a float64) keslerSystem {
	n := k * d
	s := keslerSystem{k: k, d: d, a: a, scale2: make([]float64, n), R: rankone.NewFactor(n, a), scale: make([]float64, d), seen: make([]bool, d),
		p: make([]float64, n), v: make([]float64, n), z: make([]float64, n), q: make([]float64, n)}
	for f := range s.scale {
		s.scale[f] = 1
	}
	for j := range s.scale2 {
		s.scale2[j] = 1
	}
	return s
}

// observe widens the feature scales to cover x, rescaling R.
func (s *keslerSystem) observe(x SparseRow) {
	for n, f := range x.Index {
		a := math.Abs(x.Value[n])
		if a == 0 || (s.seen[f] && a <= s.scale[f]) {
			continue
		}
		e := s.scale[f] / a // S' = S E with E = s_old/s_new on feature f
		s.scale[f], s.seen[f] = a, true
		for b := 0; b < s.k; b++ {
			if e != 1 { // a first value of 1 (binary features) changes nothing: skip the O(kd) column
				s.R.ScaleColumn(b*s.d+f, e)
			}
			s.scale2[b*s.d+f] = a * a
		}
	}
}

// setPair sets z = c (e_i - e_j) ⊗ x (kept as S z) after observing x.
func (s *keslerSystem) setPair(x SparseRow, i, j int, c float64) {
	s.observe(x)
	clear(s.z)
	for n, f := range x.Index {
		v := c * x.Value[n] / s.scale[f]
		s.z[i*s.d+f] = v
		s.z[j*s.d+f] = -v
	}
	s.lo = min(i, j) * s.d
}

// leverageRows is how many rows of the forward substitution leverageVersus
// solves between two looks at its bounds.
const leverageRows = 32

// leverageMargin is the relative margin by which leverageVersus's bounds
// must clear tau to settle the comparison: far above the round-off of a
// whole r, so that a settled comparison is the one the whole r would give.
const leverageMargin = 1e-5

// leverageVersus compares 1 + r with tau > 0, for r = z^T A^{-1} z =
// |R^{-T} S z|^2 of setPair's z, solving only as many rows of the forward
// substitution (from the first of z's two blocks) as it takes. After rows
// lo to m-1, their entries' squares sum to at most r; the rows left add at
// most sum_{j >= m} v_j^2 s_j^2 / a for the v left to solve, because their
// Schur complement in S A S is at least a S^2, as S A S ⪰ a S^2. It returns
// +1 or -1 when 1 + r is surely at least tau or below it, and otherwise 0
// with the whole r, computed as one solve computes it.
func (s *keslerSystem) leverageVersus(tau float64) (verdict int, r float64) {
	n := len(s.q)
	copy(s.q[s.lo:], s.z[s.lo:])
	low := 0.0
	for m := s.lo; m < n; {
		hi := min(m+leverageRows, n)
		s.R.SolveTRows(s.q, m, hi)
		low += vec.Dot(s.q[m:hi], s.q[m:hi])
		m = hi
		if 1+low >= tau*(1+leverageMargin) {
			return +1, 0
		}
		if m < n && 1+low+s.trailing(m)/s.a < tau*(1-leverageMargin) {
			return -1, 0
		}
	}
	q := s.q[s.lo:]
	return 0, vec.Dot(q, q)
}

// trailing returns sum_{j >= m} q_j^2 s_j^2, s_j the scale of coordinate
// j's feature.
func (s *keslerSystem) trailing(m int) float64 {
	q, sq := s.q[m:], s.scale2[m:]
	sum := 0.0
	for j, v := range q {
		sum += v * v * sq[j]
	}
	return sum
}

// beginAdd starts add(b) without doing its work, which step does, a
// number of rows at a time, with add's bits. Until it is done, v keeps
// the weights before the update.
func (s *keslerSystem) beginAdd(b float64) {
	s.R.BeginOuter(s.z, rankone.Carry{P: s.p, Bottom: b})
	s.adding, s.solving = true, false
	if s.next == nil {
		s.next = make([]float64, len(s.v))
	}
}

// step does about rows rows of the update beginAdd started (the factor's
// rotations, then the solve for the new weights) and reports whether it is
// done, with 1 + z^T A^{-1} z of the A before.
func (s *keslerSystem) step(rows int) (done bool, onePlusR float64) {
	if !s.solving {
		finished, r := s.R.StepOuter(rows)
		if !finished {
			return false, 0
		}
		s.onePlusR, s.solving, s.solveHi = r, true, len(s.v)
		copy(s.next, s.p)
		return false, 0
	}
	lo := max(0, s.solveHi-rows)
	s.R.SolveRows(s.next, lo, s.solveHi)
	if s.solveHi = lo; lo > 0 {
		return false, 0
	}
	for i := range s.next {
		s.next[i] /= s.scale[i%s.d]
	}
	s.v, s.next = s.next, s.v
	s.adding, s.solving = false, false
	return true, s.onePlusR
}

// add makes A += z z^T and theta += b z for the z of setPair, solves for
// the new weights, and returns 1 + z^T A^{-1} z of the A before.
func (s *keslerSystem) add(b float64) (onePlusR float64) {
	onePlusR = s.R.AddOuter(s.z, rankone.Carry{P: s.p, Bottom: b})
	copy(s.v, s.p)
	s.R.SolveRows(s.v, 0, len(s.v))
	for i := range s.v {
		s.v[i] /= s.scale[i%s.d]
	}
	return onePlusR
}
