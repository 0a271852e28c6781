package bandit

import (
	"fmt"
	"math/rand/v2"
)

// Draws supplies the two uniform draws of each round: explore iff
// u1 < gamma, and the explored label is floor(u2 * k). A run driven by the
// same draws can be compared round by round with another implementation.
type Draws interface {
	Next() (u1, u2 float64)
}

// SeededDraws draws from a PCG generator seeded with Seed.
type SeededDraws struct{ rng *rand.Rand }

// NewSeededDraws returns the draws of a seed.
func NewSeededDraws(seed uint64) *SeededDraws {
	return &SeededDraws{rng: rand.New(rand.NewPCG(seed, 0x62616e646974))} // "bandit"
}

// Next returns the next two uniforms in [0, 1).
func (s *SeededDraws) Next() (float64, float64) { return s.rng.Float64(), s.rng.Float64() }

// ReplayDraws replays a given sequence, two numbers per round.
type ReplayDraws struct {
	u []float64
	i int
}

// NewReplayDraws checks that u holds two draws in [0, 1) for each of the
// rounds and returns a replay of it.
func NewReplayDraws(u []float64, rounds int) (*ReplayDraws, error) {
	if len(u) < 2*rounds {
		return nil, fmt.Errorf("bandit: %d draws for %d rounds; two per round are needed", len(u), rounds)
	}
	for i, v := range u {
		if !(v >= 0 && v < 1) {
			return nil, fmt.Errorf("bandit: draw %d is %v, outside [0, 1)", i+1, v)
		}
	}
	return &ReplayDraws{u: u}, nil
}

// Next returns the next two numbers of the sequence.
func (r *ReplayDraws) Next() (float64, float64) {
	u1, u2 := r.u[r.i], r.u[r.i+1]
	r.i += 2
	return u1, u2
}

// Trace is a run's record: each round and the count of mistakes (rounds
// whose played label was wrong).
type Trace struct {
	Rounds   []Round
	Mistakes int
}

// Run plays the learner over (xs[t], ys[t]) with the draws and returns its
// trace; keep says whether to keep every round (memory O(T)).
func Run(l Learner, xs [][]float64, ys []int, draws Draws, keep bool) (Trace, error) {
	if len(ys) != len(xs) {
		return Trace{}, fmt.Errorf("bandit: %d rows but %d labels", len(xs), len(ys))
	}
	var tr Trace
	for t, x := range xs {
		if err := checkRound(x, ys[t], l.Classes(), l.Dim()); err != nil {
			return Trace{}, fmt.Errorf("round %d: %w", t+1, err)
		}
		u1, u2 := draws.Next()
		tr.add(l.Play(x, ys[t], u1, u2), keep)
	}
	return tr, nil
}

// add counts a round's mistake and keeps the round if asked.
func (tr *Trace) add(r Round, keep bool) {
	if !r.Correct {
		tr.Mistakes++
	}
	if keep {
		tr.Rounds = append(tr.Rounds, r)
	}
}

// RunSparse is Run on rows given by their non-zero entries. A SparseLearner
// plays them as they are, at a cost in their non-zero entries; any other
// learner gets each row densified into one reused buffer.
func RunSparse(l Learner, xs []SparseRow, ys []int, draws Draws, keep bool) (Trace, error) {
	if len(ys) != len(xs) {
		return Trace{}, fmt.Errorf("bandit: %d rows but %d labels", len(xs), len(ys))
	}
	var tr Trace
	sparse, isSparse := l.(SparseLearner)
	var dense []float64
	if !isSparse {
		dense = make([]float64, l.Dim())
	}
	for t, x := range xs {
		if err := x.Check(l.Dim()); err != nil {
			return Trace{}, fmt.Errorf("round %d: bandit: %w", t+1, err)
		}
		if err := checkLabel(ys[t], l.Classes()); err != nil {
			return Trace{}, fmt.Errorf("round %d: %w", t+1, err)
		}
		u1, u2 := draws.Next()
		var r Round
		if isSparse {
			r = sparse.PlaySparse(x, ys[t], u1, u2)
		} else {
			x.DenseInto(dense)
			r = l.Play(dense, ys[t], u1, u2)
		}
		tr.add(r, keep)
	}
	return tr, nil
}
