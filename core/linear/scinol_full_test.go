package linear

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/hindsight"
	"unitfree/core/loss"
)

// referenceFull is an independent O(t d^2 + d^3)-per-round implementation of
// Kotłowski's Algorithm 2: every round it forms the data matrix of all x seen,
// equilibrates its columns to unit norm (a diagonal map the algorithm is
// invariant to), and takes S^+ from an SVD with gonum.
type referenceFull struct {
	alpha float64
	l     loss.Loss
	xs    [][]float64
	h     []float64 // -sum g x, raw coordinates
	gamma float64
	rank  int
}

// learn plays a round and returns the prediction and whether x added a new
// direction.
func (r *referenceFull) learn(x []float64, y float64) (yhat float64, newDir bool) {
	d := len(x)
	if r.h == nil {
		r.h = make([]float64, d)
	}
	r.xs = append(r.xs, x)
	T := len(r.xs)
	norms := make([]float64, d)
	for _, row := range r.xs {
		for i, v := range row {
			norms[i] += v * v
		}
	}
	for i := range norms {
		norms[i] = math.Sqrt(norms[i])
		if norms[i] == 0 {
			norms[i] = 1
		}
	}
	X := mat.NewDense(T, d, nil)
	for t, row := range r.xs {
		for i, v := range row {
			X.Set(t, i, v/norms[i])
		}
	}
	var svd mat.SVD
	if !svd.Factorize(X, mat.SVDThinV) {
		panic("svd failed")
	}
	sv := svd.Values(nil)
	var V mat.Dense
	svd.VTo(&V)
	rank := 0
	for _, s := range sv {
		if s > 1e-10*sv[0] {
			rank++
		}
	}
	newDir = rank > r.rank
	r.rank = rank
	// quad(a, b) = a~^T S~^+ b~ in equilibrated coordinates.
	quad := func(a, b []float64) float64 {
		total := 0.0
		for k := 0; k < rank; k++ {
			pa, pb := 0.0, 0.0
			for i := 0; i < d; i++ {
				pa += V.At(i, k) * a[i] / norms[i]
				pb += V.At(i, k) * b[i] / norms[i]
			}
			total += pa * pb / (sv[k] * sv[k])
		}
		return total
	}
	if !newDir {
		eta := math.Exp((quad(r.h, r.h)-r.gamma)/(2*r.alpha)) / r.alpha
		yhat = eta * quad(x, r.h)
	}
	g := r.l.Deriv(y, yhat)
	for i, v := range x {
		r.h[i] -= g * v
	}
	r.gamma += g * g * quad(x, x)
	return yhat, newDir
}

// rankDeficient returns T rounds in d dimensions: the first T/4 in a
// 2-dimensional subspace, the next T/4 in a 4-dimensional one, then all of
// R^d; every 13th point repeats an earlier one, every 17th is collinear with
// the previous point. Feature i is multiplied by scales[i].
func rankDeficient(rng *rand.Rand, T int, scales []float64) ([][]float64, []float64) {
	d := len(scales)
	basis := make([][]float64, d)
	for i := range basis {
		basis[i] = make([]float64, d)
		for j := range basis[i] {
			basis[i][j] = rng.NormFloat64()
		}
	}
	xs := make([][]float64, T)
	ys := make([]float64, T)
	for t := range T {
		k := d
		if t < T/4 {
			k = 2
		} else if t < T/2 {
			k = 4
		}
		x := make([]float64, d)
		for b := range k {
			c := rng.NormFloat64()
			for j := range x {
				x[j] += c * basis[b][j]
			}
		}
		for j := range x {
			x[j] *= scales[j]
		}
		switch {
		case t > 0 && t%13 == 0:
			copy(x, xs[rng.IntN(t)])
		case t > 0 && t%17 == 0:
			for j := range x {
				x[j] = -2.5 * xs[t-1][j]
			}
		}
		xs[t], ys[t] = x, 1
		if x[0]/scales[0]-x[1]/scales[1]+0.5*rng.NormFloat64() < 0 {
			ys[t] = -1
		}
	}
	return xs, ys
}

