package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestCocobBackpropFollowsTheAuthorsOptimizer plays per-coordinate
// COCOB-Backprop on streams whose features span 1e-6 to 1e6, under every
// loss, and checks its predictions against the authors' optimizer's
// recursions kept here (Orabona & Tommasi's TensorFlow code, with w the
// variable started at 0): L = max(L, |g|) from 1e-8, the sums of g and
// |g|, the reward max(R − g w̃, 0), and the new weight
// −Σg (R + L) / (L max(Σ|g| + L, αL)).
func TestCocobBackpropFollowsTheAuthorsOptimizer(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	scales := []float64{1e-6, 1e-2, 1, 1e3, 1e6}
	for _, alpha := range []float64{1, 100} {
		for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}, loss.Absolute{}, loss.Squared{}} {
			xs, ys := scaledStream(rng, 2000, scales)
			c := NewCocobBackprop(len(scales), l, alpha)
			d := len(scales)
			L, gsum, gnorm, reward, w := make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)
			for i := range L {
				L[i] = 1e-8
			}
			for r, x := range xs {
				want := dot(w, x)
				yhat := c.Learn(x, ys[r])
				if !relClose(yhat, want, 1e-12) && math.Abs(yhat-want) > 1e-300 {
					t.Fatalf("α %v, %T, round %d: predicted %v, the authors' recursions %v", alpha, l, r+1, yhat, want)
				}
				g := l.Deriv(ys[r], yhat)
				for i, v := range x {
					gi := g * v
					L[i] = math.Max(L[i], math.Abs(gi))
					gsum[i] += gi
					gnorm[i] += math.Abs(gi)
					reward[i] = math.Max(reward[i]-gi*w[i], 0)
					w[i] = -gsum[i] / (L[i] * math.Max(gnorm[i]+L[i], alpha*L[i])) * (reward[i] + L[i])
				}
			}
		}
	}
}

// TestCocobBackpropWarmUp: after one gradient g = 1 on a unit feature
// (L = G = 1), the weight is −1 · (L + 0)/(L max(G + L, αL)): −1/100 with
// α = 100, the warm-up's small first step, and −1/2 with α = 1.
func TestCocobBackpropWarmUp(t *testing.T) {
	for _, tc := range []struct{ alpha, want float64 }{{100, -0.01}, {1, -0.5}} {
		c := NewCocobBackprop(1, coinLoss{}, tc.alpha)
		c.Learn([]float64{1}, 1) // coinLoss's derivative is y: g = 1
		if got := c.Predict([]float64{1}); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("α %v: first weight %v, want %v", tc.alpha, got, tc.want)
		}
	}
}
