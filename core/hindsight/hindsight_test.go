package hindsight

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"unitfree/core/loss"
)

// TestBestIsStationary checks that the logistic optimum has a vanishing
// gradient and beats nearby points, and that least squares matches the
// normal equations' solution in one dimension.
func TestBestIsStationary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var xs [][]float64
	var ys []float64
	for range 300 {
		x := []float64{rng.NormFloat64(), rng.NormFloat64(), 1}
		y := 1.0
		if x[0]-2*x[1]+rng.NormFloat64() < 0 {
			y = -1
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	res, err := Best(xs, ys, loss.Logistic{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range res.U {
		for _, h := range []float64{-1e-3, 1e-3} {
			u := append([]float64(nil), res.U...)
			u[i] += h
			f := 0.0
			for k, x := range xs {
				f += loss.Logistic{}.Value(ys[k], dot(u, x))
			}
			if f < res.Loss-1e-9 {
				t.Fatalf("moving u[%d] by %v lowers the loss from %v to %v", i, h, res.Loss, f)
			}
		}
	}
	xs1 := [][]float64{{1}, {2}, {3}}
	ys1 := []float64{2, 4.5, 5.5}
	res, err = Best(xs1, ys1, loss.Squared{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := (2 + 9 + 16.5) / 14.0
	if math.Abs(res.U[0]-want) > 1e-6 {
		t.Fatalf("least squares gave %v, want %v", res.U[0], want)
	}
}

func TestBestHingeNotWorseThanStart(t *testing.T) {
	xs := [][]float64{{1, 1}, {2, 1}, {-1, 1}, {-2, 1}, {0.5, 1}}
	ys := []float64{1, 1, -1, -1, -1}
	res, err := Best(xs, ys, loss.Hinge{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	zero := 0.0
	for range xs {
		zero += 1
	}
	if res.Loss > zero {
		t.Fatalf("hinge optimum %v is worse than u = 0 (%v)", res.Loss, zero)
	}
}

func TestBestRejectsEmpty(t *testing.T) {
	if _, err := Best(nil, nil, loss.Logistic{}, 0); err == nil {
		t.Fatal("no rounds accepted")
	}
}

// countingHinge is the hinge loss, counting its evaluations.
type countingHinge struct {
	loss.Hinge
	n *int
}

func (c countingHinge) Value(y, yhat float64) float64 { *c.n++; return c.Hinge.Value(y, yhat) }

// TestSearchStaysWithinItsBudget: with MaxEvaluations set, the search
// makes at most that many passes over the rounds (plus the one that sums
// the final loss) and says that it stopped there; with a context that has
// ended, it stops at once with the context's error.
func TestSearchStaysWithinItsBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var xs [][]float64
	var ys []float64
	for range 300 {
		x := make([]float64, 12)
		for j := range x {
			x[j] = rng.NormFloat64()
		}
		xs, ys = append(xs, x), append(ys, float64(2*rng.IntN(2)-1))
	}
	n := 0
	free, err := BestWith(Options{}, xs, ys, nil, countingHinge{n: &n}, 1e-6)
	if err != nil || free.Limited {
		t.Fatalf("unbounded search: %v, limited %v", err, free.Limited)
	}
	freePasses := n / len(xs)
	const budget = 40
	n = 0
	capped, err := BestWith(Options{MaxEvaluations: budget}, xs, ys, nil, countingHinge{n: &n}, 1e-6)
	if err != nil {
		t.Fatal(err)
	}
	// The smooth stage (logistic) does not count hinge evaluations; the
	// Nelder–Mead stage gets what the budget leaves.
	if passes := n / len(xs); passes > budget+1 || !capped.Limited || freePasses <= budget {
		t.Fatalf("capped search: %d passes of the hinge loss (unbounded: %d), limited %v", passes, freePasses, capped.Limited)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BestWith(Options{Ctx: ctx}, xs, ys, nil, loss.Hinge{}, 1e-6); err == nil {
		t.Fatal("a search with an ended context ran")
	}
}