// TestScinolFullMatchesReference compares the incremental learner with the
// SVD reference over 1000 rounds, rank-deficient ones included, on
// well-scaled features (to 1e-8 relative) and on features scaled by
// 1e-6..1e6 (the reference sees the unscaled stream; the tolerance reached
// there is logged).
func TestScinolFullMatchesReference(t *testing.T) {
	const T, d = 1000, 7
	for _, tc := range []struct {
		name   string
		scales []float64
		tol    float64
	}{
		{"unit scales", []float64{1, 1, 1, 1, 1, 1, 1}, 1e-8},
		{"scales 1e-6..1e6", []float64{1e-6, 1e6, 3e-3, 1, 2e4, -7e-5, 1e2}, 1e-8},
	} {
		rng := rand.New(rand.NewPCG(21, 22))
		xs, ys := rankDeficient(rng, T, tc.scales)
		ref := &referenceFull{alpha: 1.5, l: loss.Logistic{}}
		inc := NewScinolFull(d, loss.Logistic{}, 1.5)
		worst, zeros := 0.0, 0
		for round, x := range xs {
			unscaled := make([]float64, d)
			for i := range x {
				unscaled[i] = x[i] / tc.scales[i]
			}
			want, newDir := ref.learn(unscaled, ys[round])
			got := inc.Learn(x, ys[round])
			if newDir {
				zeros++
				if got != 0 {
					t.Fatalf("%s: round %d adds a direction but predicts %v, want exactly 0", tc.name, round+1, got)
				}
			}
			diff := math.Abs(got-want) / math.Max(1, math.Max(math.Abs(got), math.Abs(want)))
			worst = math.Max(worst, diff)
			if diff > tc.tol {
				t.Fatalf("%s: round %d: incremental %v, reference %v (relative %.3g)", tc.name, round+1, got, want, diff)
			}
		}
		if inc.Rank() != d || zeros != d {
			t.Errorf("%s: rank %d and %d new-direction rounds, want %d of each", tc.name, inc.Rank(), zeros, d)
		}
		if !inc.full {
			t.Errorf("%s: full rank reached, but the learner still works in the pivots' coordinates", tc.name)
		}
		t.Logf("%s: max relative difference to the SVD reference over %d rounds: %.2g", tc.name, T, worst)
	}
}

// TestScinolFullLemma7 checks g_t x_t^T w_t + psi_t <= psi_{t-1} with
// psi_t = exp((h_t^T S_t^+ h_t - Gamma_t)/(2 alpha)), psi_0 = 1, on every
// round of a random and an adversarial stream.
func TestScinolFullLemma7(t *testing.T) {
	const alpha, T = 1.5, 1000
	for _, adversarial := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(31, 32))
		xs, ys := rankDeficient(rng, T, []float64{1, 1e-3, 1e3, 1, 5})
		s := NewScinolFull(5, loss.Absolute{}, alpha)
		prev := 1.0
		for round, x := range xs {
			y := ys[round]
			if adversarial {
				y = adversarialLabel(rng, s.Predict(x), round%2 == 0)
			}
			yhat := s.Learn(x, y)
			g := loss.Absolute{}.Deriv(y, yhat)
			psi := math.Exp((s.potentialArg() - s.Gamma) / (2 * alpha))
			if !leq(g*yhat+psi, prev) {
				t.Fatalf("adversarial=%v round %d: %v + %v > %v", adversarial, round+1, g*yhat, psi, prev)
			}
			prev = psi
		}
	}
}

// TestScinolFullTheorem9 checks the exact form of Theorem 9:
// Regret_T(u) <= ||u||_S sqrt(alpha log(1 + alpha ||u||_S^2 exp(Gamma_T/alpha))) + 1.
func TestScinolFullTheorem9(t *testing.T) {
	const alpha, T = 1.5, 1500
	rng := rand.New(rand.NewPCG(41, 42))
	scales := []float64{1e-3, 1, 1e3, 1}
	xs, ys := scaledStream(rng, T, scales)
	l := loss.Logistic{}
	s := NewScinolFull(len(scales), l, alpha)
	yhats := make([]float64, T)
	for round, x := range xs {
		yhats[round] = s.Learn(x, ys[round])
	}
	best, err := hindsight.Best(xs, ys, l, 0)
	if err != nil {
		t.Fatal(err)
	}
	comparators := [][]float64{best.U}
	for range 5 {
		u := make([]float64, len(scales))
		for i := range u {
			u[i] = 3 * rng.NormFloat64() / scales[i]
		}
		comparators = append(comparators, u)
	}
	for k, u := range comparators {
		uS2 := 0.0 // ||u||_S^2 = sum_t (u^T x_t)^2
		for _, x := range xs {
			v := dot(u, x)
			uS2 += v * v
		}
		bound := math.Sqrt(uS2)*math.Sqrt(alpha*math.Log1p(alpha*uS2*math.Exp(s.Gamma/alpha))) + 1
		regret := cumulativeRegret(l, xs, ys, yhats, u)
		if regret > bound {
			t.Errorf("comparator %d: regret %v exceeds Theorem 9's bound %v", k, regret, bound)
		}
		if k == 0 {
			t.Logf("against the best comparator: regret %.1f, bound %.1f (Gamma_T = %.2f)", regret, bound, s.Gamma)
		}
	}
}

