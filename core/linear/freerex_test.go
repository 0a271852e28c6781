package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestFreeRexBookkeeping plays per-coordinate FreeRex on streams with
// labels from the data and against the learner, and checks each
// coordinate after every round against the paper's recursions run here
// as written (1/η² itself, not the learner's 1/(Lη)²):
// L = max|g|, θ = Σg, 1/η² = max(1/η² + 2g², L|θ|), a = max(a, 1/(Lη)²),
// w = −sgn(θ)(exp(η|θ|/√5) − 1)/a; and that a, 1/η² never decrease.
func TestFreeRexBookkeeping(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 92))
	scales := []float64{1e-3, 1, 1e3}
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}, loss.Absolute{}, loss.Squared{}} {
		for _, adversarial := range []bool{false, true} {
			xs, ys := scaledStream(rng, 2000, scales)
			f := NewFreeRex(len(scales), l)
			d := len(scales)
			maxG, theta, invEta2, a := make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)
			for r, x := range xs {
				y := ys[r]
				if adversarial {
					y = adversarialLabel(rng, f.Predict(x), r%2 == 0)
				}
				yhat := f.Learn(x, y)
				g := l.Deriv(y, yhat)
				for i := range x {
					gi := g * x[i]
					if gi == 0 {
						continue
					}
					maxG[i] = math.Max(maxG[i], math.Abs(gi))
					theta[i] += gi
					before := invEta2[i]
					invEta2[i] = math.Max(invEta2[i]+2*gi*gi, maxG[i]*math.Abs(theta[i]))
					a[i] = math.Max(a[i], invEta2[i]/(maxG[i]*maxG[i]))
					want := -math.Copysign(math.Expm1(math.Abs(theta[i])/(math.Sqrt(5)*math.Sqrt(invEta2[i])))/a[i], theta[i])
					if !relClose(f.w[i], want, 1e-9) || !relClose(f.a[i], a[i], 1e-12) {
						t.Fatalf("%T round %d coordinate %d: w %v a %v, the paper's recursions give %v and %v",
							l, r+1, i, f.w[i], f.a[i], want, a[i])
					}
					if invEta2[i] < before {
						t.Fatalf("round %d: 1/η² decreased", r+1)
					}
				}
			}
		}
	}
}

// TestFreeRexIsScaleFree multiplies every loss by a power of two: every
// prediction is the same bit for bit, because FreeRex keeps its state in
// units of each coordinate's largest gradient.
func TestFreeRexIsScaleFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(93, 94))
	xs, ys := scaledStream(rng, 2000, []float64{1e-3, 1, 1e4})
	base := NewFreeRex(3, loss.Logistic{})
	var want []float64
	for r, x := range xs {
		want = append(want, base.Learn(x, ys[r]))
	}
	for _, c := range []float64{0x1p-30, 0.5, 8, 0x1p40} {
		f := NewFreeRex(3, scaledLoss{loss.Logistic{}, c})
		for r, x := range xs {
			if got := f.Learn(x, ys[r]); got != want[r] {
				t.Fatalf("losses x %g, round %d: predicted %v, unscaled %v", c, r+1, got, want[r])
			}
		}
	}
}
