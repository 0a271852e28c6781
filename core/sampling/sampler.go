package sampling

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Sampler chooses the data point of each iteration.
type Sampler interface {
	// Sample draws a point and returns it with the probability it had.
	Sample(rng *rand.Rand) (i int, p float64)
	// Prob returns the current probability of point i.
	Prob(i int) float64
	// Update tells the sampler the effective-variance term a_i of the point
	// it drew (only the drawn point's is observed); p is its probability.
	Update(i int, p, a float64)
}

// Uniform samples every point with probability 1/n (the paper's _U).
type Uniform struct{ n int }

// NewUniform returns the uniform sampler over n points.
func NewUniform(n int) *Uniform { return &Uniform{n: n} }

// Sample draws uniformly.
func (u *Uniform) Sample(rng *rand.Rand) (int, float64) { return rng.IntN(u.n), 1 / float64(u.n) }

// Prob returns 1/n.
func (u *Uniform) Prob(int) float64 { return 1 / float64(u.n) }

// Update does nothing.
func (u *Uniform) Update(int, float64, float64) {}

// Importance samples with a fixed distribution p_i ∝ L_i, the smoothness of
// phi_i (the paper's _IS); points with L_i = 0 keep a
// floor of 1e-12 of the mean so that every probability is positive.
type Importance struct {
	tree *sumTree
}

// NewImportance returns the importance sampler for the objective.
func NewImportance(o *Objective) *Importance {
	n := o.N()
	mean := 0.0
	for i := range n {
		mean += o.Smoothness(i) / float64(n)
	}
	t := newSumTree(n)
	for i := range n {
		t.node[t.size+i] = math.Max(o.Smoothness(i), 1e-12*mean+math.SmallestNonzeroFloat64)
	}
	t.rebuild()
	return &Importance{tree: t}
}

// Sample draws in proportion to the smoothness constants.
func (s *Importance) Sample(rng *rand.Rand) (int, float64) {
	i := s.tree.find(rng.Float64() * s.tree.total())
	return i, s.Prob(i)
}

// Prob returns L_i / sum_j L_j.
func (s *Importance) Prob(i int) float64 { return s.tree.weight(i) / s.tree.total() }

// Update does nothing: the distribution is fixed.
func (s *Importance) Update(int, float64, float64) {}

// maxExponentStep clips one MABS weight update delta a/p^3 (a
// numerical guard of ours): inactive under the theory's delta, it keeps one heavy draw from
// swamping the weights when delta is set too large.
const maxExponentStep = 50

// rescaleAbove is how far a log-weight may rise above the offset before the
// leaves are recomputed from a new offset.
const rescaleAbove = 600

// MABS is the EXP3-style sampler of Salehi, Celis, Thiran
// (arXiv:1708.02544): weights w_i (kept as log-weights over a sum tree), sampling
// probabilities p_i = (1 - eta) w_i / W + eta/n, and after each draw only the
// drawn point's weight changes: w_i <- w_i exp(delta a_i / p_i^3).
type MABS struct {
	n          int
	eta, delta float64
	lw         []float64 // log-weights
	offset     float64   // leaves hold exp(lw - offset)
	tree       *sumTree
}

// NewMABS returns the sampler over n points with mixing eta in [0, 1) and
// step delta >= 0.
func NewMABS(n int, eta, delta float64) (*MABS, error) {
	if n < 1 {
		return nil, fmt.Errorf("sampling: MABS needs at least one point")
	}
	if !(eta >= 0 && eta < 1) {
		return nil, fmt.Errorf("sampling: eta = %v is outside [0, 1)", eta)
	}
	if !(delta >= 0) || math.IsInf(delta, 0) {
		return nil, fmt.Errorf("sampling: delta = %v must be a finite number >= 0", delta)
	}
	m := &MABS{n: n, eta: eta, delta: delta, lw: make([]float64, n), tree: newSumTree(n)}
	for i := range n {
		m.tree.node[m.tree.size+i] = 1
	}
	m.tree.rebuild()
	return m, nil
}

// Sample draws from p: with probability eta uniformly, otherwise from the
// weights by descending the tree, which together is exactly p.
func (m *MABS) Sample(rng *rand.Rand) (int, float64) {
	var i int
	if rng.Float64() < m.eta {
		i = rng.IntN(m.n)
	} else {
		i = m.tree.find(rng.Float64() * m.tree.total())
	}
	return i, m.Prob(i)
}

// Prob returns (1 - eta) w_i / W + eta/n.
func (m *MABS) Prob(i int) float64 {
	return (1-m.eta)*m.tree.weight(i)/m.tree.total() + m.eta/float64(m.n)
}

// Update multiplies the drawn point's weight by exp(delta a / p^3), the
// exponent clipped at maxExponentStep.
func (m *MABS) Update(i int, p, a float64) {
	step := m.delta * a / (p * p * p)
	if !(step > 0) {
		return
	}
	m.lw[i] += math.Min(step, maxExponentStep)
	if m.lw[i]-m.offset > rescaleAbove {
		m.offset = m.lw[i]
		for j, v := range m.lw {
			m.tree.node[m.tree.size+j] = math.Exp(v - m.offset)
		}
		m.tree.rebuild()
		return
	}
	m.tree.set(i, math.Exp(m.lw[i]-m.offset))
}
