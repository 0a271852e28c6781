package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/hindsight"
	"unitfree/core/internal/elementary"
	"unitfree/core/loss"
)

// TestScinolDiagLemma3 checks Kotłowski's Lemma 3 on every round and every
// coordinate: g w_i x_i + psi_t(h_{t,i}, s_{t,i}) <= psi_{t-1}(h_{t-1,i},
// s_{t-1,i}) + kappa(alpha)/(t d), psi_t(h, s) = exp(h^2/(2 alpha s^2))/(t d),
// on a random stream with scales 1e-4..1e4 and on an adversarial one.
func TestScinolDiagLemma3(t *testing.T) {
	const alpha, T = 1.5, 1500
	kappa := math.Exp(1 / (2 * (alpha - 9.0/8)))
	scales := []float64{1e-4, 1, 37, 1e4}
	d := len(scales)
	for _, adversarial := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(5, 6))
		xs, ys := scaledStream(rng, T, scales)
		a := NewScinolDiag(d, loss.Absolute{}, alpha)
		psi := func(h, s2 float64, t int) float64 {
			if s2 == 0 {
				return 0
			}
			return math.Exp(h*h/(2*alpha*s2)) / float64(t*d)
		}
		for round, x := range xs {
			y := ys[round]
			if adversarial {
				y = adversarialLabel(rng, a.Predict(x), round%2 == 0)
			}
			hBefore, s2Before := append([]float64(nil), a.h...), append([]float64(nil), a.s2...)
			logScale := math.Log(alpha * float64(round+1) * float64(d))
			terms := make([]float64, d)
			for i, v := range x {
				if ratio, e, ok := a.term(i, v, logScale); ok {
					terms[i] = math.Exp(e) * ratio
				}
			}
			yhat := a.Learn(x, y)
			g := loss.Absolute{}.Deriv(y, yhat)
			for i := range x {
				lhs := g*terms[i] + psi(a.h[i], a.s2[i], round+1)
				rhs := psi(hBefore[i], s2Before[i], round) + kappa/float64((round+1)*d)
				if round == 0 {
					rhs = kappa / float64(d) // psi_0 = 0
				}
				if !leq(lhs, rhs) {
					t.Fatalf("adversarial=%v round %d coordinate %d: %v > %v", adversarial, round+1, i, lhs, rhs)
				}
			}
		}
	}
}

// TestScinolDiagTheorem4 checks Theorem 4 against the best logistic
// comparator in hindsight and random comparators:
// Regret_T(u) <= sum_i |u_i| s_i sqrt(alpha log(1 + alpha d^2 T^2 u_i^2 s_i^2)) + kappa (1 + log T).
func TestScinolDiagTheorem4(t *testing.T) {
	const alpha, T = 1.5, 2000
	kappa := math.Exp(1 / (2 * (alpha - 9.0/8)))
	rng := rand.New(rand.NewPCG(8, 9))
	scales := []float64{1e-3, 1, 1e3}
	xs, ys := scaledStream(rng, T, scales)
	l := loss.Logistic{}
	a := NewScinolDiag(len(scales), l, alpha)
	yhats := make([]float64, T)
	for t, x := range xs {
		yhats[t] = a.Learn(x, ys[t])
	}
	best, err := hindsight.Best(xs, ys, l, 0)
	if err != nil {
		t.Fatal(err)
	}
	comparators := [][]float64{best.U, make([]float64, 3)}
	for range 5 {
		u := make([]float64, 3)
		for i := range u {
			u[i] = rng.NormFloat64() / scales[i]
		}
		comparators = append(comparators, u)
	}
	d := float64(len(scales))
	for k, u := range comparators {
		bound := kappa * (1 + math.Log(T))
		for i := range u {
			s := math.Sqrt(a.s2[i])
			bound += math.Abs(u[i]) * s * math.Sqrt(alpha*math.Log1p(alpha*d*d*T*T*u[i]*u[i]*s*s))
		}
		regret := cumulativeRegret(l, xs, ys, yhats, u)
		if regret > bound {
			t.Errorf("comparator %d: regret %v exceeds Theorem 4's bound %v", k, regret, bound)
		}
		if k == 0 {
			t.Logf("against the best comparator: regret %.1f, bound %.1f", regret, bound)
		}
	}
}

// TestScinolDiagLongStreamStaysFinite runs far past the point where a plain
// exp would overflow (without a log-domain guard: about 1600 alpha rounds with a
// persistent gradient sign) and checks the predictions stay finite and keep
// their sign.
func TestScinolDiagLongStreamStaysFinite(t *testing.T) {
	a := NewScinolDiag(2, loss.Linear{}, 1.2)
	x := []float64{1, 0.5}
	for round := range 20000 {
		// The linear loss -yhat: g = -1 every round, h grows without end.
		yhat := a.Learn(x, -1)
		if math.IsNaN(yhat) || math.IsInf(yhat, 0) {
			t.Fatalf("round %d: prediction %v", round+1, yhat)
		}
		if round > 10 && yhat <= 0 {
			t.Fatalf("round %d: prediction %v lost its sign", round+1, yhat)
		}
	}
	if p := a.Predict(x); p != predictionLimit {
		t.Fatalf("after 20000 rounds the prediction is %v, want the clamp %v", p, predictionLimit)
	}
}

// TestScinolDiagBatchedIsOneLoop checks that predict's batched exponentials
// give the bits of the one-loop form of Algorithm 1's prediction,
// sum_i exp(E_i) h_i x_i / s2_i over the non-zero terms, round by round on a
// stream with zero features and scales from 1e-6 to 1e6.
func TestScinolDiagBatchedIsOneLoop(t *testing.T) {
	const d = 37
	rng := rand.New(rand.NewPCG(21, 22))
	a := NewScinolDiag(d, loss.Logistic{}, 1.5)
	scale := make([]float64, d)
	for i := range scale {
		scale[i] = math.Pow(10, float64(rng.IntN(13)-6))
	}
	x := make([]float64, d)
	for round := 1; round <= 3000; round++ {
		for i := range x {
			x[i] = 0
			if rng.IntN(4) > 0 {
				x[i] = rng.NormFloat64() * scale[i]
			}
		}
		// the one loop, on the state before the round, with s2 including x
		logScale := math.Log(a.alpha * float64(a.t+1) * float64(d))
		half := 1 / (2 * a.alpha)
		want := 0.0
		for i, v := range x {
			if v == 0 || a.h[i] == 0 {
				continue
			}
			inv := 1 / (a.s2[i] + v*v)
			want += elementary.Exp((a.h[i]*a.h[i]+v*v)*inv*half-logScale) * (a.h[i] * v * inv)
		}
		y := 1.0
		if x[0]+x[1] < 0 {
			y = -1
		}
		if got := a.Learn(x, y); math.Float64bits(got) != math.Float64bits(want) && !(got == 0 && want == 0) {
			t.Fatalf("round %d: predict %v, one loop %v", round, got, want)
		}
	}
}
