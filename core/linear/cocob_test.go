package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestCOCOBBookkeeping plays per-coordinate COCOB on streams whose features
// span 1e-12 to 1e12, under every loss, with labels from the data and
// against the learner, and checks each coordinate after every round
// against the paper's recursions kept here from the gradients alone:
// L_i = max |g_i|, G_i = Σ|g_i|, θ_i = −Σ g_i, the reward
// R_i = max(R_i − g_i w_i, 0) for the weight it predicted with, the next
// weight tanh(θ_i/(G_i + L_i)) (ε + R_i)/L_i, and a bet never larger than
// the wealth (|w_i| L_i < ε + R_i).
func TestCOCOBBookkeeping(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	scales := []float64{1e-12, 1e-3, 1, 1e6, 1e12}
	const eps = 1
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}, loss.Absolute{}, loss.Squared{}} {
		for _, adversarial := range []bool{false, true} {
			xs, ys := scaledStream(rng, 3000, scales)
			c := NewCOCOB(len(scales), l, eps)
			d := len(scales)
			maxG, sumAbs, theta, reward := make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)
			for r, x := range xs {
				y := ys[r]
				if adversarial {
					y = adversarialLabel(rng, c.Predict(x), r%2 == 0)
				}
				w := make([]float64, d)
				for i := range w {
					w[i] = c.Weight(i)
				}
				yhat := c.Learn(x, y)
				if want := dot(w, x); !relClose(yhat, want, 1e-9) && math.Abs(yhat-want) > 1e-12 {
					t.Fatalf("round %d: predicted %v, w·x = %v", r+1, yhat, want)
				}
				g := l.Deriv(y, yhat)
				for i := range x {
					gi := g * x[i]
					if gi == 0 {
						continue
					}
					maxG[i] = math.Max(maxG[i], math.Abs(gi))
					sumAbs[i] += math.Abs(gi)
					theta[i] -= gi
					reward[i] = math.Max(reward[i]-gi*w[i], 0)
					next := math.Tanh(theta[i]/(sumAbs[i]+maxG[i])) * (eps + reward[i]) / maxG[i]
					if !relClose(c.Weight(i), next, 1e-9) || !relClose(c.Wealth(i), eps+reward[i], 1e-9) {
						t.Fatalf("%T round %d coordinate %d: w %v wealth %v, the recursions give %v and %v",
							l, r+1, i, c.Weight(i), c.Wealth(i), next, eps+reward[i])
					}
					if !(math.Abs(c.Weight(i))*maxG[i] < c.Wealth(i)) {
						t.Fatalf("%T round %d coordinate %d: bet %v of wealth %v", l, r+1, i, math.Abs(c.Weight(i))*maxG[i], c.Wealth(i))
					}
				}
			}
		}
	}
}

// TestCOCOBWealthGrowsOnAWinningCoin bets on a coin that always comes up
// the same: from the second round the bet is at least tanh(1/2) of the
// wealth, so the wealth grows at least as (1 + tanh(1/2))^(T-1): the
// exponential growth that makes a coin bettor parameter-free.
func TestCOCOBWealthGrowsOnAWinningCoin(t *testing.T) {
	for _, c := range []float64{1, -1, 1e-9, -1e9} {
		b := NewCOCOB(1, coinLoss{}, 1)
		const T = 60
		for range T {
			b.Learn([]float64{1}, -c) // the derivative -c: the coin c, won by betting its sign
		}
		floor := math.Pow(1+math.Tanh(0.5), T-1)
		if !(b.Wealth(0) >= floor) {
			t.Errorf("coin %g: wealth %v after %d wins, below (1 + tanh(1/2))^%d = %v", c, b.Wealth(0), T, T-1, floor)
		}
	}
}

// relClose reports whether a and b agree to rel relative.
func relClose(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}

// TestCOCOBInvariantOverTheFloatRange: COCOB's predictions do not change
// when its features are multiplied by factors from 1e-300 to 1e300 (with
// a bias of 1 kept as is), under every loss: each coordinate is kept in
// units of its feature, so the caps that guard against overflow are the
// same in every unit. Once a weight of 1e300 per unit was capped at
// features of about 1e-300, and the predictions changed.
func TestCOCOBInvariantOverTheFloatRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	base := []float64{1, 30, 0.2, 4000, 1}
	xs, ys := scaledStream(rng, 2000, base)
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}, loss.Absolute{}, loss.Squared{}} {
		for _, factors := range [][]float64{
			{1e-300, 1e-300, 1e-300, 1e-300, 1},
			{1e300 / 4000, 1e-290, 3e-301, 1e-302, 1},
			{1e150, 1e-150, 1e300 / 4000, 7e-299, 1},
		} {
			plain, scaled := NewCOCOB(len(base), l, 1), NewCOCOB(len(base), l, 1)
			for r, x := range xs {
				sx := make([]float64, len(x))
				for i, v := range x {
					sx[i] = v * factors[i]
				}
				a, b := plain.Learn(x, ys[r]), scaled.Learn(sx, ys[r])
				if !(math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a))) {
					t.Fatalf("%T, factors %v, round %d: prediction %v in natural units, %v rescaled", l, factors, r+1, a, b)
				}
			}
		}
	}
}
