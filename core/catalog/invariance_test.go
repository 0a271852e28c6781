package catalog

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/features"
	"unitfree/core/loss"
)

// stream is a sequence of rounds with raw features and ±1 labels.
type stream struct {
	x [][]float64
	y []float64
}

// invarianceStream returns T rounds of d raw Gaussian features with labels
// from a noisy linear rule. Feature j is zero in the first 3j rounds, so that
// features start at different times.
func invarianceStream(seed uint64, T, d int) stream {
	rng := rand.New(rand.NewPCG(seed, 99))
	s := stream{x: make([][]float64, T), y: make([]float64, T)}
	for t := range T {
		x := make([]float64, d)
		score := 0.0
		for j := range x {
			if t >= 3*j {
				x[j] = rng.NormFloat64() + 0.5
			}
			score += x[j] * float64(j%3-1)
		}
		s.x[t], s.y[t] = x, 1
		if score+0.5*rng.NormFloat64() < 0 {
			s.y[t] = -1
		}
	}
	return s
}

// mapped returns s with every x replaced by A x (A given row-major as a
// function) and then the feature map applied.
func (s stream) mapped(transform func([]float64) []float64, fm *features.Map) stream {
	out := stream{x: make([][]float64, len(s.x)), y: s.y}
	for t, x := range s.x {
		out.x[t] = fm.Apply(nil, transform(x))
	}
	return out
}

// predictions runs learner id over s and returns its prediction of each
// round (made before learning, i.e. progressive validation).
func predictions(t *testing.T, id string, s stream, l loss.Loss) []float64 {
	t.Helper()
	learner, err := NewLinear(id, len(s.x[0]), l, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float64, len(s.x))
	for i, x := range s.x {
		out[i] = learner.Learn(x, s.y[i])
	}
	return out
}

// maxRelDiff returns max_t |a_t - b_t| / max(|a_t|, |b_t|, 1) and the round
// where it occurs. Predictions are in the units of the labels (±1), so the
// difference is relative to the prediction or, for predictions smaller than
// the labels, to the label scale 1: a prediction that is exactly 0 in exact
// arithmetic comes out of cancelling terms of order 1 as round-off of order
// 1e-16, whose relative size is meaningless.
func maxRelDiff(a, b []float64) (float64, int) {
	worst, at := 0.0, 0
	for t := range a {
		den := math.Max(1, math.Max(math.Abs(a[t]), math.Abs(b[t])))
		if r := math.Abs(a[t]-b[t]) / den; r > worst {
			worst, at = r, t
		}
	}
	return worst, at
}

// signFlips returns the number of rounds where a and b predict opposite
// signs: the labels a classifier would change.
func signFlips(a, b []float64) int {
	n := 0
	for t := range a {
		if a[t]*b[t] < 0 {
			n++
		}
	}
	return n
}

// perFeatureScales returns d factors ±10^u with u uniform in [-6, 6].
func perFeatureScales(rng *rand.Rand, d int) []float64 {
	c := make([]float64, d)
	for i := range c {
		c[i] = math.Pow(10, -6+12*rng.Float64())
		if rng.IntN(2) == 0 {
			c[i] = -c[i]
		}
	}
	return c
}

func scaleBy(c []float64) func([]float64) []float64 {
	return func(x []float64) []float64 {
		out := make([]float64, len(x))
		for i := range x {
			out[i] = c[i] * x[i]
		}
		return out
	}
}

func identity(x []float64) []float64 { return append([]float64(nil), x...) }

// TestPerFeatureInvariance checks that every learner the catalogue calls
// per-feature (or linear) invariant predicts the same, round by round, to
// 1e-9 relative, when each raw feature is multiplied by a factor in
// ±10^[-6, 6], with degree 1, 2 and 3 feature maps plus a bias; and that the
// learners with no invariance demonstrably change (the log says by how
// much, and in how many rounds the predicted label changes).
func TestPerFeatureInvariance(t *testing.T) {
	const d, T = 3, 400
	rng := rand.New(rand.NewPCG(7, 7))
	worst := map[string]float64{}
	flips, rounds := map[string]int{}, map[string]int{}
	defer func() {
		for _, e := range Linear() {
			t.Logf("%-13s %-18s max relative difference %.2g, sign of the prediction changed in %.1f%% of rounds",
				e.ID, e.Invariance, worst[e.ID], 100*float64(flips[e.ID])/float64(max(rounds[e.ID], 1)))
		}
	}()
	for _, degree := range []int{1, 2, 3} {
		fm, err := features.New(d, degree, true)
		if err != nil {
			t.Fatal(err)
		}
		base := invarianceStream(uint64(degree), T, d)
		for trial := range 3 {
			c := perFeatureScales(rng, d)
			orig := base.mapped(identity, fm)
			scaled := base.mapped(scaleBy(c), fm)
			for _, e := range Linear() {
				for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}} {
					a := predictions(t, e.ID, orig, l)
					b := predictions(t, e.ID, scaled, l)
					diff, at := maxRelDiff(a, b)
					worst[e.ID] = math.Max(worst[e.ID], diff)
					switch e.Invariance {
					case InvariantPerFeature, InvariantLinear:
						if diff > 1e-9 {
							t.Errorf("%s (degree %d, trial %d, %T, scales %.3g): relative difference %.3g at round %d (%v vs %v)",
								e.ID, degree, trial, l, c, diff, at+1, a[at], b[at])
						}
					}
					flips[e.ID] += signFlips(a, b)
					rounds[e.ID] += len(a)
					if e.Invariance == InvariantNone && diff < 0.1 {
						t.Errorf("%s changed by only %.3g under rescaling: the catalogue says it is not invariant", e.ID, diff)
					}
				}
			}
		}
	}
}

