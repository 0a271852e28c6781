package sampling

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// tauData returns n points in d dimensions whose squared norms differ: a
// tenth of the rows are scaled so that max L_i / mean L_i is about tau
// (the kind of data of the MABS paper's experiments), labels from a noisy rule.
func tauData(seed uint64, n, d int, tau float64, kind Kind) ([][]float64, []float64) {
	rng := rand.New(rand.NewPCG(seed, 11))
	xs := make([][]float64, n)
	ys := make([]float64, n)
	heavy := max(1, n/10)
	// scale s^2 for the heavy rows so that s^2 / mean = tau, with mean = (heavy s^2 + (n-heavy))/n.
	s2 := tau * float64(n-heavy) / (float64(n) - tau*float64(heavy))
	if s2 < 1 || math.IsInf(s2, 0) || s2 <= 0 {
		s2 = tau
	}
	for i := range xs {
		x := make([]float64, d)
		sc := 1.0
		if i < heavy {
			sc = math.Sqrt(s2)
		}
		score := 0.0
		for j := range x {
			x[j] = sc * rng.NormFloat64() / math.Sqrt(float64(d))
			score += x[j] * float64(j%3-1)
		}
		xs[i] = x
		switch kind {
		case RidgeSquare:
			ys[i] = score + 0.1*rng.NormFloat64()
		default:
			ys[i] = 1
			if score+0.3*rng.NormFloat64() < 0 {
				ys[i] = -1
			}
		}
	}
	return xs, ys
}

