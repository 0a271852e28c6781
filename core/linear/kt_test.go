package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestKTWealthIsItsBets plays per-coordinate KT on streams whose features
// span 1e-12 to 1e12, with labels from the data and against the learner,
// under the three Lipschitz losses, and checks every coordinate after
// every round: its wealth equals eps minus the sum of g_t w_{t,i} x_{t,i}
// over the bets it made (kept here from the learner's own bets, to 1e-9
// relative), and it is positive.
func TestKTWealthIsItsBets(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	scales := []float64{1e-12, 1e-3, 1, 1e6, 1e12}
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}, loss.Absolute{}} {
		for _, adversarial := range []bool{false, true} {
			xs, ys := scaledStream(rng, 3000, scales)
			k, err := NewKT(len(scales), l, 1)
			if err != nil {
				t.Fatal(err)
			}
			want := []float64{1, 1, 1, 1, 1} // eps - sum g w x, per coordinate
			for r, x := range xs {
				y := ys[r]
				if adversarial {
					y = adversarialLabel(rng, k.Predict(x), r%2 == 0)
					if _, isAbs := l.(loss.Absolute); !isAbs {
						y = math.Copysign(1, y)
					}
				}
				yhat := k.Learn(x, y)
				g := l.Deriv(y, yhat)
				for i := range x {
					want[i] -= g * k.bet[i] * k.unit[i] // g w_i x_i
					got := k.Wealth(i)
					if !(got > 0) {
						t.Fatalf("%T round %d: coordinate %d's wealth is %v", l, r+1, i, got)
					}
					if math.Abs(got-want[i]) > 1e-9*math.Abs(want[i]) {
						t.Fatalf("%T round %d: coordinate %d's wealth %v, its bets give %v", l, r+1, i, got, want[i])
					}
				}
			}
			t.Logf("%T (adversarial %v): final wealth %.3g", l, adversarial, want)
		}
	}
}

// coinLoss is the linear loss whose derivative is the label, for labels in
// [-1, 1]: it feeds KT the coins of a one-dimensional betting game.
type coinLoss struct{}

func (coinLoss) Value(y, yhat float64) float64 { return y * yhat }
func (coinLoss) Deriv(y, _ float64) float64    { return y }
func (coinLoss) Lipschitz() float64            { return 1 }
func (coinLoss) Name() string                  { return "coin" }

// TestKTWealthGuarantee bets KT on coins in [-1, 1] (x = 1 and the
// coin's negative as the loss's derivative): random, fair, biased and
// adversarial ones, the last always against the bet. Whatever the coins,
// the KT bettor's wealth after T rounds is at least
// eps exp(C^2/(2T)) / (e sqrt(pi T)) with C the sum of the coins: the
// guarantee that gives KT its regret bound
// |u| sqrt(T ln(1 + O(T^2 u^2/eps^2))) against every comparator u
// (Orabona & Pál 2016, §5).
func TestKTWealthGuarantee(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	worst := math.Inf(1)
	for trial := range 400 {
		T := []int{1, 2, 3, 10, 100, 1000, 5000}[trial%7]
		k, _ := NewKT(1, coinLoss{}, 1)
		C := 0.0
		for r := range T {
			var c float64
			switch trial % 4 {
			case 0:
				c = 2*rng.Float64() - 1
			case 1:
				c = float64(2*rng.IntN(2) - 1)
			case 2: // against the bet: the coin the bettor loses on
				c = -math.Copysign(1, k.coins[0])
				if k.coins[0] == 0 {
					c = float64(2*rng.IntN(2) - 1)
				}
			default:
				c = -1
				if rng.Float64() < 0.7 {
					c = 1
				}
			}
			k.Learn([]float64{1}, -c) // the derivative -c makes the coin c
			C += c
			_ = r
		}
		bound := math.Exp(C*C/(2*float64(T))) / (math.E * math.Sqrt(math.Pi*float64(T)))
		ratio := k.Wealth(0) / bound
		worst = math.Min(worst, ratio)
		if !(ratio >= 1) {
			t.Fatalf("trial %d (T = %d, kind %d): wealth %v below the guarantee %v", trial, T, trial%4, k.Wealth(0), bound)
		}
	}
	t.Logf("smallest wealth over its guarantee: %.3g", worst)
}

// TestKTRefusesUnboundedGradients checks the documented refusal: with the
// squared loss a coin can leave [-1, 1] and the wealth turn negative.
func TestKTRefusesUnboundedGradients(t *testing.T) {
	if _, err := NewKT(3, loss.Squared{}, 1); !errors.Is(err, ErrUnboundedGradient) {
		t.Fatalf("squared loss: %v, want ErrUnboundedGradient", err)
	}
	if _, err := NewKT(3, loss.Linear{}, 1); !errors.Is(err, ErrUnboundedGradient) {
		t.Fatalf("linear loss with unknown bound: %v, want ErrUnboundedGradient", err)
	}
}
