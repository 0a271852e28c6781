package leaderboard

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/core/loss"
)

// yamallKT is per-coordinate KT as the authors' yamall library computes it
// (Orabona and Pál's code): the running maximum s_i is updated before the
// prediction, and w_i = (R_i + 1) θ_i / ((n_i + 1) s_i²) with θ_i the sum
// of the raw coins −g x_i; after the gradient, R_i += w_i x_i (−g).
type yamallKT struct{ s, theta, wealth, n []float64 }

func newYamallKT(d int) *yamallKT {
	return &yamallKT{make([]float64, d), make([]float64, d), make([]float64, d), make([]float64, d)}
}

func (k *yamallKT) learn(x []float64, y float64, l loss.Loss) float64 {
	w := make([]float64, len(x))
	yhat := 0.0
	for i, v := range x {
		if v == 0 {
			continue
		}
		k.s[i] = math.Max(k.s[i], math.Abs(v))
		w[i] = (k.wealth[i] + 1) * k.theta[i] / ((k.n[i] + 1) * k.s[i] * k.s[i])
		yhat += w[i] * v
	}
	g := l.Deriv(y, yhat)
	for i, v := range x {
		if v == 0 {
			continue
		}
		k.wealth[i] += w[i] * v * (-g)
		k.theta[i] += v * (-g)
		k.n[i]++
	}
	return yhat
}

// TestVariantsStateTheirMeasurements: the figures that the catalogue's
// variant notes quote are what the code measures. kt against the authors'
// yamall KT (kept above): the mistakes of each on the four classification
// tasks of the leaderboard, in its order, and the range of the median
// relative difference of their predictions; cocob against cocob-backprop:
// their error rates on the committed board.
func TestVariantsStateTheirMeasurements(t *testing.T) {
	var ours, theirs []string
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, task := range Tasks() {
		if task.Kind != data.Classify {
			continue
		}
		rounds := taskRounds(t, task)
		s, err := eval.New(rounds, eval.Config{Task: task.Kind, Loss: task.Loss, Bias: true, Learners: []eval.LearnerSpec{{ID: "kt"}},
			Shuffle: true, Seed: DefaultOptions.OrderSeed, Keep: eval.Keep{Predictions: true}}, eval.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		s.Run()
		res, err := s.Result()
		if err != nil {
			t.Fatal(err)
		}
		preds := res.Learners[0].Predictions
		ref := newYamallKT(len(task.Features) + 1)
		var rel []float64
		mOurs, mRef := 0, 0
		for r := range preds {
			row := s.RoundRow(r)
			y := rounds.Y[row]
			a, b := preds[r], ref.learn(append(append([]float64(nil), rounds.X[row]...), 1), y, loss.Logistic{})
			if a*y <= 0 {
				mOurs++
			}
			if b*y <= 0 {
				mRef++
			}
			if r > 0 && (a != 0 || b != 0) {
				rel = append(rel, math.Abs(a-b)/math.Max(math.Abs(a), math.Abs(b)))
			}
		}
		sort.Float64s(rel)
		median := rel[len(rel)/2]
		lo, hi = math.Min(lo, median), math.Max(hi, median)
		ours, theirs = append(ours, thousands(mOurs)), append(theirs, thousands(mRef))
	}
	kt, _ := catalog.Lookup("kt")
	want := fmt.Sprintf("%s mistakes against yamall's %s; the predictions differ by a median of %.0f%% to %.0f%% relative",
		and(ours), and(theirs), 100*lo, 100*hi)
	if !strings.Contains(kt.Variant, want) {
		t.Errorf("kt's variant note does not say what the code measures: %q", want)
	}

	board, err := Run(DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	errorsOf := func(id string) string {
		var rates []string
		for _, tr := range board.Tasks {
			for _, l := range tr.Learners {
				if l.ID == id && tr.Task.Kind == data.Classify {
					rates = append(rates, fmt.Sprintf("%.1f%%", 100*l.Error))
				}
			}
		}
		return and(rates)
	}
	cocob, _ := catalog.Lookup("cocob")
	if want := errorsOf("cocob") + " wrong against COCOB-Backprop's " + errorsOf("cocob-backprop"); !strings.Contains(cocob.Variant, want) {
		t.Errorf("cocob's variant note does not say what the board measures: %q", want)
	}
}

// and joins "a, b, c and d".
func and(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// thousands writes 1233 as "1,233".
func thousands(n int) string {
	s := strconv.Itoa(n)
	if len(s) <= 3 {
		return s
	}
	return s[:len(s)-3] + "," + s[len(s)-3:]
}
