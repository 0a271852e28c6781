package catalog

import (
	"math"
	"strings"
	"testing"

	"unitfree/core/loss"
	"unitfree/core/sampling"
)

// TestEveryEntryBuildsAndChecks builds every entry of the four tables at
// its defaults, and checks that each of its parameters refuses a value
// above its range and that an unknown id lists the known ones.
func TestEveryEntryBuildsAndChecks(t *testing.T) {
	o, err := sampling.NewObjective(sampling.SqHingeL2, [][]float64{{1, 0}, {0, 1}, {1, 1}}, []float64{1, -1, 1}, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	builders := map[string]func(id string, p map[string]float64) error{
		"learner": func(id string, p map[string]float64) error {
			_, err := NewLinear(id, 3, loss.Logistic{}, p)
			return err
		},
		"bandit learner": func(id string, p map[string]float64) error {
			_, err := NewBandit(id, 3, 4, p)
			return err
		},
		"sampler": func(id string, p map[string]float64) error {
			_, err := NewSampler(id, o, 10, p)
			return err
		},
		"optimiser": func(id string, p map[string]float64) error {
			_, err := NewOptimizer(id, o, sampling.NewUniform(o.N()), p)
			return err
		},
	}
	tables := map[string][]Entry{"learner": Linear(), "bandit learner": Bandit(), "sampler": Samplers(), "optimiser": Optimizers()}
	for kind, entries := range tables {
		build := builders[kind]
		for _, e := range entries {
			if err := build(e.ID, nil); err != nil {
				t.Errorf("%s %s at its defaults: %v", kind, e.ID, err)
			}
			for _, p := range e.Params {
				if err := build(e.ID, map[string]float64{p.Name: 2*p.Max + 1}); err == nil {
					t.Errorf("%s %s: %s = %g was accepted", kind, e.ID, p.Name, 2*p.Max+1)
				}
			}
		}
		if err := build("nope", nil); err == nil || !strings.Contains(err.Error(), "unknown "+kind+` "nope" (known: `+entries[0].ID) {
			t.Errorf("%s: an unknown id gives %v", kind, err)
		}
	}
}

// TestEveryLearnerHasAFamily checks that each linear learner belongs to one
// of the families the playground's picker shows, and that no family is
// empty.
func TestEveryLearnerHasAFamily(t *testing.T) {
	count := map[string]int{}
	for _, f := range LinearFamilies() {
		count[f.Name] = 0
	}
	for _, e := range Linear() {
		if _, ok := count[e.Family]; !ok {
			t.Errorf("%s: family %q is not one of LinearFamilies", e.ID, e.Family)
		}
		count[e.Family]++
	}
	for name, n := range count {
		if n == 0 {
			t.Errorf("family %q has no learner", name)
		}
	}
}

// TestBoundedLossRule: the learners that need a loss with a bounded
// derivative refuse the others (squared and linear), naming themselves and
// the loss; every other learner accepts every loss.
func TestBoundedLossRule(t *testing.T) {
	for _, e := range Linear() {
		for _, name := range loss.Names() {
			l, _ := loss.ByName(name)
			_, err := NewLinear(e.ID, 3, l, nil)
			refuse := e.BoundedLoss && math.IsInf(l.Lipschitz(), 1)
			switch {
			case refuse && (err == nil || !strings.Contains(err.Error(), `"`+e.ID+`"`) || !strings.Contains(err.Error(), "the "+name+" loss")):
				t.Errorf("%s with the %s loss: %v, want a refusal naming both", e.ID, name, err)
			case !refuse && err != nil:
				t.Errorf("%s with the %s loss: %v", e.ID, name, err)
			}
		}
		if e.BoundedLoss != (e.Loss == boundedLosses) {
			t.Errorf("%s: BoundedLoss %v but Loss %q", e.ID, e.BoundedLoss, e.Loss)
		}
	}
}
