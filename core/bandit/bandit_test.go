package bandit

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// smallStream returns T rounds of a k-class problem in d dimensions with a
// noisy linear rule.
func smallStream(seed uint64, T, k, d int) ([][]float64, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	U := make([]float64, k*d)
	for i := range U {
		U[i] = rng.NormFloat64()
	}
	xs := make([][]float64, T)
	ys := make([]int, T)
	s := make([]float64, k)
	for t := range xs {
		x := make([]float64, d)
		for j := range x {
			x[j] = rng.NormFloat64()
		}
		scores(s, U, x)
		for i := range s {
			s[i] += 0.3 * rng.NormFloat64()
		}
		xs[t], ys[t] = x, argmax(s)
	}
	return xs, ys
}

func learners(t *testing.T, k, d int, gamma float64) map[string]Learner {
	t.Helper()
	must := func(l Learner, err error) Learner {
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	return map[string]Learner{
		"soba":          must(NewSOBA(k, d, 1, gamma)),
		"soba-diag":     must(NewSOBADiag(k, d, 1, gamma)),
		"soba-adaptive": must(NewSOBAAdaptive(k, d, 1, 0.5)),
		"banditron":     must(NewBanditron(k, d, gamma)),
		"perceptron-mc": must(NewPerceptronMC(k, d)),
		"sop-mc":        must(NewSOPMC(k, d, 1)),
	}
}

// TestRepeatableAndReplayable: the same seed gives bit-identical runs, and a
// recorded sequence of draws replays them.
func TestRepeatableAndReplayable(t *testing.T) {
	xs, ys := smallStream(1, 600, 4, 5)
	var recorded []float64
	rec := NewSeededDraws(9)
	for range xs {
		u1, u2 := rec.Next()
		recorded = append(recorded, u1, u2)
	}
	for id := range learners(t, 4, 5, 0.2) {
		a, err := Run(learners(t, 4, 5, 0.2)[id], xs, ys, NewSeededDraws(9), true)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Run(learners(t, 4, 5, 0.2)[id], xs, ys, NewSeededDraws(9), true)
		replay, err := NewReplayDraws(recorded, len(xs))
		if err != nil {
			t.Fatal(err)
		}
		c, _ := Run(learners(t, 4, 5, 0.2)[id], xs, ys, replay, true)
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a, c) {
			t.Errorf("%s: runs with the same draws differ", id)
		}
		if a.Mistakes == 0 || a.Mistakes == len(xs) {
			t.Errorf("%s: %d mistakes of %d: the stream does not exercise it", id, a.Mistakes, len(xs))
		}
	}
	if _, err := NewReplayDraws([]float64{0.5}, 1); err == nil {
		t.Error("too few draws accepted")
	}
	if _, err := NewReplayDraws([]float64{0.5, 1}, 1); err == nil {
		t.Error("a draw of 1 accepted")
	}
}

// outcomes enumerates the plays of a round: each label j with the draws
// that produce it and its probability under the sampling of explore.
func outcomes(greedy, k int, gamma float64) (u1s, u2s, probs []float64) {
	for j := range k {
		u1s, u2s, probs = append(u1s, 0), append(u2s, (float64(j)+0.5)/float64(k)), append(probs, gamma/float64(k))
	}
	u1s, u2s, probs = append(u1s, math.Nextafter(1, 0)), append(u2s, 0.5), append(probs, 1-gamma)
	return
}

// TestBanditronUpdateIsUnbiased enumerates the plays of rounds and checks
// that the expected Banditron update is the full-information Perceptron
// update (e_y - e_yhat) x^T (the Banditron of Kakade, Shalev-Shwartz, Tewari 2008), and that explore reports
// the probability of what it played.
func TestBanditronUpdateIsUnbiased(t *testing.T) {
	const k, d, gamma = 5, 4, 0.3
	xs, ys := smallStream(2, 200, k, d)
	b, _ := NewBanditron(k, d, gamma)
	draws := NewSeededDraws(3)
	for t0, x := range xs {
		greedy := b.Predict(x)
		expected := make([]float64, k*d)
		u1s, u2s, probs := outcomes(greedy, k, gamma)
		total := map[int]float64{}
		for o := range probs {
			c, _ := NewBanditron(k, d, gamma)
			copy(c.W, b.W)
			r := c.Play(x, ys[t0], u1s[o], u2s[o])
			total[r.Played] += probs[o]
			for i := range expected {
				expected[i] += probs[o] * (c.W[i] - b.W[i])
			}
		}
		for j, p := range total {
			_, prob, _ := explore(greedy, k, gamma, 0, (float64(j)+0.5)/float64(k))
			if j == greedy {
				_, prob, _ = explore(greedy, k, gamma, 0.9999, 0.5)
			}
			if math.Abs(p-prob) > 1e-15 {
				t.Fatalf("label %d is played with probability %v, explore reports %v", j, p, prob)
			}
		}
		for i := range k {
			for j := range d {
				want := 0.0
				if i == ys[t0] {
					want += x[j]
				}
				if i == greedy {
					want -= x[j]
				}
				if math.Abs(expected[i*d+j]-want) > 1e-12 {
					t.Fatalf("round %d: E[U][%d][%d] = %v, want %v", t0+1, i, j, expected[i*d+j], want)
				}
			}
		}
		u1, u2 := draws.Next()
		b.Play(x, ys[t0], u1, u2)
	}
}

