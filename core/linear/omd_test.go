package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/hindsight"
	"unitfree/core/loss"
)

// comparatorsFor returns the best logistic comparator and random ones,
// scaled to the features' units.
func comparatorsFor(t *testing.T, rng *rand.Rand, xs [][]float64, ys []float64, scales []float64) [][]float64 {
	t.Helper()
	best, err := hindsight.Best(xs, ys, loss.Logistic{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := [][]float64{best.U, make([]float64, len(scales))}
	for range 4 {
		u := make([]float64, len(scales))
		for i := range u {
			u[i] = 2 * rng.NormFloat64() / scales[i]
		}
		out = append(out, u)
	}
	return out
}

// TestOMDSIDiagMasterInequality checks Lemma 1 of the OMD paper on every
// prefix T for regularizer (13): sum_t <z_t, u - w_t> <= f_T(u) +
// sum_t sum_i z_{t,i}^2 / (2 beta_{t,i} b_{t,i}^2), with z_t = -eta l'_t and
// f_T(u) = ½ sum_i beta_{T,i} b_{T,i}^2 u_i^2 (f_t grows with t, so the
// conjugate differences are <= 0); and the derived regret bound
// Regret_T(u) <= sum_i [u_i^2 b_{T,i}^2/(2 eta) + eta] beta_{T+1,i}.
func TestOMDSIDiagMasterInequality(t *testing.T) {
	for _, adversarial := range []bool{false, true} {
		testOMDSIDiag(t, adversarial)
	}
}

func testOMDSIDiag(t *testing.T, adversarial bool) {
	const T, eta, delta = 1500, 0.7, 1
	scales := []float64{1e-4, 1, 1e4}
	rng := rand.New(rand.NewPCG(61, 62))
	xs, ys := scaledStream(rng, T, scales)
	us := comparatorsFor(t, rng, xs, ys, scales)
	var l loss.Loss = loss.Logistic{}
	if adversarial {
		l = loss.Absolute{}
	}
	o := NewOMDSIDiag(len(scales), l, eta, delta)
	lhs := make([]float64, len(us))
	dual := 0.0
	yhats := make([]float64, T)
	for round, x := range xs {
		beta := make([]float64, len(x))
		b := make([]float64, len(x))
		for i, v := range x {
			b[i] = math.Max(o.b[i], math.Abs(v))
			beta[i] = math.Sqrt(o.delta + o.sumSq[i])
		}
		if adversarial {
			ys[round] = adversarialLabel(rng, o.Predict(x), round%3 != 0)
		}
		yhat := o.Learn(x, ys[round])
		yhats[round] = yhat
		g := l.Deriv(ys[round], yhat)
		for i, v := range x {
			if b[i] > 0 {
				z := -eta * g * v
				dual += z * z / (2 * beta[i] * b[i] * b[i])
			}
		}
		for k, u := range us {
			lhs[k] += -eta * g * (dot(u, x) - yhat)
			fT := 0.0
			for i := range u {
				fT += 0.5 * beta[i] * b[i] * b[i] * u[i] * u[i]
			}
			if !leq(lhs[k], fT+dual) {
				t.Fatalf("adversarial=%v round %d comparator %d: %v > %v + %v", adversarial, round+1, k, lhs[k], fT, dual)
			}
		}
	}
	for k, u := range us {
		bound := 0.0
		for i := range u {
			bound += (u[i]*u[i]*o.b[i]*o.b[i]/(2*eta) + eta) * math.Sqrt(delta+o.sumSq[i])
		}
		if r := cumulativeRegret(l, xs, ys, yhats, u); r > bound {
			t.Errorf("adversarial=%v comparator %d: regret %v exceeds the derived bound %v", adversarial, k, r, bound)
		}
	}
}

// TestOMDSIPNormMasterInequality checks Lemma 1 for regularizer (12):
// sum_t <z_t, u - w_t> <= f_T(u) + sum_t ||z_t ⊘ b_t||_{p_t}^2 / (2 beta_t),
// f_T(u) = beta_T/(2(q_T-1)) ||b_T ∘ u||_{q_T}^2, on a stream whose number of
// non-zero features grows (so p_t changes), and the derived bound
// Regret_T(u) <= beta_{T+1} [(p_T - 1) ||u ∘ b_T||_{q_T}^2/(2 eta) + eta].
func TestOMDSIPNormMasterInequality(t *testing.T) {
	const T, eta = 1500, 0.7
	scales := []float64{1e-3, 1, 1e3, 5, 1e-2, 40, 1, 1e5, 0.3, 2}
	rng := rand.New(rand.NewPCG(71, 72))
	xs, ys := scaledStream(rng, T, scales)
	for round, x := range xs { // sparse early rounds: m_t grows from 2 to 10
		for i := range x {
			if i >= 2+round/100 {
				x[i] = 0
			}
		}
	}
	us := comparatorsFor(t, rng, xs, ys, scales)
	l := loss.Logistic{}
	o := NewOMDSIPNorm(len(scales), l, eta, math.E)
	lhs := make([]float64, len(us))
	dual := 0.0
	yhats := make([]float64, T)
	qnorm := func(v []float64, q float64) float64 {
		s := 0.0
		for _, a := range v {
			s += math.Pow(math.Abs(a), q)
		}
		return math.Pow(s, 1/q)
	}
	for round, x := range xs {
		b := make([]float64, len(x))
		for i, v := range x {
			b[i] = math.Max(o.b[i], math.Abs(v))
		}
		p := pnorm(max(o.m, nonZeros(x)))
		q := p / (p - 1)
		beta := math.Sqrt(o.delta + o.sumSq)
		yhat := o.Learn(x, ys[round])
		yhats[round] = yhat
		g := l.Deriv(ys[round], yhat)
		zb := make([]float64, len(x))
		for i, v := range x {
			if b[i] > 0 {
				zb[i] = -eta * g * v / b[i]
			}
		}
		n := qnorm(zb, p)
		dual += n * n / (2 * beta)
		for k, u := range us {
			lhs[k] += -eta * g * (dot(u, x) - yhat)
			ub := make([]float64, len(u))
			for i := range u {
				ub[i] = u[i] * b[i]
			}
			nu := qnorm(ub, q)
			fT := beta / (2 * (q - 1)) * nu * nu
			if !leq(lhs[k], fT+dual) {
				t.Fatalf("round %d comparator %d: %v > %v + %v", round+1, k, lhs[k], fT, dual)
			}
		}
	}
	p := pnorm(o.m)
	q := p / (p - 1)
	for k, u := range us {
		ub := make([]float64, len(u))
		for i := range u {
			ub[i] = u[i] * o.b[i]
		}
		nu := qnorm(ub, q)
		bound := math.Sqrt(o.delta+o.sumSq) * ((p-1)*nu*nu/(2*eta) + eta)
		if r := cumulativeRegret(l, xs, ys, yhats, u); r > bound {
			t.Errorf("comparator %d: regret %v exceeds the derived bound %v", k, r, bound)
		}
	}
}
