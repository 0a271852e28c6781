package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestSOLORegretBound plays one-dimensional online linear optimization with
// SOLO FTRL (x = 1 and the loss's derivative as the loss vector) on random,
// signed-constant, adversarial and wildly scaled gradient sequences, and
// checks the paper's bound for a λ-strongly convex regularizer R on an
// unbounded set (Orabona & Pál 2018, Theorem for SOLO FTRL):
//
//	Regret_T(u) <= (R(u) + 2.75/λ) sqrt(Σ g_t²) + 3.5 sqrt(T-1) max |g_t|,
//
// with R(u) = u²/(2η), λ = 1/η, against a grid of comparators and the
// comparator that maximizes regret minus R(u) sqrt(Σ g²).
func TestSOLORegretBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	worst := math.Inf(-1)
	for trial := range 300 {
		eta := []float64{0.1, 0.5, 1, 10}[trial%4]
		T := []int{1, 2, 5, 50, 500, 5000}[trial%6]
		s := NewSOLO(1, loss.Linear{}, eta)
		var sum, sumSq, maxG, loss float64
		for r := range T {
			w := s.w[0]
			var g float64
			switch trial % 5 {
			case 0:
				g = 2*rng.Float64() - 1
			case 1:
				g = -1
			case 2: // against the play: the loss |w|
				g = math.Copysign(1, w)
				if w == 0 {
					g = float64(2*rng.IntN(2) - 1)
				}
			case 3: // magnitudes over 12 orders
				g = math.Pow(10, -6+12*rng.Float64()) * float64(2*rng.IntN(2)-1)
			default: // alternating, growing
				g = float64(1-2*(r%2)) * float64(r+1)
			}
			s.Learn([]float64{1}, g) // the linear loss: derivative g
			loss += g * w
			sum += g
			sumSq += g * g
			maxG = math.Max(maxG, math.Abs(g))
		}
		bound := func(u float64) float64 {
			return (u*u/(2*eta)+2.75*eta)*math.Sqrt(sumSq) + 3.5*math.Sqrt(float64(T-1))*maxG
		}
		us := []float64{0, 1, -1, 10, -10, 1e3, -1e3, -eta * sum / math.Sqrt(sumSq)}
		for _, u := range us {
			regret := loss - u*sum
			worst = math.Max(worst, regret/bound(u))
			if !leq(regret, bound(u)) {
				t.Fatalf("trial %d (kind %d, T %d, η %g): regret against u = %g is %v, above the bound %v",
					trial, trial%5, T, eta, u, regret, bound(u))
			}
		}
	}
	t.Logf("largest regret over its bound: %.3g", worst)
}

// TestSOLOIsScaleFree multiplies every loss by a constant: powers of two
// leave every prediction bit for bit the same, other constants to 1e-10.
// The features are of unit size: with features of 1e4 the predictions
// reach margins where the logistic loss feeds each round's round-off back
// into the next, and two runs that differ in the last bit drift apart.
func TestSOLOIsScaleFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 84))
	xs, ys := scaledStream(rng, 2000, []float64{1, 1, 1})
	base := NewSOLO(3, loss.Logistic{}, 0.5)
	var want []float64
	for r, x := range xs {
		want = append(want, base.Learn(x, ys[r]))
	}
	for _, c := range []float64{0x1p-20, 8, 1e-6, 3.7, 1e6} {
		s := NewSOLO(3, scaledLoss{loss.Logistic{}, c}, 0.5)
		for r, x := range xs {
			got := s.Learn(x, ys[r])
			tol := 1e-10
			if math.Log2(c) == math.Round(math.Log2(c)) {
				tol = 0
			}
			if math.Abs(got-want[r]) > tol*math.Max(1, math.Abs(want[r])) {
				t.Fatalf("losses x %g, round %d: predicted %v, unscaled %v", c, r+1, got, want[r])
			}
		}
	}
}

// scaledLoss is a loss multiplied by a positive constant.
type scaledLoss struct {
	loss.Loss
	c float64
}

func (s scaledLoss) Value(y, yhat float64) float64 { return s.c * s.Loss.Value(y, yhat) }
func (s scaledLoss) Deriv(y, yhat float64) float64 { return s.c * s.Loss.Deriv(y, yhat) }
func (s scaledLoss) Lipschitz() float64            { return s.c * s.Loss.Lipschitz() }