func objective(t testing.TB, kind Kind, n int) *Objective {
	xs, ys := tauData(1, n, 5, 10, kind)
	o, err := NewObjective(kind, xs, ys, 1e-3)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// updatedMABS returns a MABS sampler after arbitrary weight updates.
func updatedMABS(t testing.TB, n int) *MABS {
	m, err := NewMABS(n, 0.4, 1e-4)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for range 3 * n {
		i := rng.IntN(n)
		m.Update(i, m.Prob(i), rng.Float64()*1e-2)
	}
	return m
}

// TestSamplersDrawWhatTheyClaim: chi-square over 10^5 draws with a fixed
// seed, after arbitrary weight updates, at the 0.1 % level.
func TestSamplersDrawWhatTheyClaim(t *testing.T) {
	const n, draws = 50, 100_000
	o := objective(t, SqHingeL2, n)
	for name, s := range map[string]Sampler{"uniform": NewUniform(n), "is": NewImportance(o), "mabs": updatedMABS(t, n)} {
		rng := rand.New(rand.NewPCG(9, 9))
		counts := make([]float64, n)
		total := 0.0
		for i := range n {
			total += s.Prob(i)
		}
		if math.Abs(total-1) > 1e-12 {
			t.Fatalf("%s: probabilities sum to %v", name, total)
		}
		for range draws {
			i, p := s.Sample(rng)
			if p != s.Prob(i) {
				t.Fatalf("%s: Sample reports %v for point %d, Prob says %v", name, p, i, s.Prob(i))
			}
			counts[i]++
		}
		chi2 := 0.0
		for i, c := range counts {
			e := draws * s.Prob(i)
			chi2 += (c - e) * (c - e) / e
		}
		crit := distuv.ChiSquared{K: n - 1}.Quantile(0.999)
		if chi2 > crit {
			t.Errorf("%s: chi-square %.1f above the 0.1%% critical value %.1f", name, chi2, crit)
		}
		t.Logf("%s: chi-square %.1f (critical %.1f)", name, chi2, crit)
	}
}

// estimator gives an optimiser's ghat (copied) and a_i for point i with
// probability p, and the mean of its control variate.
type estimator struct {
	name string
	est  func(i int, p float64) ([]float64, float64)
}

func estimators(t *testing.T, o *Objective, w []float64) []estimator {
	sgd, _ := NewSGD(o, NewUniform(o.N()), 0.1)
	copy(sgd.w, w)
	saga, _ := NewSAGA(o, NewUniform(o.N()), 0.1)
	rng := rand.New(rand.NewPCG(3, 3))
	for range 2 * o.N() { // a table from other iterates
		saga.Step(rng)
	}
	copy(saga.w, w)
	svrg, _ := NewProxSVRG(o, NewUniform(o.N()), 0.1)
	for range o.N() + 7 {
		svrg.Step(rng)
	}
	copy(svrg.w, w)
	return []estimator{
		{"sgd", func(i int, p float64) ([]float64, float64) {
			a := sgd.estimate(i, p)
			return append([]float64(nil), sgd.ghat...), a
		}},
		{"saga", func(i int, p float64) ([]float64, float64) {
			a := saga.estimate(i, p, o.Deriv(i, saga.w))
			return append([]float64(nil), saga.ghat...), a
		}},
		{"prox-svrg", func(i int, p float64) ([]float64, float64) {
			a := svrg.estimate(i, p)
			return append([]float64(nil), svrg.ghat...), a
		}},
	}
}

// TestEstimatorIdentities checks by exact enumeration over the points, for
// every optimiser and sampler: E[ghat] = grad f(w), E||ghat||^2 - ||E ghat||^2
// = sum_i a_i/p_i - ||(1/n) sum_i delta_i||^2 (the MABS paper's effective variance).
func TestEstimatorIdentities(t *testing.T) {
	for _, kind := range Kinds() {
		o := objective(t, kind, 40)
		rng := rand.New(rand.NewPCG(1, 2))
		w := make([]float64, o.Dim())
		for j := range w {
			w[j] = rng.NormFloat64()
		}
		grad := make([]float64, o.Dim())
		o.DataGrad(grad, w)
		for _, e := range estimators(t, o, w) {
			for sname, s := range map[string]Sampler{"uniform": NewUniform(o.N()), "is": NewImportance(o), "mabs": updatedMABS(t, o.N())} {
				mean := make([]float64, o.Dim())
				second, ve := 0.0, 0.0
				for i := range o.N() {
					p := s.Prob(i)
					g, a := e.est(i, p)
					for j, v := range g {
						mean[j] += p * v
					}
					second += p * dot(g, g)
					ve += a / p
				}
				for j := range mean {
					if math.Abs(mean[j]-grad[j]) > 1e-12*math.Max(1, math.Abs(grad[j])) {
						t.Fatalf("%s %s %s: E[ghat] = %v, grad f = %v", kind, e.name, sname, mean, grad)
					}
				}
				// (1/n) sum_i delta_i = E[ghat] - control mean; for SGD the
				// control mean is 0, so the subtraction is ||grad f||^2 there.
				variance := second - dot(mean, mean)
				var vc float64
				switch e.name {
				case "sgd":
					vc = dot(grad, grad)
				default:
					vc = controlGap(e, o, grad)
				}
				if want := ve - vc; math.Abs(variance-want) > 1e-9*math.Max(1, math.Abs(want)) {
					t.Fatalf("%s %s %s: variance %v, V_e - V_c = %v", kind, e.name, sname, variance, want)
				}
			}
		}
	}
}

// controlGap returns ||(1/n) sum_i delta_i||^2 for a variance-reduced
// estimator ghat_i(p) = delta_i/(n p) + c (c = Gbar for SAGA, mu for
// Prox-SVRG): evaluating point 0 at p = 1 and p = 1/2 gives delta_0/n and
// hence c, and since E[ghat] = (1/n) sum delta_i + c = grad f, the mean of
// the deltas is grad f - c.
func controlGap(e estimator, o *Objective, grad []float64) float64 {
	g1, _ := e.est(0, 1)
	g2, _ := e.est(0, 0.5)
	gap := make([]float64, len(grad))
	for j := range gap {
		c := g1[j] - (g2[j] - g1[j])
		gap[j] = grad[j] - c
	}
	return dot(gap, gap)
}

// TestEstimatorIsUnbiasedBySampling: the mean of ghat over 2*10^5 draws
// equals grad f(w) within 5 standard errors, for each sampler.
func TestEstimatorIsUnbiasedBySampling(t *testing.T) {
	o := objective(t, LogisticL1, 30)
	w := []float64{0.3, -0.2, 0.5, 0.1, -0.4}
	grad := make([]float64, o.Dim())
	o.DataGrad(grad, w)
	e := estimators(t, o, w)[0]
	for sname, s := range map[string]Sampler{"uniform": NewUniform(o.N()), "is": NewImportance(o), "mabs": updatedMABS(t, o.N())} {
		rng := rand.New(rand.NewPCG(4, 4))
		const draws = 200_000
		sum := make([]float64, o.Dim())
		sq := make([]float64, o.Dim())
		for range draws {
			i, p := s.Sample(rng)
			g, _ := e.est(i, p)
			for j, v := range g {
				sum[j] += v
				sq[j] += v * v
			}
		}
		for j := range sum {
			m := sum[j] / draws
			se := math.Sqrt((sq[j]/draws - m*m) / draws)
			if math.Abs(m-grad[j]) > 5*se+1e-15 {
				t.Errorf("%s: coordinate %d: mean %v, gradient %v (standard error %v)", sname, j, m, grad[j], se)
			}
		}
	}
}

// TestMABSDeltaZeroIsUniform and its floor of eta/n.
func TestMABSDeltaZeroIsUniform(t *testing.T) {
	const n = 64
	m, _ := NewMABS(n, 0.4, 0)
	o := objective(t, RidgeSquare, n)
	sgd, _ := NewSGD(o, m, 0.05)
	rng := rand.New(rand.NewPCG(1, 1))
	for range 1000 {
		sgd.Step(rng)
	}
	for i := range n {
		if math.Abs(m.Prob(i)-1.0/n) > 1e-15 {
			t.Fatalf("delta = 0: p_%d = %v, want 1/n", i, m.Prob(i))
		}
	}
	big, _ := NewMABS(n, 0.3, 10)
	sgd, _ = NewSGD(o, big, 0.05)
	for range 2000 {
		lw := append([]float64(nil), big.lw...) // the weights the step samples from
		st := sgd.Step(rng)
		top := lw[0]
		for _, v := range lw {
			top = math.Max(top, v)
		}
		total := 0.0
		for _, v := range lw {
			total += math.Exp(v - top)
		}
		want := 0.7*math.Exp(lw[st.Index]-top)/total + 0.3/n
		if math.Abs(st.Prob-want) > 1e-12*want {
			t.Fatalf("the step reports p = %v for point %d; its weights give %v", st.Prob, st.Index, want)
		}
		for i := range n {
			if big.Prob(i) < 0.3/n*(1-1e-12) {
				t.Fatalf("p_%d = %v below eta/n = %v", i, big.Prob(i), 0.3/n)
			}
		}
	}
}

// TestOptimum: the ridge optimum matches the normal equations; every
// objective's F* is below F at the iterates of a long SGD run.
func TestOptimum(t *testing.T) {
	o := objective(t, RidgeSquare, 60)
	fstar, w := o.Optimum()
	d := o.Dim()
	A := mat.NewSymDense(d, nil)
	b := mat.NewVecDense(d, nil)
	n := float64(o.N())
	for i, x := range o.X {
		xv := mat.NewVecDense(d, append([]float64(nil), x...))
		A.SymRankOne(A, 1/n, xv)
		b.AddScaledVec(b, o.Y[i]/n, xv)
	}
	for j := range d {
		A.SetSym(j, j, A.At(j, j)+o.Lambda)
	}
	var sol mat.VecDense
	if err := sol.SolveVec(A, b); err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if math.Abs(w[j]-sol.AtVec(j)) > 1e-6 {
			t.Fatalf("ridge optimum %v, normal equations %v", w, sol.RawVector().Data)
		}
	}
	if f := o.Value(sol.RawVector().Data); math.Abs(f-fstar) > 1e-12*math.Max(1, f) {
		t.Fatalf("F* = %v, F at the normal equations' solution %v", fstar, f)
	}
	for _, kind := range Kinds() {
		o := objective(t, kind, 60)
		fstar, _ := o.Optimum()
		s, _ := NewSGD(o, NewUniform(o.N()), 0.05)
		rng := rand.New(rand.NewPCG(2, 2))
		for range 5000 {
			s.Step(rng)
			if f := o.Value(s.W()); f < fstar-1e-9 {
				t.Fatalf("%s: SGD reached F = %v below F* = %v", kind, f, fstar)
			}
		}
		if gap := o.Value(s.W()) - fstar; gap > 0.05 {
			t.Errorf("%s: SGD is still %v above F* after 5000 steps", kind, gap)
		}
	}
}

