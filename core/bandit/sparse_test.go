package bandit

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// fullRow lists every feature of x, zeros included: played through
// PlaySparse it does the arithmetic of the dense loops, term by term.
func fullRow(x []float64) SparseRow {
	r := SparseRow{Index: make([]int, len(x)), Value: append([]float64(nil), x...)}
	for j := range x {
		r.Index[j] = j
	}
	return r
}

// sparseStream is smallStream with about four features in five set to zero.
func sparseStream(seed uint64, T, k, d int) ([][]float64, []int) {
	xs, ys := smallStream(seed, T, k, d)
	rng := rand.New(rand.NewPCG(seed, 2))
	for _, x := range xs {
		for j := range x {
			if rng.Float64() < 0.8 {
				x[j] = 0
			}
		}
	}
	return xs, ys
}

// weights returns a learner's weights, the state its scores come from.
func weights(t *testing.T, l Learner) []float64 {
	switch l := l.(type) {
	case *SOBA:
		return l.sys.v
	case *SOPMC:
		return l.sys.v
	case *SOBADiag:
		w := make([]float64, len(l.theta))
		for i := range w {
			w[i] = l.theta[i] / l.Adiag[i]
		}
		return w
	case *Banditron:
		return l.W
	case *PerceptronMC:
		return l.W
	}
	t.Fatalf("no weights for %T", l)
	return nil
}

// TestSparseRowsPlayTheDenseRounds: every bandit learner, played on rows'
// non-zero entries only, plays the rounds (greedy and played labels,
// probabilities, updates) and keeps the weights that the same rows give
// with every feature listed, zeros included (the dense loops' arithmetic),
// on SynSep's, SynNonSep's and a sparse Gaussian stream.
func TestSparseRowsPlayTheDenseRounds(t *testing.T) {
	type stream struct {
		name string
		k, d int
		xs   [][]float64
		ys   []int
	}
	// SynSep's and SynNonSep's first 100 features (of 400) keep their
	// sparsity and keep the full learners' factors at 900 x 900
	synXs, synYs := SynSep(3, 400)
	nonXs, nonYs, _ := SynNonSep(4, 400)
	for _, xs := range [][][]float64{synXs, nonXs} {
		for i := range xs {
			xs[i] = xs[i][:100]
		}
	}
	gXs, gYs := sparseStream(5, 1500, 4, 12)
	for _, s := range []stream{
		{"SynSep", SynClasses, 100, synXs, synYs},
		{"SynNonSep", SynClasses, 100, nonXs, nonYs},
		{"sparse Gaussian", 4, 12, gXs, gYs},
	} {
		sparse, full := learners(t, s.k, s.d, 0.125), learners(t, s.k, s.d, 0.125)
		for id := range sparse {
			a, b := sparse[id].(SparseLearner), full[id].(SparseLearner)
			da, db := NewSeededDraws(9), NewSeededDraws(9)
			updates := 0
			for i, x := range s.xs {
				u1, u2 := da.Next()
				ra := a.PlaySparse(Sparsify(x), s.ys[i], u1, u2)
				u1, u2 = db.Next()
				rb := b.PlaySparse(fullRow(x), s.ys[i], u1, u2)
				if ra != rb {
					t.Fatalf("%s, %s, round %d: sparse %+v, dense %+v", s.name, id, i+1, ra, rb)
				}
				if ra.Updated {
					updates++
				}
			}
			wa, wb := weights(t, a), weights(t, b)
			for i := range wa {
				if wa[i] != wb[i] { // == : a zero's sign may differ
					t.Fatalf("%s, %s: weight %d is %v sparse, %v dense", s.name, id, i, wa[i], wb[i])
				}
			}
			if updates == 0 {
				t.Fatalf("%s, %s: no update in %d rounds; the test would compare nothing", s.name, id, len(s.xs))
			}
		}
	}
}

// TestRunSparseMatchesRun: the engine's sparse entry gives Run's trace,
// for learners that play sparse rows and, densified, for those that do not.
func TestRunSparseMatchesRun(t *testing.T) {
	xs, ys := sparseStream(7, 400, 3, 10)
	rows := make([]SparseRow, len(xs))
	for i, x := range xs {
		rows[i] = Sparsify(x)
		if !reflect.DeepEqual(rows[i].Dense(10), x) {
			t.Fatalf("row %d: Dense(Sparsify(x)) = %v, want %v", i, rows[i].Dense(10), x)
		}
	}
	a, _ := NewSOBA(3, 10, 1, 0.25)
	b, _ := NewSOBA(3, 10, 1, 0.25)
	dense := denseOnly{b}
	ta, err := RunSparse(a, rows, ys, NewSeededDraws(1), true)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := RunSparse(dense, rows, ys, NewSeededDraws(1), true)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := NewSOBA(3, 10, 1, 0.25)
	tc, err := Run(c, xs, ys, NewSeededDraws(1), true)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ta, tc) || !reflect.DeepEqual(tb, tc) {
		t.Fatalf("traces differ: sparse %d mistakes, densified %d, Run %d", ta.Mistakes, tb.Mistakes, tc.Mistakes)
	}
}

// denseOnly hides a learner's PlaySparse.
type denseOnly struct{ Learner }

// TestBadSparseRowsAreRefused: each malformed row is refused with the
// round and what is wrong, and nothing panics.
func TestBadSparseRowsAreRefused(t *testing.T) {
	for _, c := range []struct {
		row  SparseRow
		y    int
		want string
	}{
		{SparseRow{Index: []int{1, 2}, Value: []float64{1}}, 0, "2 indices but 1 values"},
		{SparseRow{Index: []int{5}, Value: []float64{1}}, 0, "index 5 is outside 0..3"},
		{SparseRow{Index: []int{-1}, Value: []float64{1}}, 0, "index -1 is outside"},
		{SparseRow{Index: []int{2, 1}, Value: []float64{1, 1}}, 0, "must increase (1 after 2)"},
		{SparseRow{Index: []int{2, 2}, Value: []float64{1, 1}}, 0, "must increase (2 after 2)"},
		{SparseRow{Index: []int{0}, Value: []float64{nanValue()}}, 0, "feature 0 is NaN"},
		{SparseRow{Index: []int{0}, Value: []float64{1}}, 3, "label 3 is outside 0..2"},
	} {
		l, _ := NewSOBADiag(3, 4, 1, 0.5)
		good := SparseRow{Index: []int{0}, Value: []float64{1}}
		_, err := RunSparse(l, []SparseRow{good, c.row}, []int{0, c.y}, NewSeededDraws(1), false)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "round 2") {
			t.Errorf("%+v: error %v, want one naming round 2 and %q", c.row, err, c.want)
		}
	}
	l, _ := NewSOBADiag(3, 4, 1, 0.5)
	if _, err := RunSparse(l, make([]SparseRow, 2), []int{0}, NewSeededDraws(1), false); err == nil || !strings.Contains(err.Error(), "2 rows but 1 labels") {
		t.Errorf("rows and labels of different lengths: error %v", err)
	}
	if _, err := Run(l, make([][]float64, 2), []int{0}, NewSeededDraws(1), false); err == nil || !strings.Contains(err.Error(), "2 rows but 1 labels") {
		t.Errorf("Run, rows and labels of different lengths: error %v", err)
	}
}

func nanValue() float64 { var z float64; return z / z }
