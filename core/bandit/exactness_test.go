package bandit

import (
	"math"
	"math/big"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/internal/exact"
)

// exactTolerance is the largest relative deviation of a second-order
// learner's scores from the same update rule evaluated exactly.
const exactTolerance = 1e-9

// luSlack is how far above a float64 LU solve's deviation a learner's may
// go where the system is too ill-conditioned for exactTolerance: the same
// order of magnitude (measured: from 0.01 to 2.3 times the LU's).
const luSlack = 10

// sobaReference evaluates SOBA's Algorithm 1 (and, with full set, the
// multiclass second-order Perceptron) exactly from its definitions:
// W = mat(A^{-1} theta) solved afresh, A = a I + sum n_s z_s z_s^T.
type sobaReference struct {
	k, d     int
	A        *exact.Mat
	theta    exact.Vec
	cumM     *big.Float
	sumNQ    float64
	gamma    float64
	adaptive bool
	full     bool // sop-mc: sees y, updates on greedy mistakes with z = (e_y - e_greedy) ⊗ x
	t        int
	lu       luMirror
}

// luMirror keeps the same system in float64, A and theta built from the
// same rounds, and solves it with gonum's LU: what a plain float64
// solve achieves on the same data, against which the learner is held where
// the system is too ill-conditioned for 1e-9.
type luMirror struct {
	A     *mat.Dense
	theta []float64
}

// add records A += z z^T, theta += b z for z = c (e_i - e_j) ⊗ x, rounded
// to float64 as a learner rounds it.
func (m *luMirror) add(d, i, j int, x []float64, c, b float64) {
	n := len(m.theta)
	z := make([]float64, n)
	for f, v := range x {
		z[i*d+f] = c * v
		z[j*d+f] = -c * v
	}
	zz := mat.NewVecDense(n, z)
	m.A.RankOne(m.A, 1, zz, zz)
	for l, v := range z {
		m.theta[l] += b * v
	}
}

// scores returns W x with W solved by LU.
func (m *luMirror) scores(k, d int, x []float64) []float64 {
	var w mat.VecDense
	if err := w.SolveVec(m.A, mat.NewVecDense(len(m.theta), append([]float64(nil), m.theta...))); err != nil {
		panic(err)
	}
	s := make([]float64, k)
	scores(s, w.RawVector().Data, x)
	return s
}

func newSOBAReference(k, d int, a, gamma float64, adaptive, full bool) *sobaReference {
	n := k * d
	lu := luMirror{A: mat.NewDense(n, n, nil), theta: make([]float64, n)}
	for i := range n {
		lu.A.Set(i, i, a)
	}
	return &sobaReference{k: k, d: d, A: exact.Identity(n, a), theta: exact.NewVec(n), cumM: exact.New(0),
		gamma: gamma, adaptive: adaptive, full: full, lu: lu}
}

// scores returns W x exactly, and for each score the size of its terms,
// sum_f |W_if x_f|.
func (r *sobaReference) scores(x exact.Vec) (exact.Vec, []float64) {
	w := r.A.Solve(r.theta)
	s := make(exact.Vec, r.k)
	size := make([]float64, r.k)
	for i := range s {
		s[i] = exact.Dot(w[i*r.d:(i+1)*r.d], x)
		for f, xf := range x {
			size[i] += math.Abs(exact.Float64(xf) * exact.Float64(w[i*r.d+f]))
		}
	}
	return s, size
}

// block returns (e_i - e_j) ⊗ x scaled by c.
func (r *sobaReference) block(i, j int, x exact.Vec, c *big.Float) exact.Vec {
	z := exact.NewVec(r.k * r.d)
	for l, v := range x {
		z[i*r.d+l].Mul(c, v)
		z[j*r.d+l].Neg(z[i*r.d+l])
	}
	return z
}

func argmaxBig(s exact.Vec, skip int) int {
	best := -1
	for i, v := range s {
		if i != skip && (best < 0 || v.Cmp(s[best]) > 0) {
			best = i
		}
	}
	return best
}

// xf returns x in float64 (it holds float64 values exactly).
func xf(x exact.Vec) []float64 {
	v := make([]float64, len(x))
	for i, xi := range x {
		v[i] = exact.Float64(xi)
	}
	return v
}

// play plays one round with the exact scores s and returns what it did.
func (r *sobaReference) play(x exact.Vec, s exact.Vec, y int, u1, u2 float64) Round {
	r.t++
	greedy := argmaxBig(s, -1)
	if r.full {
		rd := Round{Greedy: greedy, Played: greedy, Prob: 1, Correct: greedy == y}
		if !rd.Correct {
			z := r.block(y, greedy, x, exact.New(1))
			r.A.AddOuter(exact.New(1), z)
			r.theta.AddScaled(exact.New(1), z)
			r.lu.add(r.d, y, greedy, xf(x), 1, 1)
			rd.Updated = true
		}
		return rd
	}
	gamma := r.gamma
	if r.adaptive {
		gamma = math.Min(r.gamma, math.Sqrt(float64(r.k)*(1+r.sumNQ)/float64(r.t)))
	}
	played, p, explored := explore(greedy, r.k, gamma, u1, u2)
	rd := Round{Greedy: greedy, Played: played, Prob: p, Explored: explored, Correct: played == y, Gamma: gamma}
	if !rd.Correct {
		return rd
	}
	ybar := argmaxBig(s, y)
	z := r.block(ybar, y, x, exact.New(1/math.Sqrt(p)))
	rr := exact.Dot(z, r.A.Solve(z))
	delta := new(big.Float).Sub(s[ybar], s[y])
	m := new(big.Float).Add(delta, exact.New(2))
	m.Mul(m, delta)
	den := new(big.Float).Add(rr, exact.New(1))
	den.Mul(den, exact.New(p))
	m.Quo(m, den)
	if new(big.Float).Add(r.cumM, m).Sign() < 0 {
		return rd
	}
	r.A.AddOuter(exact.New(1), z)
	r.theta.AddScaled(exact.New(-1/p), r.block(ybar, y, x, exact.New(1)))
	r.cumM.Add(r.cumM, m)
	r.lu.add(r.d, ybar, y, xf(x), 1/math.Sqrt(p), -1/math.Sqrt(p))
	q := new(big.Float).Quo(rr, new(big.Float).Add(rr, exact.New(1)))
	r.sumNQ += exact.Float64(q)
	rd.Updated = true
	return rd
}