// TestScinolFullPredictMatchesLearn checks that Predict is the prediction
// Learn then makes, and that it leaves the state alone.
func TestScinolFullPredictMatchesLearn(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	xs, ys := rankDeficient(rng, 200, []float64{1, 2, 3, 4, 5})
	s := NewScinolFull(5, loss.Logistic{}, 2)
	for round, x := range xs {
		p := s.Predict(x)
		if q := s.Predict(x); q != p {
			t.Fatalf("round %d: Predict changed the state (%v then %v)", round+1, p, q)
		}
		if got := s.Learn(x, ys[round]); got != p {
			t.Fatalf("round %d: Predict %v, Learn %v", round+1, p, got)
		}
	}
	if !s.full {
		t.Errorf("rank %d after %d rounds: the rounds at full rank were not checked", s.Rank(), len(xs))
	}
}

// TestScinolFullSwitchWaitsForConditioning starts with two rounds whose x
// are 1e-8 from parallel: S has full rank but is so close to singular that
// the learner stays in the pivots' coordinates, and switches to S's own
// factor when the next tried round (the fourth) finds S well conditioned.
// Every prediction matches exact rational arithmetic in both regimes, to
// 1e-8: the near-parallel pair costs either representation about 3e-9.
func TestScinolFullSwitchWaitsForConditioning(t *testing.T) {
	xs := [][]float64{{1, 1}, {1, 1 + 1e-8}, {1, -1}, {2, -1}, {-1, 3}, {0.5, 0.25}, {3, 1}, {1, 2}}
	ys := []float64{1, -1, 1, -1, 1, 1, -1, 1}
	s := NewScinolFull(2, loss.Logistic{}, 1.5)
	ref := newExactFull(2, loss.Logistic{}, 1.5)
	for i, x := range xs {
		got, want := s.Learn(x, ys[i]), ref.learn(x, ys[i])
		if d := math.Abs(got-want) / math.Max(1, math.Abs(want)); d > 1e-8 {
			t.Errorf("round %d: %v, exactly %v (relative %.2g)", i+1, got, want, d)
		}
		if wantFull := i+1 >= 4; s.full != wantFull {
			t.Errorf("after round %d: at S's own factor %v, want %v", i+1, s.full, wantFull)
		}
	}
}

// exactFull is Algorithm 2 in exact rational arithmetic for streams whose
// first rounds each add a direction until S has full rank (random data):
// those rounds predict 0 and have x^T S^+ x = 1 (§1.3), and every later
// round solves with S^{-1} exactly. Only the exponential and the loss's
// derivative are taken in float64.
type exactFull struct {
	alpha float64
	l     loss.Loss
	S     [][]*big.Rat
	h     []*big.Rat
	gamma float64
	t     int
}

func newExactFull(d int, l loss.Loss, alpha float64) *exactFull {
	e := &exactFull{alpha: alpha, l: l, S: make([][]*big.Rat, d), h: make([]*big.Rat, d)}
	for i := range d {
		e.h[i] = new(big.Rat)
		e.S[i] = make([]*big.Rat, d)
		for j := range d {
			e.S[i][j] = new(big.Rat)
		}
	}
	return e
}

// solve returns S^{-1} v by Gaussian elimination over the rationals.
func (e *exactFull) solve(v []*big.Rat) []*big.Rat {
	d := len(v)
	a := make([][]*big.Rat, d)
	for i := range d {
		a[i] = make([]*big.Rat, d+1)
		for j := range d {
			a[i][j] = new(big.Rat).Set(e.S[i][j])
		}
		a[i][d] = new(big.Rat).Set(v[i])
	}
	for c := range d {
		p := c
		for a[p][c].Sign() == 0 {
			p++
		}
		a[c], a[p] = a[p], a[c]
		for r := range d {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[r][c], a[c][c])
			for j := c; j <= d; j++ {
				a[r][j].Sub(a[r][j], new(big.Rat).Mul(f, a[c][j]))
			}
		}
	}
	out := make([]*big.Rat, d)
	for i := range d {
		out[i] = new(big.Rat).Quo(a[i][d], a[i][i])
	}
	return out
}