// randomInvertible returns a d x d matrix Q1 diag(s) Q2 with s log-spaced from
// 1 to cond and Q1, Q2 random orthogonal: its condition number is cond.
func randomInvertible(rng *rand.Rand, d int, cond float64) *mat.Dense {
	orth := func() *mat.Dense {
		g := mat.NewDense(d, d, nil)
		for i := range d {
			for j := range d {
				g.Set(i, j, rng.NormFloat64())
			}
		}
		var qr mat.QR
		qr.Factorize(g)
		var q mat.Dense
		qr.QTo(&q)
		return &q
	}
	s := mat.NewDiagDense(d, nil)
	for i := range d {
		s.SetDiag(i, math.Pow(cond, float64(i)/float64(d-1)))
	}
	var a mat.Dense
	a.Mul(orth(), s)
	a.Mul(&a, orth())
	return &a
}

func applyMatrix(A *mat.Dense) func([]float64) []float64 {
	return func(x []float64) []float64 {
		var out mat.VecDense
		out.MulVec(A, mat.NewVecDense(len(x), append([]float64(nil), x...)))
		return out.RawVector().Data
	}
}

// rankDeficientStream returns T rounds in d dimensions whose first rounds
// stay in a 2-dimensional subspace, then a 4-dimensional one, then the whole
// space, with repeated and collinear points among them.
func rankDeficientStream(seed uint64, T, d int) stream {
	rng := rand.New(rand.NewPCG(seed, 5))
	basis := make([][]float64, d)
	for i := range basis {
		basis[i] = make([]float64, d)
		for j := range basis[i] {
			basis[i][j] = rng.NormFloat64()
		}
	}
	s := stream{x: make([][]float64, T), y: make([]float64, T)}
	for t := range T {
		k := d
		switch {
		case t < T/5:
			k = 2
		case t < 2*T/5:
			k = 4
		}
		x := make([]float64, d)
		for i := range k {
			coef := rng.NormFloat64()
			for j := range x {
				x[j] += coef * basis[i][j]
			}
		}
		if t%17 == 5 && t > 0 {
			copy(x, s.x[t-1]) // a repeated point
		}
		s.x[t] = x
		s.y[t] = 1
		if x[0]-x[1]+0.3*rng.NormFloat64() < 0 {
			s.y[t] = -1
		}
	}
	return s
}

// TestScinolFullLinearInvariance checks that scinol-full predicts the same,
// to 1e-6 relative, after a random invertible map of condition number up to
// 1e6, on rank-deficient streams; that the rounds adding a direction predict
// exactly 0 in both; and that a per-feature learner is not invariant to such
// maps.
func TestScinolFullLinearInvariance(t *testing.T) {
	const d, T = 6, 400
	rng := rand.New(rand.NewPCG(11, 3))
	for trial, cond := range []float64{10, 1e3, 1e6} {
		A := randomInvertible(rng, d, cond)
		base := rankDeficientStream(uint64(trial), T, d)
		orig := base.mapped(identity, mustMap(d, 1, false))
		mixed := base.mapped(applyMatrix(A), mustMap(d, 1, false))
		for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}, loss.Absolute{}} {
			a := predictions(t, "scinol-full", orig, l)
			b := predictions(t, "scinol-full", mixed, l)
			diff, at := maxRelDiff(a, b)
			if diff > 1e-6 {
				t.Errorf("cond %.0e, %T: relative difference %.3g at round %d (%v vs %v)", cond, l, diff, at+1, a[at], b[at])
			}
			t.Logf("cond %.0e, %T: max relative difference %.2g", cond, l, diff)
			zeros := 0
			for i := range a {
				if (a[i] == 0) != (b[i] == 0) {
					t.Errorf("cond %.0e, %T: round %d predicts %v vs %v: exact zeros must match", cond, l, i+1, a[i], b[i])
				}
				if a[i] == 0 {
					zeros++
				}
			}
			if zeros < d {
				t.Errorf("only %d exact-zero rounds; each of the %d new directions must give one", zeros, d)
			}
		}
		a := predictions(t, "scinol2", orig, loss.Logistic{})
		b := predictions(t, "scinol2", mixed, loss.Logistic{})
		if diff, _ := maxRelDiff(a, b); diff < 0.1 {
			t.Errorf("scinol2 changed by only %.3g under a linear map: it is per-feature invariant only", diff)
		}
	}
}

func mustMap(d, degree int, bias bool) *features.Map {
	m, err := features.New(d, degree, bias)
	if err != nil {
		panic(err)
	}
	return m
}

// TestAffineUnitsWithBias: with a bias feature, a change
// of units x1 -> 1000 x1, x2 -> 1.8 x2 + 32 (°C to °F) is an invertible linear
// map of (x1, x2, 1), so scinol-full is invariant to it while a per-feature
// learner is not.
func TestAffineUnitsWithBias(t *testing.T) {
	base := invarianceStream(3, 300, 2)
	fm := mustMap(2, 1, true)
	orig := base.mapped(identity, fm)
	affine := base.mapped(func(x []float64) []float64 { return []float64{1000 * x[0], 1.8*x[1] + 32} }, fm)
	a := predictions(t, "scinol-full", orig, loss.Logistic{})
	b := predictions(t, "scinol-full", affine, loss.Logistic{})
	if diff, at := maxRelDiff(a, b); diff > 1e-6 {
		t.Errorf("scinol-full: relative difference %.3g at round %d under °C → °F", diff, at+1)
	}
	a = predictions(t, "scinol-diag", orig, loss.Logistic{})
	b = predictions(t, "scinol-diag", affine, loss.Logistic{})
	if diff, _ := maxRelDiff(a, b); diff < 0.01 {
		t.Errorf("scinol-diag changed by only %.3g under an affine change: the offset must matter", diff)
	}
}
