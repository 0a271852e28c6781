package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestPiSTOLBookkeeping plays per-coordinate PiSTOL on streams whose
// features span 1e-6 to 1e6, under the three Lipschitz losses, and checks
// every prediction against the per-coordinate PiSTOL formula run here from
// the stream alone: s_i = max|x_i| including the round's, θ_i = −Σ g x_i,
// A_i = Σ|g x_i|, q_i = 1/(2 s_i L (A_i + s_i L)),
// w_i = η θ_i q_i sqrt(A_i) exp(q_i θ_i²/2).
func TestPiSTOLBookkeeping(t *testing.T) {
	rng := rand.New(rand.NewPCG(95, 96))
	scales := []float64{1e-6, 1, 1e6}
	const eta = 1
	for _, l := range []loss.Loss{loss.Logistic{}, loss.Hinge{}, loss.Absolute{}} {
		for _, adversarial := range []bool{false, true} {
			xs, ys := scaledStream(rng, 2000, scales)
			p, err := NewPiSTOL(len(scales), l, eta)
			if err != nil {
				t.Fatal(err)
			}
			d := len(scales)
			s, theta, abs := make([]float64, d), make([]float64, d), make([]float64, d)
			for r, x := range xs {
				y := ys[r]
				if adversarial {
					y = adversarialLabel(rng, p.Predict(x), r%2 == 0)
				}
				want := 0.0
				for i, v := range x {
					s[i] = math.Max(s[i], math.Abs(v))
					if theta[i] != 0 {
						q := 1 / (2 * s[i] * l.Lipschitz() * (abs[i] + s[i]*l.Lipschitz()))
						want += eta * theta[i] * q * math.Sqrt(abs[i]) * math.Exp(q*theta[i]*theta[i]/2) * v
					}
				}
				predicted := p.Predict(x)
				yhat := p.Learn(x, y)
				if predicted != yhat || !relClose(yhat, want, 1e-12) && math.Abs(yhat-want) > 1e-300 {
					t.Fatalf("%T round %d: predicted %v (Predict %v), the formula gives %v", l, r+1, yhat, predicted, want)
				}
				g := l.Deriv(y, yhat)
				for i, v := range x {
					theta[i] -= g * v
					abs[i] += math.Abs(g * v)
				}
			}
		}
	}
}

// TestPiSTOLRefusesUnboundedGradients: PiSTOL's potential assumes an
// L-Lipschitz loss; the squared loss is refused with the named error.
func TestPiSTOLRefusesUnboundedGradients(t *testing.T) {
	if _, err := NewPiSTOL(2, loss.Squared{}, 1); !errors.Is(err, ErrUnboundedGradient) {
		t.Fatalf("squared loss: %v, want ErrUnboundedGradient", err)
	}
}