func ratDot(a, b []*big.Rat) *big.Rat {
	s := new(big.Rat)
	for i := range a {
		s.Add(s, new(big.Rat).Mul(a[i], b[i]))
	}
	return s
}

func (e *exactFull) learn(x []float64, y float64) float64 {
	d := len(x)
	e.t++
	xr := make([]*big.Rat, d)
	for i, v := range x {
		xr[i] = new(big.Rat).SetFloat64(v)
	}
	for i := range d {
		for j := range d {
			e.S[i][j].Add(e.S[i][j], new(big.Rat).Mul(xr[i], xr[j]))
		}
	}
	yhat, xSx := 0.0, 1.0
	if e.t > d {
		w, z := e.solve(e.h), e.solve(xr)
		hSh, _ := ratDot(e.h, w).Float64()
		xSh, _ := ratDot(xr, w).Float64()
		xSx, _ = ratDot(xr, z).Float64()
		if xSh != 0 {
			yhat = math.Copysign(math.Exp((hSh-e.gamma)/(2*e.alpha)-math.Log(e.alpha)+math.Log(math.Abs(xSh))), xSh)
		}
	}
	g := e.l.Deriv(y, yhat)
	gr := new(big.Rat).SetFloat64(g)
	for i := range d {
		e.h[i].Sub(e.h[i], new(big.Rat).Mul(gr, xr[i]))
	}
	e.gamma += g * g * xSx
	return yhat
}

// badlyScaledStream returns T rounds of d features of magnitudes 10^U[-12,
// 11] with random signs, plus a bias, and random labels: the streams on
// which this learner, when it kept an orthonormal basis, answered NaN (one
// stream in about a thousand).
func badlyScaledStream(rng *rand.Rand, T, d int) ([][]float64, []float64) {
	xs, ys := make([][]float64, T), make([]float64, T)
	for t := range xs {
		x := make([]float64, d+1)
		for j := range d {
			x[j] = math.Pow(10, -12+23*rng.Float64())
			if rng.IntN(2) == 0 {
				x[j] = -x[j]
			}
		}
		x[d] = 1
		xs[t], ys[t] = x, float64(2*rng.IntN(2)-1)
	}
	return xs, ys
}

// TestScinolFullBadlyScaledStreams plays 1,000 streams of 8 rounds with
// features from 1e-12 to 1e11 and a bias (logistic loss) against the exact
// rational computation. Every prediction must be finite (one stream in
// about a thousand gave a NaN when this learner kept an orthonormal basis
// in units fixed by each feature's first value; that learner was also off
// by more than 0.1 on 665 of these streams). Float64 cannot get every such
// stream right: the answer depends on digits of entries 1e20 apart. The
// test holds what this learner reaches: at least 870 streams within
// 1e-9 of the exact predictions (relative to max(1, |yhat|)), every
// stream within 0.5.
func TestScinolFullBadlyScaledStreams(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var worst []float64
	for stream := range 1000 {
		d := 1 + rng.IntN(4)
		xs, ys := badlyScaledStream(rng, 8, d)
		s := NewScinolFull(d+1, loss.Logistic{}, 1.5)
		ref := newExactFull(d+1, loss.Logistic{}, 1.5)
		w := 0.0
		for i, x := range xs {
			got, want := s.Learn(x, ys[i]), ref.learn(x, ys[i])
			if math.IsNaN(got) || math.IsInf(got, 0) {
				t.Fatalf("stream %d, round %d: %v (exactly %v)\nxs = %v", stream, i+1, got, want, xs)
			}
			w = math.Max(w, math.Abs(got-want)/math.Max(1, math.Abs(want)))
		}
		worst = append(worst, w)
	}
	slices.Sort(worst)
	within := 0
	for _, w := range worst {
		if w <= 1e-9 {
			within++
		}
	}
	t.Logf("difference to the exact predictions per stream: median %.2g, 90th percentile %.2g, largest %.2g; %d of 1000 within 1e-9",
		worst[500], worst[900], worst[999], within)
	if within < 870 || worst[999] > 0.5 {
		t.Errorf("%d streams within 1e-9 (want 870), largest difference %.2g (want <= 0.5)", within, worst[999])
	}
}
