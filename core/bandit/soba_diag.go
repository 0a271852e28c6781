package bandit

// SOBADiag is SOBA with A replaced by its diagonal, the version of the
// authors' experiments ("SOBAdiag" in the paper's experiments): Adiag += z ∘ z,
// r = sum_j z_j^2 / Adiag_j, W = theta ⊘ Adiag. O(k d) per round.
type SOBADiag struct {
	k, d  int
	gamma float64
	Adiag []float64
	theta []float64
	cumM  float64
	s     []float64
	row   SparseRow // Play's row in sparse form
}

// NewSOBADiag returns SOBAdiag for k classes in d dimensions.
func NewSOBADiag(k, d int, a, gamma float64) (*SOBADiag, error) {
	if err := checkParams(k, d, a, gamma, true); err != nil {
		return nil, err
	}
	s := &SOBADiag{k: k, d: d, gamma: gamma, Adiag: make([]float64, k*d), theta: make([]float64, k*d), s: make([]float64, k)}
	for i := range s.Adiag {
		s.Adiag[i] = a
	}
	return s, nil
}

// Classes returns k.
func (s *SOBADiag) Classes() int { return s.k }

// Dim returns d.
func (s *SOBADiag) Dim() int { return s.d }

// CumulativeMargin returns sum_s n_s m_s.
func (s *SOBADiag) CumulativeMargin() float64 { return s.cumM }

// scoresInto sets sc = (theta ⊘ Adiag) x.
func (s *SOBADiag) scoresInto(sc, x []float64) {
	d := s.d
	for i := range sc {
		v := 0.0
		for j, xj := range x {
			v += s.theta[i*d+j] / s.Adiag[i*d+j] * xj
		}
		sc[i] = v
	}
}

// Predict returns the greedy label.
func (s *SOBADiag) Predict(x []float64) int {
	sc := make([]float64, s.k)
	s.scoresInto(sc, x)
	return argmax(sc)
}

// Play plays one round of SOBAdiag.
func (s *SOBADiag) Play(x []float64, y int, u1, u2 float64) Round {
	s.row.setDense(x)
	return s.PlaySparse(s.row, y, u1, u2)
}

// PlaySparse plays one round of SOBAdiag on x's non-zero entries, in
// O(k nnz(x)).
func (s *SOBADiag) PlaySparse(x SparseRow, y int, u1, u2 float64) Round {
	d := s.d
	for i := range s.s {
		v := 0.0
		for n, j := range x.Index {
			v += s.theta[i*d+j] / s.Adiag[i*d+j] * x.Value[n]
		}
		s.s[i] = v
	}
	greedy := argmax(s.s)
	played, p, explored := explore(greedy, s.k, s.gamma, u1, u2)
	r := Round{Greedy: greedy, Played: played, Prob: p, Explored: explored, Correct: played == y, Gamma: s.gamma}
	if !r.Correct {
		return r
	}
	ybar := argmaxExcept(s.s, y)
	delta := s.s[ybar] - s.s[y]
	rr := 0.0 // z = (e_ybar - e_y) ⊗ x / sqrt(p)
	for n, j := range x.Index {
		v := x.Value[n]
		rr += v * v / p * (1/s.Adiag[ybar*d+j] + 1/s.Adiag[y*d+j])
	}
	m := (delta*delta + 2*delta) / (p * (1 + rr))
	if s.cumM+m < 0 {
		return r
	}
	for n, j := range x.Index {
		v := x.Value[n]
		s.Adiag[ybar*d+j] += v * v / p
		s.Adiag[y*d+j] += v * v / p
		s.theta[ybar*d+j] -= v / p
		s.theta[y*d+j] += v / p
	}
	s.cumM += m
	r.Updated = true
	return r
}