// TestSOBAGradientIsUnbiased checks by enumeration that SOBA's
// importance-weighted gradient 1[ytilde = y] g equals, in expectation, the
// full-information gradient (e_ybar - e_y) ⊗ x (the SOBA paper's Algorithm 1 and its analysis).
func TestSOBAGradientIsUnbiased(t *testing.T) {
	const k, d, gamma = 4, 3, 0.25
	xs, ys := smallStream(4, 100, k, d)
	s, _ := NewSOBADiag(k, d, 1, gamma)
	draws := NewSeededDraws(5)
	sc := make([]float64, k)
	for t0, x := range xs {
		s.scoresInto(sc, x)
		greedy := argmax(sc)
		y := ys[t0]
		ybar := argmaxExcept(sc, y)
		expected := make([]float64, k*d) // E[1[ytilde = y] g]
		u1s, u2s, probs := outcomes(greedy, k, gamma)
		for o := range probs {
			played, p, _ := explore(greedy, k, gamma, u1s[o], u2s[o])
			if played != y {
				continue
			}
			for j, v := range x {
				expected[ybar*d+j] += probs[o] * v / p
				expected[y*d+j] -= probs[o] * v / p
			}
		}
		for j, v := range x {
			if math.Abs(expected[ybar*d+j]-v) > 1e-12 || math.Abs(expected[y*d+j]+v) > 1e-12 {
				t.Fatalf("round %d: E[g] = %v, want (e_ybar - e_y) ⊗ x", t0+1, expected)
			}
		}
		u1, u2 := draws.Next()
		s.Play(x, y, u1, u2)
	}
}

// TestSOBAPotentialIdentity checks on every update round the identity of
// SOBA paper's analysis of Algorithm 1 (ICML 2017), Phi_{t+1} - Phi_t = -m_t + r_t/(p (1 + r_t)) with
// Phi = theta^T A^{-1} theta; that the cumulative margin never goes
// negative; and that R^T R matches S A S for A = a I + sum n_t z_t z_t^T
// (built independently) and the feature scales S to 1e-12 after 1000 rounds.
func TestSOBAPotentialIdentity(t *testing.T) {
	const k, d, a, gamma = 4, 6, 1.0, 0.3
	n := k * d
	xs, ys := smallStream(6, 1000, k, d)
	s, _ := NewSOBA(k, d, a, gamma)
	A := mat.NewSymDense(n, nil)
	for i := range n {
		A.SetSym(i, i, a)
	}
	draws := NewSeededDraws(7)
	sc := make([]float64, k)
	updates := 0
	for t0, x := range xs {
		scores(sc, s.sys.v, x)
		phi := dotf(s.sys.p, s.sys.p) // theta^T A^{-1} theta = |R^{-T} S theta|^2
		cumBefore := s.cumM
		u1, u2 := draws.Next()
		r := s.Play(x, ys[t0], u1, u2)
		if s.cumM < 0 {
			t.Fatalf("round %d: cumulative margin %v < 0", t0+1, s.cumM)
		}
		if !r.Updated {
			continue
		}
		updates++
		y, p := ys[t0], r.Prob
		ybar := argmaxExcept(sc, y)
		z := make([]float64, n)
		for j, v := range x {
			z[ybar*d+j] = v / math.Sqrt(p)
			z[y*d+j] = -v / math.Sqrt(p)
		}
		var Az mat.VecDense
		if err := Az.SolveVec(A, mat.NewVecDense(n, z)); err != nil {
			t.Fatal(err)
		}
		rr := mat.Dot(mat.NewVecDense(n, z), &Az)
		A.SymRankOne(A, 1, mat.NewVecDense(n, z))
		m := s.cumM - cumBefore
		want := -m + rr/(p*(1+rr))
		if got := dotf(s.sys.p, s.sys.p) - phi; math.Abs(got-want) > 1e-8*math.Max(1, math.Abs(want)) {
			t.Fatalf("round %d: Phi changed by %v, the identity says %v", t0+1, got, want)
		}
	}
	if updates < 50 {
		t.Fatalf("only %d updates", updates)
	}
	worst := 0.0
	for i := range n {
		for j := range n {
			g := 0.0 // (R^T R)_ij, the factor of S A S
			for l := 0; l <= min(i, j); l++ {
				g += s.sys.R.At(l, i) * s.sys.R.At(l, j)
			}
			want := A.At(i, j) / (s.sys.scale[i%d] * s.sys.scale[j%d])
			worst = math.Max(worst, math.Abs(g-want)/math.Max(1, math.Abs(want)))
		}
	}
	if worst > 1e-12 {
		t.Fatalf("R^T R differs from S A S, A = a I + sum n_t z_t z_t^T by %.3g (relative) after 1000 rounds", worst)
	}
	t.Logf("%d updates; R^T R vs S A S: %.2g", updates, worst)
}

func dotf(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// TestBadParameters: errors, not panics.
func TestBadParameters(t *testing.T) {
	if _, err := NewSOBA(1, 3, 1, 0.1); err == nil {
		t.Error("k = 1 accepted")
	}
	for _, g := range []float64{0, -0.1, 1.5, math.NaN()} {
		if _, err := NewBanditron(3, 3, g); err == nil {
			t.Errorf("gamma = %v accepted", g)
		}
		if _, err := NewSOBADiag(3, 3, 1, g); err == nil {
			t.Errorf("soba-diag gamma = %v accepted", g)
		}
	}
	if _, err := NewSOBA(3, 3, 0, 0.1); err == nil {
		t.Error("a = 0 accepted")
	}
	b, _ := NewBanditron(3, 2, 0.1)
	if _, err := Run(b, [][]float64{{1, 2, 3}}, []int{0}, NewSeededDraws(1), false); err == nil {
		t.Error("a mismatched x accepted")
	}
	if _, err := Run(b, [][]float64{{1, 2}}, []int{3}, NewSeededDraws(1), false); err == nil {
		t.Error("a label out of range accepted")
	}
}
