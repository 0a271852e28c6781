package linear

import (
	"math/big"
	"testing"

	"unitfree/core/internal/exact"
)

// exactTolerance is the largest relative deviation of a second-order
// learner's prediction from the same update rule evaluated exactly.
const exactTolerance = 1e-9

// exactRounds is how many rounds of each stream are compared.
const exactRounds = 200

// secondOrderReference is an exact (200-bit) evaluation of a learner's
// update rule: predict returns the exact prediction of the next round,
// learn plays the round with the exact prediction's decisions.
type secondOrderReference interface {
	predict(x exact.Vec) *big.Float
	learn(x exact.Vec, y float64, yhat *big.Float)
}

// vawReference: yhat = x^T A_t^{-1} theta_t with A_t = a I + sum_{s<=t} x x^T
// and theta_t = sum_{s<t} y x, solved afresh every round.
type vawReference struct {
	A     *exact.Mat
	theta exact.Vec
}

func (r *vawReference) predict(x exact.Vec) *big.Float { return forwardPrediction(r.A, x, r.theta) }

// forwardPrediction returns x^T (A + x x^T)^{-1} theta, solved afresh.
func forwardPrediction(A *exact.Mat, x, theta exact.Vec) *big.Float {
	At := A.Clone()
	At.AddOuter(exact.New(1), x)
	return exact.Dot(x, At.Solve(theta))
}

func (r *vawReference) learn(x exact.Vec, y float64, _ *big.Float) {
	r.A.AddOuter(exact.New(1), x)
	r.theta.AddScaled(exact.New(y), x)
}

// sopReference: yhat = x^T (A + x x^T)^{-1} v; on a mistake A += x x^T and
// v += y x.
type sopReference struct {
	A *exact.Mat
	v exact.Vec
}

func (r *sopReference) predict(x exact.Vec) *big.Float { return forwardPrediction(r.A, x, r.v) }

func (r *sopReference) learn(x exact.Vec, y float64, yhat *big.Float) {
	if yhat.Sign()*int(y) > 0 {
		return
	}
	r.A.AddOuter(exact.New(1), x)
	r.v.AddScaled(exact.New(y), x)
}

// arowReference runs AROW's recursion as written: m = mu^T x; if y m < 1,
// v = x^T Sigma x, beta = 1/(v + r), alpha = (1 - y m) beta,
// mu += alpha y Sigma x, Sigma -= beta (Sigma x)(Sigma x)^T, with Sigma kept
// as the inverse of I + (1/r) sum of the updated x x^T.
type arowReference struct {
	r   float64
	A   *exact.Mat
	mu  exact.Vec
	one *big.Float
}

func (r *arowReference) predict(x exact.Vec) *big.Float { return exact.Dot(r.mu, x) }

func (r *arowReference) learn(x exact.Vec, y float64, m *big.Float) {
	ym := new(big.Float).Mul(exact.New(y), m)
	if ym.Cmp(r.one) >= 0 {
		return
	}
	sx := r.A.Solve(x)
	v := exact.Dot(x, sx)
	beta := new(big.Float).Quo(r.one, v.Add(v, exact.New(r.r)))
	alpha := new(big.Float).Sub(r.one, ym)
	alpha.Mul(alpha, beta).Mul(alpha, exact.New(y))
	r.mu.AddScaled(alpha, sx)
	r.A.AddOuter(exact.New(1/r.r), x)
}

// TestSecondOrderExactInNaturalUnits checks VAW, SOP and AROW against their
// update rules in 200-bit arithmetic on real data in natural units
// (penguins in mm and g, cars in lb and cu in, Seattle weather) and on
// features spanning 1e-3 to 1e3, class 0 against the rest, no bias, default
// parameters: every prediction within exactTolerance (relative) and of the
// same sign as the exact one.
func TestSecondOrderExactInNaturalUnits(t *testing.T) {
	streams, err := exact.Streams(exactRounds)
	if err != nil {
		t.Fatal(err)
	}
	type learnerCase struct {
		name string
		make func(d int) (Learner, secondOrderReference)
	}
	cases := []learnerCase{
		{"vaw", func(d int) (Learner, secondOrderReference) {
			return NewVAW(d, 1), &vawReference{A: exact.Identity(d, 1), theta: exact.NewVec(d)}
		}},
		{"sop", func(d int) (Learner, secondOrderReference) {
			return NewSOP(d, 1), &sopReference{A: exact.Identity(d, 1), v: exact.NewVec(d)}
		}},
		{"arow", func(d int) (Learner, secondOrderReference) {
			return NewAROW(d, 1), &arowReference{r: 1, A: exact.Identity(d, 1), mu: exact.NewVec(d), one: exact.New(1)}
		}},
	}
	for _, c := range cases {
		for _, s := range streams {
			t.Run(c.name+"/"+s.Name, func(t *testing.T) {
				l, ref := c.make(len(s.X[0]))
				worst, at := 0.0, 0
				for round, xf := range s.X {
					x := exact.FromFloats(xf)
					want := ref.predict(x)
					got := l.Learn(xf, s.Y[round])
					if e := exact.RelativeError(got, want); e > worst {
						worst, at = e, round+1
					}
					if sign(got) != want.Sign() {
						t.Fatalf("round %d: prediction %v, exact %v: signs differ", round+1, got, exact.Float64(want))
					}
					ref.learn(x, s.Y[round], want)
				}
				t.Logf("largest relative deviation %.2g at round %d", worst, at)
				if worst > exactTolerance {
					t.Errorf("largest relative deviation from exact %.2g (round %d) exceeds %g", worst, at, exactTolerance)
				}
			})
		}
	}
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
