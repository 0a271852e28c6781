package bandit

import "unitfree/core/rankone"

// SOPMC is a full-information multiclass second-order Perceptron: the
// second-order Perceptron of Cesa-Bianchi, Conconi, Gentile (2005; the OMD
// instance of ALGORITHMS.md §3.5(c)) on Kesler's construction, as the
// full-information reference of SOBA. It sees the true label y; on a mistake
// z = (e_y - e_yhat) ⊗ x, A += z z^T and theta += z, with W = mat(A^{-1} theta)
// and A = a I at the start. It never explores.
type SOPMC struct {
	k, d  int
	Ainv  rankone.Inverse
	theta []float64
	v     []float64 // vec(W) = A^{-1} theta
	s, u  []float64
}

// NewSOPMC returns the multiclass second-order Perceptron.
func NewSOPMC(k, d int, a float64) (*SOPMC, error) {
	if err := checkParams(k, d, a, 0, false); err != nil {
		return nil, err
	}
	n := k * d
	return &SOPMC{k: k, d: d, Ainv: rankone.NewInverse(n, a), theta: make([]float64, n), v: make([]float64, n),
		s: make([]float64, k), u: make([]float64, n)}, nil
}

// Classes returns k.
func (p *SOPMC) Classes() int { return p.k }

// Dim returns d.
func (p *SOPMC) Dim() int { return p.d }

// Predict returns the greedy label.
func (p *SOPMC) Predict(x []float64) int {
	sc := make([]float64, p.k)
	scores(sc, p.v, x)
	return argmax(sc)
}

// Play plays the greedy label and, on a mistake, makes the second-order
// update: v <- v + u - u (z^T v + r)/(1 + r) with u = A^{-1} z, r = z^T u.
func (p *SOPMC) Play(x []float64, y int, _, _ float64) Round {
	scores(p.s, p.v, x)
	greedy := argmax(p.s)
	r := Round{Greedy: greedy, Played: greedy, Prob: 1, Correct: greedy == y}
	if r.Correct {
		return r
	}
	d := p.d
	p.Ainv.ApplyColumns(p.u, y*d, x, 1, 0)
	p.Ainv.ApplyColumns(p.u, greedy*d, x, -1, 1)
	rr := 0.0
	for j, v := range x {
		rr += v * (p.u[y*d+j] - p.u[greedy*d+j])
	}
	zv := p.s[y] - p.s[greedy]
	c := 1 - (zv+rr)/(1+rr)
	for i, ui := range p.u {
		p.v[i] += c * ui
	}
	p.Ainv.AddOuter(p.u, rr, 1)
	for j, v := range x {
		p.theta[y*d+j] += v
		p.theta[greedy*d+j] -= v
	}
	r.Updated = true
	return r
}
