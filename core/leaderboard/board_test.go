package leaderboard

import (
	"math"
	"testing"

	"unitfree/core/catalog"
	"unitfree/core/data"
)

// TestBoard runs the committed board and checks it against what the
// catalogue promises: every learner is on every classification board and
// every learner without a built-in classification loss on the regression
// board; the learners the catalogue calls invariant predict the same to
// 1e-9 in both runs, with the same error; every learner it calls not
// invariant changes on some dataset; the best fixed predictor in hindsight,
// found on unit-free features, is the same in both runs (to the search's
// tolerance) and no learner's mean loss beats it by more than round-off
// (the regret of a one-pass online learner is not negative by much).
func TestBoard(t *testing.T) {
	b, err := Run(DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Tasks) != len(data.DatasetNames()) {
		t.Errorf("%d tasks for %d datasets", len(b.Tasks), len(data.DatasetNames()))
	}
	moved := map[string]float64{}
	for _, tr := range b.Tasks {
		want := 0
		for _, e := range catalog.Linear() {
			if tr.Task.Kind == data.Classify || !classifierOnly(e) {
				want++
			}
		}
		if len(tr.Learners) != want {
			t.Errorf("%s: %d learners, want %d", tr.Task.Dataset, len(tr.Learners), want)
		}
		c := tr.Comparator
		if !near(c.Loss, c.LossRescaled, 1e-6) || !near(c.Error, c.ErrorRescaled, 1e-6) {
			t.Errorf("%s: the comparator moved under rescaling: loss %v → %v, error %v → %v", tr.Task.Dataset, c.Loss, c.LossRescaled, c.Error, c.ErrorRescaled)
		}
		for _, l := range tr.Learners {
			moved[l.ID] = math.Max(moved[l.ID], l.Change)
			if l.Invariance != catalog.InvariantNone && (l.Change > 1e-9 || !near(l.Error, l.ErrorRescaled, 1e-9)) {
				t.Errorf("%s on %s (%s): predictions changed by %.2g, error %v → %v", l.ID, tr.Task.Dataset, l.Invariance, l.Change, l.Error, l.ErrorRescaled)
			}
			if l.Loss < c.Loss*(1-1e-9) && l.DivergedAt == 0 {
				t.Errorf("%s on %s: mean loss %v below the best fixed predictor's %v", l.ID, tr.Task.Dataset, l.Loss, c.Loss)
			}
		}
	}
	for _, e := range catalog.Linear() {
		if e.Invariance == catalog.InvariantNone && !(moved[e.ID] > 1e-3) {
			t.Errorf("%s: the catalogue says it is not invariant, but its predictions moved by at most %.2g", e.ID, moved[e.ID])
		}
	}
}

// near reports whether a and b agree to rel relative (an error rate of a
// classification is a count over the rounds: equal rates agree exactly).
func near(a, b, rel float64) bool { return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b)) }
