package linear

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"unitfree/core/loss"
)

// ridgeSolve returns (a I + sum_k x_k x_k^T)^{-1} sum_k c_k x_k by a direct
// gonum solve: the reference for the second-order learners.
func ridgeSolve(a float64, xs [][]float64, cs []float64, d int) []float64 {
	A := mat.NewSymDense(d, nil)
	rhs := mat.NewVecDense(d, nil)
	for i := range d {
		A.SetSym(i, i, a)
	}
	for k, x := range xs {
		v := mat.NewVecDense(d, append([]float64(nil), x...))
		A.SymRankOne(A, 1, v)
		rhs.AddScaledVec(rhs, cs[k], v)
	}
	var w mat.VecDense
	if err := w.SolveVec(A, rhs); err != nil {
		panic(err)
	}
	return w.RawVector().Data
}

// quadInv returns x^T (a I + sum_k x_k x_k^T)^{-1} x by a direct solve.
func quadInv(a float64, xs [][]float64, x []float64) float64 {
	A := mat.NewSymDense(len(x), nil)
	for i := range x {
		A.SetSym(i, i, a)
	}
	for _, v := range xs {
		A.SymRankOne(A, 1, mat.NewVecDense(len(v), append([]float64(nil), v...)))
	}
	var s mat.VecDense
	if err := s.SolveVec(A, mat.NewVecDense(len(x), append([]float64(nil), x...))); err != nil {
		panic(err)
	}
	return dot(x, s.RawVector().Data)
}

// TestVAWMatchesRidgeAndBound checks every VAW prediction against the
// direct formula w_t = (a I + sum_{s<=t} x x^T)^{-1} sum_{s<t} y x, and the
// bound Regret_T(u) <= (a/2)||u||^2 + ½ sum_t y_t^2 x_t^T A_t^{-1} x_t.
func TestVAWMatchesRidgeAndBound(t *testing.T) {
	const T, d, a = 300, 4, 0.5
	rng := rand.New(rand.NewPCG(81, 82))
	xs, _ := scaledStream(rng, T, []float64{1, 2, 0.5, 1})
	ys := make([]float64, T)
	for i, x := range xs {
		ys[i] = 0.7*x[0] - x[1] + 0.3*x[3] + 0.2*rng.NormFloat64()
	}
	v := NewVAW(d, a)
	l := loss.Squared{}
	yhats := make([]float64, T)
	boundSum := 0.0
	for round, x := range xs {
		w := ridgeSolve(a, xs[:round+1], append(append([]float64(nil), ys[:round]...), 0), d)
		want := dot(w, x)
		yhats[round] = v.Learn(x, ys[round])
		if math.Abs(yhats[round]-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Fatalf("round %d: VAW %v, ridge formula %v", round+1, yhats[round], want)
		}
		boundSum += ys[round] * ys[round] * quadInv(a, xs[:round+1], x)
	}
	for k, u := range [][]float64{{0.7, -1, 0, 0.3}, {0, 0, 0, 0}, {2, 2, -2, 1}} {
		bound := a/2*dot(u, u) + boundSum/2
		if r := cumulativeRegret(l, xs, ys, yhats, u); r > bound {
			t.Errorf("comparator %d: regret %v exceeds %v", k, r, bound)
		}
	}
}

