package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestPerceptronMistakeBound checks |M| <= L_M(u) + ||u|| X_M sqrt(L_M(u)) +
// ||u||^2 X_M^2, L_M(u) the hinge loss of u on the mistake rounds.
func TestPerceptronMistakeBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(111, 112))
	xs, ys := scaledStream(rng, 2000, []float64{1, 1, 1})
	p := NewPerceptron(3)
	var M [][]float64
	var My []float64
	for i, x := range xs {
		if ys[i]*p.Learn(x, ys[i]) <= 0 {
			M, My = append(M, x), append(My, ys[i])
		}
	}
	for _, u := range [][]float64{{-1, 0, 1}, {-3, 0, 3}, {-0.5, 0.1, 0.4}} {
		L, X := 0.0, 0.0
		for k, x := range M {
			L += math.Max(0, 1-My[k]*dot(u, x))
			X = math.Max(X, math.Sqrt(dot(x, x)))
		}
		n := math.Sqrt(dot(u, u))
		if bound := L + n*X*math.Sqrt(L) + n*n*X*X; float64(len(M)) > bound {
			t.Errorf("u = %v: %d mistakes > bound %v", u, len(M), bound)
		}
	}
}

// TestPA1IdentityAndBound checks the per-round inequality of PA-I,
// sum_t tau_t (2 h_t(w_t) - tau_t ||x_t||^2) <= ||u||^2 + 2 sum_t tau_t h_t(u)
// on every prefix, and |M| <= max(X^2, 1/C) (||u||^2 + 2 C sum_t h_t(u)).
func TestPA1IdentityAndBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(121, 122))
	xs, ys := scaledStream(rng, 2000, []float64{1, 2, 0.5})
	for _, C := range []float64{0.1, 1, 10} {
		p := NewPA1(3, C)
		us := [][]float64{{-1, 0, 2}, {-3, 0.2, 5}, {0, 0, 0}}
		lhs := 0.0
		rhs := make([]float64, len(us))
		hinge := make([]float64, len(us))
		mistakes, X := 0, 0.0
		for i, x := range xs {
			yhat := p.Predict(x)
			h := math.Max(0, 1-ys[i]*yhat)
			tau := p.step(x, ys[i], yhat)
			if ys[i]*yhat <= 0 {
				mistakes++
			}
			X = math.Max(X, math.Sqrt(dot(x, x)))
			lhs += tau * (2*h - tau*dot(x, x))
			for k, u := range us {
				hu := math.Max(0, 1-ys[i]*dot(u, x))
				rhs[k] += 2 * tau * hu
				hinge[k] += hu
				if !leq(lhs, dot(u, u)+rhs[k]) {
					t.Fatalf("C=%v round %d u=%v: %v > %v", C, i+1, u, lhs, dot(u, u)+rhs[k])
				}
			}
		}
		for k, u := range us {
			if bound := math.Max(X*X, 1/C) * (dot(u, u) + 2*C*hinge[k]); float64(mistakes) > bound {
				t.Errorf("C=%v u=%v: %d mistakes > %v", C, u, mistakes, bound)
			}
		}
	}
}

// TestFTLFailsOnTheLectureExample plays Orabona's §2.3 sequence on V = [-1, 1]
// (x_t = 1, linear losses z_t w with z_1 = -0.5, then +1, -1, ...): FTL's
// regret against u = 0 is exactly T - 1 (it plays x_1 = 0), while OGD with
// eta_t = D/(L sqrt t), D = 2, L = 1, stays under 3 sqrt(T).
func TestFTLFailsOnTheLectureExample(t *testing.T) {
	z := func(t int) float64 { // 1-based
		switch {
		case t == 1:
			return -0.5
		case t%2 == 0:
			return 1
		}
		return -1
	}
	for _, T := range []int{10, 100, 1000, 10000} {
		ftl := NewFTL(1, loss.Linear{}, 1)
		ogd := NewOGDSqrt(1, loss.Linear{}, 2, 1)
		ftlLoss, ogdLoss := 0.0, 0.0
		for t := 1; t <= T; t++ {
			ftlLoss += z(t) * ftl.Learn([]float64{1}, z(t))
			ogdLoss += z(t) * ogd.Learn([]float64{1}, z(t))
		}
		if ftlLoss != float64(T-1) {
			t.Errorf("T=%d: FTL regret %v, want exactly %d", T, ftlLoss, T-1)
		}
		// sum_t z_t is +0.5 for even T and -0.5 for odd T; the best fixed
		// point in [-1, 1] plays against its sign and loses |sum z| = 0.5.
		regret := ogdLoss + 0.5
		if regret > 3*math.Sqrt(float64(T)) {
			t.Errorf("T=%d: OGD regret %v above 3 sqrt(T) = %v", T, regret, 3*math.Sqrt(float64(T)))
		}
	}
}