// TestBadInput: errors, not panics.
func TestBadInput(t *testing.T) {
	xs := [][]float64{{1, 2}, {3, 4}}
	if _, err := NewObjective(RidgeSquare, xs, []float64{1, 2}, -1); err == nil {
		t.Error("lambda < 0 accepted")
	}
	if _, err := NewObjective(RidgeSquare, nil, nil, 0); err == nil {
		t.Error("empty data accepted")
	}
	if _, err := NewObjective(LogisticL1, xs, []float64{1, 2}, 0); err == nil {
		t.Error("a label 2 accepted for logistic")
	}
	if _, err := NewObjective(RidgeSquare, [][]float64{{1}, {1, 2}}, []float64{1, 2}, 0); err == nil {
		t.Error("ragged rows accepted")
	}
	for _, eta := range []float64{-0.1, 1, 1.5, math.NaN()} {
		if _, err := NewMABS(5, eta, 0.1); err == nil {
			t.Errorf("eta = %v accepted", eta)
		}
	}
	o, _ := NewObjective(RidgeSquare, xs, []float64{1, 2}, 0)
	if _, err := NewSGD(o, NewUniform(2), 0); err == nil {
		t.Error("gamma = 0 accepted")
	}
}

// TestEffectiveVarianceMatchesEnumeration: V_e computed over all points
// equals sum_i a_i/p_i from the estimators, for each optimiser.
func TestEffectiveVarianceMatchesEnumeration(t *testing.T) {
	o := objective(t, SqHingeL2, 30)
	m := updatedMABS(t, 30)
	rng := rand.New(rand.NewPCG(8, 8))
	sgd, _ := NewSGD(o, m, 0.1)
	saga, _ := NewSAGA(o, m, 0.1)
	svrg, _ := NewProxSVRG(o, m, 0.1)
	for range 45 {
		sgd.Step(rng)
		saga.Step(rng)
		svrg.Step(rng)
	}
	check := func(name string, opt Optimizer, est func(i int, p float64) float64) {
		want := 0.0
		for i := range o.N() {
			want += est(i, m.Prob(i)) / m.Prob(i)
		}
		if got := EffectiveVariance(opt, m); math.Abs(got-want) > 1e-12*want {
			t.Errorf("%s: V_e = %v, enumeration %v", name, got, want)
		}
	}
	check("sgd", sgd, sgd.estimate)
	check("saga", saga, func(i int, p float64) float64 { return saga.estimate(i, p, o.Deriv(i, saga.w)) })
	check("prox-svrg", svrg, svrg.estimate)
}

// TestOptimumWithinItsBudget: F*'s search stops at its bound of passes
// over the data and says so; unbounded, it reaches its optimum.
func TestOptimumWithinItsBudget(t *testing.T) {
	for _, kind := range Kinds() {
		o := objective(t, kind, 60)
		free, _, limited := o.OptimumWithin(0)
		if limited {
			t.Errorf("%s: the unbounded search says it was limited", kind)
		}
		capped, _, limited := o.OptimumWithin(4)
		if !limited || capped < free {
			t.Errorf("%s: 4 passes give F* = %v (limited %v), the unbounded search %v", kind, capped, limited, free)
		}
	}
}
