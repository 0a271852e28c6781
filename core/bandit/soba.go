package bandit

import (
	"math"

	"unitfree/core/rankone"
)

// SOBA is the Second Order Banditron Algorithm (Beygelzimer, Orabona, Zhang,
// ICML 2017, Algorithm 1; ALGORITHMS.md §4.2). State: theta in R^{kd},
// A = a I + sum n_s z_s z_s^T (kept as A^{-1} by Sherman–Morrison, never
// inverted afresh), W = mat(A^{-1} theta), and the cumulative margin
// cumM = sum n_s m_s. When the played label ytilde turns out right:
//
//	g = (e_ybar - e_y) ⊗ x / p,  z = sqrt(p) g,  r = z^T A^{-1} z,
//	m = (<W, z>^2 + 2 <W, g>) / (1 + r),
//
// with ybar the best other label and p the probability ytilde had; if
// cumM + m >= 0 the round updates: A += z z^T, theta -= g, cumM += m.
// With Adaptive set, gamma_t = min(GammaMax, sqrt(k (1 + sum n_s q_s)/t)),
// q_s = r_s/(1 + r_s) (§4.4, the appendix's adaptive exploration).
type SOBA struct {
	k, d, n  int
	a        float64
	gamma    float64 // the fixed rate, or the cap of the adaptive one
	adaptive bool
	Ainv     rankone.Inverse
	theta    []float64
	v        []float64 // vec(W) = A^{-1} theta, kept incrementally
	cumM     float64
	sumNQ    float64
	t        int
	s, u     []float64 // scratch: scores, A^{-1} z
}

// NewSOBA returns SOBA for k classes in d dimensions with regularization a
// and a fixed exploration rate gamma in (0, 1].
func NewSOBA(k, d int, a, gamma float64) (*SOBA, error) {
	if err := checkParams(k, d, a, gamma, true); err != nil {
		return nil, err
	}
	n := k * d
	return &SOBA{k: k, d: d, n: n, a: a, gamma: gamma, Ainv: rankone.NewInverse(n, a),
		theta: make([]float64, n), v: make([]float64, n), s: make([]float64, k), u: make([]float64, n)}, nil
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
	scores(sc, s.v, x)
	return argmax(sc)
}

// rate returns the exploration rate of round t (1-based).
func (s *SOBA) rate(t int) float64 {
	if !s.adaptive {
		return s.gamma
	}
	return math.Min(s.gamma, math.Sqrt(float64(s.k)*(1+s.sumNQ)/float64(t)))
}

// Play plays one round of Algorithm 1.
func (s *SOBA) Play(x []float64, y int, u1, u2 float64) Round {
	s.t++
	scores(s.s, s.v, x)
	greedy := argmax(s.s)
	gamma := s.rate(s.t)
	played, p, explored := explore(greedy, s.k, gamma, u1, u2)
	r := Round{Greedy: greedy, Played: played, Prob: p, Explored: explored, Correct: played == y, Gamma: gamma}
	if !r.Correct {
		return r
	}
	ybar := argmaxExcept(s.s, y)
	delta := s.s[ybar] - s.s[y]
	rr := s.leverage(x, ybar, y, p)
	m := (delta*delta + 2*delta) / (p * (1 + rr))
	if s.cumM+m < 0 {
		return r
	}
	s.update(x, ybar, y, p, delta, rr)
	s.cumM += m
	s.sumNQ += rr / (1 + rr)
	r.Updated = true
	return r
}

// leverage computes u = A^{-1} z for z = (e_ybar - e_y) ⊗ x / sqrt(p), which
// touches two blocks of columns, and returns r = z^T A^{-1} z.
func (s *SOBA) leverage(x []float64, ybar, y int, p float64) float64 {
	c := 1 / math.Sqrt(p)
	s.Ainv.ApplyColumns(s.u, ybar*s.d, x, c, 0)
	s.Ainv.ApplyColumns(s.u, y*s.d, x, -c, 1)
	d := s.d
	r := 0.0
	for j, v := range x {
		r += c * v * (s.u[ybar*d+j] - s.u[y*d+j])
	}
	return r
}

// update makes the rank-one step: v <- v - u/sqrt(p) - u (z^T v - r/sqrt(p))/(1 + r)
// (Sherman–Morrison applied to theta - g, ALGORITHMS.md §4.3), then
// A^{-1} and theta. z^T v = (s_ybar - s_y)/sqrt(p).
func (s *SOBA) update(x []float64, ybar, y int, p, delta, rr float64) {
	sq := math.Sqrt(p)
	zv := delta / sq
	c := 1/sq + (zv-rr/sq)/(1+rr)
	for i, ui := range s.u {
		s.v[i] -= c * ui
	}
	s.Ainv.AddOuter(s.u, rr, 1)
	d := s.d
	for j, v := range x {
		s.theta[ybar*d+j] -= v / p
		s.theta[y*d+j] += v / p
	}
}