// TestOGDSqrtBoundOnTheBall checks Regret_T(u) <= (3/2) D L sqrt(T) - D L/2
// for eta_t = D/(L sqrt t) on the ball of radius 1 (D = 2), ||x|| <= 1, any
// u in the ball.
func TestOGDSqrtBoundOnTheBall(t *testing.T) {
	rng := rand.New(rand.NewPCG(131, 132))
	xs, ys := scaledStream(rng, 3000, []float64{1, 1, 1})
	for _, x := range xs {
		n := math.Sqrt(dot(x, x))
		for i := range x {
			x[i] /= math.Max(1, n)
		}
	}
	l := loss.Hinge{}
	o := NewOGDSqrt(3, l, 2, 1)
	yhats := make([]float64, len(xs))
	for i, x := range xs {
		yhats[i] = o.Learn(x, ys[i])
	}
	T := float64(len(xs))
	for _, u := range [][]float64{{-0.7, 0, 0.7}, {0, 0, 0}, {1, 0, 0}} {
		if r, b := cumulativeRegret(l, xs, ys, yhats, u), 1.5*2*math.Sqrt(T)-1; r > b {
			t.Errorf("u=%v: regret %v > %v", u, r, b)
		}
	}
}

// TestAdaGradBound checks Duchi et al.'s bound for diagonal AdaGrad without
// projection, delta = 0: Regret_T(u) <= (1/(2 eta)) max_t ||w_t - u||_inf^2
// sum_i ||g_{1:T,i}||_2 + eta sum_i ||g_{1:T,i}||_2.
func TestAdaGradBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(141, 142))
	scales := []float64{1e-2, 1, 1e2}
	xs, ys := scaledStream(rng, 2000, scales)
	l := loss.Logistic{}
	a := NewAdaGrad(3, l, 0.5, 0)
	us := [][]float64{{-100, 0, 0.01}, {0, 0, 0}, {50, 1, -0.02}}
	maxDist := make([]float64, len(us))
	yhats := make([]float64, len(xs))
	for i, x := range xs {
		for k, u := range us {
			for j := range u {
				maxDist[k] = math.Max(maxDist[k], math.Abs(a.w[j]-u[j]))
			}
		}
		yhats[i] = a.Learn(x, ys[i])
	}
	gnorms := 0.0
	for _, n := range a.normG {
		gnorms += n
	}
	for k, u := range us {
		bound := maxDist[k]*maxDist[k]/(2*0.5)*gnorms + 0.5*gnorms
		if r := cumulativeRegret(l, xs, ys, yhats, u); r > bound {
			t.Errorf("u=%v: regret %v > %v", u, r, bound)
		}
	}
}

// TestScinol2WealthStaysPositive checks the coin-betting invariant of
// ScInOL2 (Kempka, Kotłowski, Warmuth, ICML 2019): |g x_i w_i| <= eta_i/2, so the wealth eta_i
// stays positive, on an adversarial stream.
func TestScinol2WealthStaysPositive(t *testing.T) {
	rng := rand.New(rand.NewPCG(151, 152))
	xs, _ := scaledStream(rng, 3000, []float64{1e-5, 1, 1e5})
	s := NewScinol2(3, loss.Absolute{}, 1)
	for i, x := range xs {
		y := adversarialLabel(rng, s.Predict(x), i%2 == 0)
		s.Learn(x, y)
		for j, w := range s.wealth {
			if !(w > 0) {
				t.Fatalf("round %d: wealth of coordinate %d is %v", i+1, j, w)
			}
		}
	}
}