// TestSecondOrderBanditExactInNaturalUnits checks soba, soba-adaptive and
// sop-mc against their update rules in 200-bit arithmetic on real data in
// natural units and on features spanning 1e-3 to 1e3 (200 rounds, no
// bias, default parameters): the same greedy label, plays and updates every
// round, and every score W_i x within exactTolerance of the exact one,
// relative to the size of its terms sum_f |W_if x_f|. (A score can be a
// near-cancellation of its terms, 0.01 from terms of 15 on cars: relative
// to its own value it then carries the weights' round-off multiplied by
// that cancellation, whatever formulation computed the weights.) Where the
// system itself is too ill-conditioned for that (SOBA's importance weights
// 1/sqrt(p) make cond(A) reach 1e9 on cars), no float64 representation of A
// and theta is accurate to 1e-9, and the learner is held instead to what a
// float64 LU solve of the same system achieves on the same rounds (luSlack).
func TestSecondOrderBanditExactInNaturalUnits(t *testing.T) {
	streams, err := exact.Streams(200)
	if err != nil {
		t.Fatal(err)
	}
	type learnerCase struct {
		name string
		make func(k, d int) (Learner, *sobaReference)
	}
	cases := []learnerCase{
		{"soba", func(k, d int) (Learner, *sobaReference) {
			l, _ := NewSOBA(k, d, 1, 0.01)
			return l, newSOBAReference(k, d, 1, 0.01, false, false)
		}},
		{"soba-adaptive", func(k, d int) (Learner, *sobaReference) {
			l, _ := NewSOBAAdaptive(k, d, 1, 0.5)
			return l, newSOBAReference(k, d, 1, 0.5, true, false)
		}},
		{"sop-mc", func(k, d int) (Learner, *sobaReference) {
			l, _ := NewSOPMC(k, d, 1)
			return l, newSOBAReference(k, d, 1, 0, false, true)
		}},
	}
	for _, c := range cases {
		for _, s := range streams {
			t.Run(c.name+"/"+s.Name, func(t *testing.T) {
				l, ref := c.make(s.K, len(s.X[0]))
				draws := NewSeededDraws(7)
				worst, worstRaw, worstLU, at, updates := 0.0, 0.0, 0.0, 0, 0
				got := make([]float64, s.K)
				for round, xf := range s.X {
					x := exact.FromFloats(xf)
					want, size := ref.scores(x)
					scores(got, learnerWeights(l), xf)
					lu := ref.lu.scores(s.K, len(xf), xf)
					for i := range got {
						e := math.Abs(got[i] - exact.Float64(want[i]))
						eLU := math.Abs(lu[i] - exact.Float64(want[i]))
						if size[i] > 0 {
							e, eLU = e/size[i], eLU/size[i]
						}
						if e > worst {
							worst, at = e, round+1
						}
						worstLU = math.Max(worstLU, eLU)
						if e := exact.RelativeError(got[i], want[i]); e > worstRaw {
							worstRaw = e
						}
					}
					u1, u2 := draws.Next()
					rd, wantRd := l.Play(xf, s.Class[round], u1, u2), ref.play(x, want, s.Class[round], u1, u2)
					if !sameRound(rd, wantRd) {
						t.Fatalf("round %d: played %+v, exact %+v", round+1, rd, wantRd)
					}
					if rd.Updated {
						updates++
					}
				}
				t.Logf("%d updates; largest deviation of a score %.2g of its terms' size (round %d), %.2g of its value; LU in float64: %.2g",
					updates, worst, at, worstRaw, worstLU)
				if updates == 0 {
					t.Fatal("no update: the stream does not exercise the learner")
				}
				if worst > math.Max(exactTolerance, luSlack*worstLU) {
					t.Errorf("largest deviation from exact %.2g (round %d) exceeds %g and %g times a float64 LU solve's %.2g",
						worst, at, exactTolerance, float64(luSlack), worstLU)
				}
			})
		}
	}
}

// learnerWeights returns vec(W) of a second-order learner.
func learnerWeights(l Learner) []float64 {
	switch v := l.(type) {
	case *SOBA:
		return v.sys.v
	case *SOPMC:
		return v.sys.v
	}
	panic("not a second-order learner")
}

// sameRound reports whether two rounds made the same decisions, with
// probabilities and rates equal to round-off.
func sameRound(a, b Round) bool {
	close := func(u, v float64) bool { return math.Abs(u-v) <= 1e-12*math.Max(1, math.Abs(v)) }
	return close(a.Prob, b.Prob) && close(a.Gamma, b.Gamma) &&
		a.Greedy == b.Greedy && a.Played == b.Played && a.Explored == b.Explored && a.Correct == b.Correct && a.Updated == b.Updated
}
