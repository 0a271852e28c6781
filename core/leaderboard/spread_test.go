package leaderboard

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"unitfree/core/catalog"
	"unitfree/core/data"
)

// TestSpreadOfTheInvariantLearnersIsAPoint: on penguins, over three orders
// and three random rescalings, a learner that the catalogue calls
// invariant to each feature's unit has the same errors rescaled as in
// natural units, order by order (its rescaled range is its natural range)
// and predictions that change by no more than rounding; OGD's change.
func TestSpreadOfTheInvariantLearnersIsAPoint(t *testing.T) {
	task := Tasks()[0]
	b, err := RunSpread(task, taskRounds(t, task), Spread{Orders: 3, Rescalings: 3, Seed: 7, Curves: 50})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Scales) != 3 || b.Rounds != 342 {
		t.Fatalf("%d rescalings, %d rounds", len(b.Scales), b.Rounds)
	}
	if n := len(b.CurveRounds); n < 40 || n > 50 || b.CurveRounds[n-1] != 342 {
		t.Fatalf("curve rounds %v", b.CurveRounds)
	}
	seen := 0
	for _, l := range b.Learners {
		if len(l.Curve) != len(b.CurveRounds) || len(l.CurveRescaled) != len(b.CurveRounds) {
			t.Fatalf("%s: curves of %d and %d points", l.ID, len(l.Curve), len(l.CurveRescaled))
		}
		if last := l.Curve[len(l.Curve)-1]; last < l.Natural.Min || last > l.Natural.Max {
			t.Errorf("%s: the curve ends at %v, outside the natural range %+v", l.ID, last, l.Natural)
		}
		switch {
		case l.Invariance == catalog.InvariantPerFeature || l.Invariance == catalog.InvariantLinear:
			seen++
			if !slices.Equal(l.Curve, l.CurveRescaled) {
				t.Errorf("%s (invariant): its error curve changed under rescaling", l.ID)
			}
			if l.Change > 1e-9 || l.Rescaled != l.Natural {
				t.Errorf("%s (invariant): change %.2g, natural %+v, rescaled %+v", l.ID, l.Change, l.Natural, l.Rescaled)
			}
		case l.ID == "ogd":
			if l.Change < 1e-3 {
				t.Errorf("ogd's predictions changed by only %.2g under rescaling", l.Change)
			}
		}
	}
	if seen < 8 {
		t.Errorf("only %d invariant learners on the board", seen)
	}
	if b.Comparator.Natural.Min > b.Comparator.Natural.Max || !strings.Contains(b.Markdown(), "best fixed linear predictor in hindsight") {
		t.Errorf("comparator %+v", b.Comparator)
	}
}

// taskRounds returns a board task's rounds in the data's order.
func taskRounds(t *testing.T, task Task) *data.Rounds {
	t.Helper()
	tab, _, err := data.Load(task.Dataset)
	if err != nil {
		t.Fatal(err)
	}
	rounds, err := tab.Select(task.Kind, data.Selection{Features: task.Features, Label: task.Label, Positive: task.Positive})
	if err != nil {
		t.Fatal(err)
	}
	return rounds
}

// TestOneSearchServesEveryRescaling: the comparator a board gives a
// rescaled run (the natural run's, each weight divided by its feature's
// factor) is as good as a search of that run's own, on every task: its
// loss is the searched one's to 1e-7 relative (searches stop at about
// 1e-8: the rescaled runs' own searches differ by that from each other),
// its loss is the natural one's to rounding, and so are its predictions.
func TestOneSearchServesEveryRescaling(t *testing.T) {
	ctx := context.Background()
	for _, task := range Tasks() {
		runs, err := NewRuns(task, taskRounds(t, task), Spread{Orders: 1, Rescalings: 2, Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		natural, err := runs.Comparator(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ogd, _ := catalog.Lookup("ogd")
		nat, err := runs.play(ctx, 0, runs.sp.Seed, []catalog.Entry{ogd}, known(natural))
		if err != nil {
			t.Fatal(err)
		}
		for k := 1; k <= 2; k++ {
			rescaled, err := runs.rounds(k)
			if err != nil {
				t.Fatal(err)
			}
			searched, err := playContext(ctx, task, rescaled, nil, runs.sp.Seed, []catalog.Entry{ogd}, nil)
			if err != nil {
				t.Fatal(err)
			}
			derived, err := runs.play(ctx, k, runs.sp.Seed, []catalog.Entry{ogd}, runs.rescaledComparator(natural, k))
			if err != nil {
				t.Fatal(err)
			}
			want, got := searched.result.Comparator.Loss, derived.result.Comparator.Loss
			if math.Abs(got-want) > 1e-7*math.Abs(want) {
				t.Errorf("%s, rescaling %d: the derived comparator's loss %.12g, a search's %.12g", task.Dataset, k, got, want)
			}
			if math.Abs(got-natural.Loss) > 1e-12*math.Abs(natural.Loss) {
				t.Errorf("%s, rescaling %d: the derived comparator's loss %.15g, the natural one's %.15g", task.Dataset, k, got, natural.Loss)
			}
			fixed := nat.fixed
			if len(fixed) != len(derived.fixed) {
				t.Fatalf("%d rounds natural, %d rescaled", len(fixed), len(derived.fixed))
			}
			for i, y := range derived.fixed {
				if math.Abs(y-fixed[i]) > 1e-9*math.Max(1, math.Abs(y)) {
					t.Fatalf("%s, rescaling %d, round %d: predicts %v, the natural comparator %v", task.Dataset, k, i+1, y, fixed[i])
				}
			}
		}
	}
}
