package bandit

// SOPMC is a full-information multiclass second-order Perceptron: the
// second-order Perceptron of Cesa-Bianchi, Conconi, Gentile (2005), an
// instance of Orabona, Crammer, Cesa-Bianchi's mirror descent, on Kesler's
// construction, as the full-information reference of SOBA. It sees the true
// label y; on a mistake z = (e_y - e_yhat) ⊗ x, A += z z^T and theta += z,
// with W = mat(A^{-1} theta) and A = a I at the start. It never explores. A
// is kept as SOBA keeps it (keslerSystem).
type SOPMC struct {
	k, d int
	sys  keslerSystem
	s    []float64 // scores
	row  SparseRow // Play's row in sparse form
}

// NewSOPMC returns the multiclass second-order Perceptron.
func NewSOPMC(k, d int, a float64) (*SOPMC, error) {
	if err := checkParams(k, d, a, 0, false); err != nil {
		return nil, err
	}
	return &SOPMC{k: k, d: d, sys: newKeslerSystem(k, d, a), s: make([]float64, k)}, nil
}

// Classes returns k.
func (p *SOPMC) Classes() int { return p.k }

// Dim returns d.
func (p *SOPMC) Dim() int { return p.d }

// Predict returns the greedy label.
func (p *SOPMC) Predict(x []float64) int {
	sc := make([]float64, p.k)
	scores(sc, p.sys.v, x)
	return argmax(sc)
}

// Play plays the greedy label and, on a mistake, makes the second-order
// update: z joins A and theta, and W = A^{-1} theta is solved afresh.
func (p *SOPMC) Play(x []float64, y int, u1, u2 float64) Round {
	p.row.setDense(x)
	return p.PlaySparse(p.row, y, u1, u2)
}

// PlaySparse plays one round on x's non-zero entries: O(k nnz(x)) for the
// scores, and the update's O((kd)^2) on a mistake.
func (p *SOPMC) PlaySparse(x SparseRow, y int, _, _ float64) Round {
	sparseScores(p.s, p.sys.v, p.d, x)
	greedy := argmax(p.s)
	r := Round{Greedy: greedy, Played: greedy, Prob: 1, Correct: greedy == y}
	if r.Correct {
		return r
	}
	p.sys.setPair(x, y, greedy, 1)
	p.sys.add(1)
	r.Updated = true
	return r
}