// TestSOPMatchesDefinitionAndMasterInequality checks SOP's predictions
// against the direct formula on each round (A includes the current x) and
// the master inequality over its mistake rounds M:
// sum_{t in M} y_t (u - w_t)^T x_t <= ½ u^T A_T u + ½ sum_{t in M} x_t^T A_t^{-1} x_t
// - ½ sum_{t in M} (w_t^T x_t)^2, with A_t = a I + sum_{s in M, s <= t} x_s x_s^T.
func TestSOPMatchesDefinitionAndMasterInequality(t *testing.T) {
	const T, d, a = 600, 3, 1
	rng := rand.New(rand.NewPCG(91, 92))
	xs, ys := scaledStream(rng, T, []float64{1, 3, 0.2})
	s := NewSOP(d, a)
	var mistakes [][]float64
	var labels []float64
	us := [][]float64{{1, -1, 0.5}, {-2, 0.3, 4}, {0, 0, 0}}
	lhs := make([]float64, len(us))
	quad, corr := 0.0, 0.0
	for round, x := range xs {
		w := ridgeSolve(a, append(mistakes, x), append(append([]float64(nil), labels...), 0), d)
		want := dot(w, x)
		yhat := s.Learn(x, ys[round])
		if math.Abs(yhat-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Fatalf("round %d: SOP %v, formula %v", round+1, yhat, want)
		}
		if ys[round]*yhat > 0 {
			continue
		}
		quad += quadIncl(a, mistakes, x) // x^T A_t^{-1} x, A_t including x
		corr += yhat * yhat              // w_t^T Delta_t w_t with Delta_t = x x^T
		mistakes = append(mistakes, x)
		labels = append(labels, ys[round])
		for k, u := range us {
			lhs[k] += ys[round] * (dot(u, x) - yhat)
			uAu := a * dot(u, u)
			for _, m := range mistakes {
				uAu += dot(u, m) * dot(u, m)
			}
			if rhs := 0.5*uAu + 0.5*quad - 0.5*corr; !leq(lhs[k], rhs) {
				t.Fatalf("round %d comparator %d: %v > %v", round+1, k, lhs[k], rhs)
			}
		}
	}
	if len(mistakes) < 20 {
		t.Fatalf("only %d mistakes: the stream does not exercise SOP", len(mistakes))
	}
}

// quadIncl returns x^T (a I + sum_k x_k x_k^T + x x^T)^{-1} x.
func quadIncl(a float64, xs [][]float64, x []float64) float64 {
	return quadInv(a, append(append([][]float64(nil), xs...), x), x)
}

// TestAROWIsRidgeOnUpdates checks the ridge form of AROW (Orabona, Crammer, Cesa-Bianchi 2015, §6): its mean equals
// (r I + sum_{updated} x x^T)^{-1} sum_{updated} y x after every round; and
// the master inequality of its OMD view, over the updating rounds, with
// A_t = I + (1/r) sum_{updated s<t} x_s x_s^T and z_t = y_t x_t / r:
// sum_t (1/r) y_t (u - w_t)^T x_t <= ½ u^T A_t u + sum_t x_t^T A_t^{-1} x_t/(2 r^2)
// - ½ sum_t (w_t^T x_prev)^2 / r.
func TestAROWIsRidgeOnUpdates(t *testing.T) {
	const T, d, r = 500, 3, 2
	rng := rand.New(rand.NewPCG(101, 102))
	xs, ys := scaledStream(rng, T, []float64{1, 0.5, 2})
	ar := NewAROW(d, r)
	var upd [][]float64
	var labels []float64
	us := [][]float64{{1, -1, 0.5}, {0, 0, 0}, {-3, 2, 1}}
	lhs := make([]float64, len(us))
	dual, corr := 0.0, 0.0
	for round, x := range xs {
		mu := ar.mean()
		yhat := ar.Learn(x, ys[round])
		if ys[round]*yhat >= 1 {
			continue
		}
		dual += quadInv(r, upd, x) / r // (1/r)^2 x^T A_t^{-1} x, A_t^{-1} = r (r I + X^T X)^{-1}
		if len(upd) > 0 {
			v := dot(mu, upd[len(upd)-1])
			corr += v * v / r
		}
		for k, u := range us {
			lhs[k] += ys[round] * (dot(u, x) - yhat) / r
			uAu := dot(u, u)
			for _, m := range upd {
				uAu += dot(u, m) * dot(u, m) / r
			}
			if rhs := 0.5*uAu + 0.5*dual - 0.5*corr; !leq(lhs[k], rhs) {
				t.Fatalf("round %d comparator %d: %v > %v", round+1, k, lhs[k], rhs)
			}
		}
		upd = append(upd, x)
		labels = append(labels, ys[round])
		want := ridgeSolve(r, upd, labels, d)
		for i := range want {
			if mu := ar.mean(); math.Abs(mu[i]-want[i]) > 1e-10*math.Max(1, math.Abs(want[i])) {
				t.Fatalf("round %d: mu %v, ridge form %v", round+1, ar.mean(), want)
			}
		}
	}
	if len(upd) < 50 {
		t.Fatalf("only %d updates", len(upd))
	}
}
