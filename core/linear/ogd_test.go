package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// randomStream returns T rounds of d-dimensional Gaussian inputs with labels
// ±1 from a noisy linear rule.
func randomStream(rng *rand.Rand, T, d int) ([][]float64, []float64) {
	xs := make([][]float64, T)
	ys := make([]float64, T)
	for t := range xs {
		x := make([]float64, d)
		s := 0.0
		for i := range x {
			x[i] = rng.NormFloat64()
			s += x[i] * float64(i+1)
		}
		xs[t] = x
		ys[t] = 1
		if s+rng.NormFloat64() < 0 {
			ys[t] = -1
		}
	}
	return xs, ys
}

func sqDist(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += (a[i] - b[i]) * (a[i] - b[i])
	}
	return s
}

// TestOGDPerStepLemma checks the note's one-step inequality
// eta_t (l_t(w_t) - l_t(u)) <= ½||w_t-u||² - ½||w_{t+1}-u||² + (eta_t²/2)||g_t||²
// on every round, for constant and decaying steps, with and without projection.
func TestOGDPerStepLemma(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs, ys := randomStream(rng, 500, 4)
	l := loss.Logistic{}
	u := []float64{0.3, -0.2, 0.5, 0.1} // inside the unit ball
	for _, o := range []*OGD{
		NewOGD(4, l, 0.3, 0), NewOGD(4, l, 0.3, 1),
		NewOGDSqrt(4, l, 2, 0), NewOGDSqrt(4, l, 2, 1),
	} {
		for t0, x := range xs {
			before := o.Weights()
			yhat := o.Learn(x, ys[t0])
			after := o.Weights()
			eta := o.StepSize(t0 + 1)
			g := l.Deriv(ys[t0], yhat)
			lhs := eta * (l.Value(ys[t0], yhat) - l.Value(ys[t0], dot(u, x)))
			rhs := 0.5*sqDist(before, u) - 0.5*sqDist(after, u) + 0.5*eta*eta*g*g*dot(x, x)
			if lhs > rhs+1e-12 {
				t.Fatalf("radius %v decay %v round %d: %v > %v", o.radius, o.decay, t0+1, lhs, rhs)
			}
		}
	}
}

// TestOGDRegretBound checks Regret_T(u) <= ||u||²/(2 eta) + (eta/2) sum ||g_t||²
// for constant steps on a random stream.
func TestOGDRegretBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	xs, ys := randomStream(rng, 2000, 3)
	l := loss.Logistic{}
	o := NewOGD(3, l, 0.05, 0)
	u := []float64{1, 2, 3}
	regret, sumG2 := 0.0, 0.0
	for t0, x := range xs {
		yhat := o.Learn(x, ys[t0])
		g := l.Deriv(ys[t0], yhat)
		sumG2 += g * g * dot(x, x)
		regret += l.Value(ys[t0], yhat) - l.Value(ys[t0], dot(u, x))
	}
	bound := dot(u, u)/(2*0.05) + 0.05/2*sumG2
	if regret > bound {
		t.Fatalf("regret %v exceeds the bound %v", regret, bound)
	}
	t.Logf("regret %.2f, bound %.2f", regret, bound)
}

func TestOGDProjectionKeepsBall(t *testing.T) {
	o := NewOGD(2, loss.Hinge{}, 10, 0.5)
	for i := 0; i < 20; i++ {
		o.Learn([]float64{3, float64(i)}, 1)
		if n := math.Sqrt(dot(o.w, o.w)); n > 0.5+1e-15 {
			t.Fatalf("||w|| = %v outside the ball of radius 0.5", n)
		}
	}
}

func TestOGDPredictDoesNotMutate(t *testing.T) {
	o := NewOGD(2, loss.Logistic{}, 0.5, 0)
	o.Learn([]float64{1, 2}, 1)
	w := o.Weights()
	o.Predict([]float64{5, -1})
	if sqDist(w, o.Weights()) != 0 {
		t.Fatal("Predict changed the weights")
	}
}
