package bandit

// PerceptronMC is the full-information multiclass Perceptron, the reference
// line of the SOBA paper's plots (Beygelzimer, Orabona, Zhang, ICML 2017, the experiments): it sees the true
// label and on a mistake adds x to the true row and subtracts it from the
// predicted one. It never explores.
type PerceptronMC struct {
	k, d int
	W    []float64
	s    []float64
	row  SparseRow // Play's row in sparse form
}

// NewPerceptronMC returns the multiclass Perceptron for k classes in d
// dimensions.
func NewPerceptronMC(k, d int) (*PerceptronMC, error) {
	if err := checkShape(k, d); err != nil {
		return nil, err
	}
	return &PerceptronMC{k: k, d: d, W: make([]float64, k*d), s: make([]float64, k)}, nil
}

// Classes returns k.
func (p *PerceptronMC) Classes() int { return p.k }

// Dim returns d.
func (p *PerceptronMC) Dim() int { return p.d }

// Predict returns the greedy label.
func (p *PerceptronMC) Predict(x []float64) int {
	s := make([]float64, p.k)
	scores(s, p.W, x)
	return argmax(s)
}

// Play plays the greedy label and learns from the true one.
func (p *PerceptronMC) Play(x []float64, y int, u1, u2 float64) Round {
	p.row.setDense(x)
	return p.PlaySparse(p.row, y, u1, u2)
}

// PlaySparse plays one round on x's non-zero entries, in O(k nnz(x)).
func (p *PerceptronMC) PlaySparse(x SparseRow, y int, _, _ float64) Round {
	sparseScores(p.s, p.W, p.d, x)
	greedy := argmax(p.s)
	r := Round{Greedy: greedy, Played: greedy, Prob: 1, Correct: greedy == y}
	if greedy != y {
		d := p.d
		for n, j := range x.Index {
			v := x.Value[n]
			p.W[y*d+j] += v
			p.W[greedy*d+j] -= v
		}
		r.Updated = true
	}
	return r
}
