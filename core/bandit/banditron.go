package bandit

// Banditron is the Banditron of Kakade, Shalev-Shwartz and Tewari (ICML
// 2008; a baseline of the SOBA paper's experiments): play the greedy label, or with probability
// gamma a uniform one; then W += U with row r of U equal to
// x (1[y = ytilde] 1[ytilde = r] / P(r) - 1[yhat = r]): it always subtracts x
// from the greedy row and, when the played label was right, adds x/P to it.
type Banditron struct {
	k, d  int
	gamma float64
	W     []float64 // k x d, row-major
	s     []float64 // scores of the current round
	row   SparseRow // Play's row in sparse form
}

// NewBanditron returns the Banditron for k classes in d dimensions.
func NewBanditron(k, d int, gamma float64) (*Banditron, error) {
	if err := checkShape(k, d); err != nil {
		return nil, err
	}
	if err := checkGamma(gamma); err != nil {
		return nil, err
	}
	return &Banditron{k: k, d: d, gamma: gamma, W: make([]float64, k*d), s: make([]float64, k)}, nil
}

// Classes returns k.
func (b *Banditron) Classes() int { return b.k }

// Dim returns d.
func (b *Banditron) Dim() int { return b.d }

// Predict returns the greedy label.
func (b *Banditron) Predict(x []float64) int {
	s := make([]float64, b.k)
	scores(s, b.W, x)
	return argmax(s)
}

// Play plays one round and updates W.
func (b *Banditron) Play(x []float64, y int, u1, u2 float64) Round {
	b.row.setDense(x)
	return b.PlaySparse(b.row, y, u1, u2)
}

// PlaySparse plays one round on x's non-zero entries, in O(k nnz(x)).
func (b *Banditron) PlaySparse(x SparseRow, y int, u1, u2 float64) Round {
	sparseScores(b.s, b.W, b.d, x)
	greedy := argmax(b.s)
	played, prob, explored := explore(greedy, b.k, b.gamma, u1, u2)
	correct := played == y
	b.update(x, greedy, played, prob, correct)
	return Round{Greedy: greedy, Played: played, Prob: prob, Explored: explored, Correct: correct, Updated: true, Gamma: b.gamma}
}

// update applies W += U for the round's outcome.
func (b *Banditron) update(x SparseRow, greedy, played int, prob float64, correct bool) {
	d := b.d
	row := b.W[greedy*d : (greedy+1)*d]
	for n, j := range x.Index {
		row[j] -= x.Value[n]
	}
	if correct {
		row = b.W[played*d : (played+1)*d]
		for n, j := range x.Index {
			row[j] += x.Value[n] / prob
		}
	}
}
