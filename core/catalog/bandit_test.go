package catalog

import (
	"math"
	"reflect"
	"testing"
	"time"

	"unitfree/core/bandit"
	"unitfree/core/sampling"
)

// TestSOBAProtocolEndToEnd runs the SOBA paper's protocol at a size that
// fits make test and asserts what must hold whatever the ranking: the
// full-information line is below every bandit learner at its best gamma;
// at gamma = 1 every bandit learner plays uniformly at random, so its error
// rate is near 1 - 1/k; identical seeds give identical curves.
func TestSOBAProtocolEndToEnd(t *testing.T) {
	start := time.Now()
	p := bandit.Protocol{
		Learners: []string{"soba-diag", "banditron", "perceptron-mc"},
		Gammas:   []float64{1.0 / 128, 1.0 / 16, 0.5, 1},
		Seeds:    []uint64{1, 2},
		T:        1500,
		Noisy:    true,
	}
	curves, err := p.Run(BanditWithGamma)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := curves[len(curves)-1].Best()
	random := 1 - 1.0/bandit.SynClasses
	for _, c := range curves[:len(curves)-1] {
		best, gamma := c.Best()
		t.Logf("%-14s error %v; best %.3f at gamma %v", c.ID, c.Mean, best, gamma)
		if best <= full {
			t.Errorf("%s at its best gamma (%.3f) beats the full-information Perceptron (%.3f)", c.ID, best, full)
		}
		if at1 := c.Mean[len(c.Mean)-1]; math.Abs(at1-random) > 0.03 {
			t.Errorf("%s at gamma = 1 errs %.3f of the time, want about %.3f", c.ID, at1, random)
		}
	}
	t.Logf("full-information Perceptron: %.3f; %s", full, time.Since(start).Round(time.Millisecond))
	again, _ := p.Run(BanditWithGamma)
	if !reflect.DeepEqual(curves, again) {
		t.Fatal("the same seeds gave different curves")
	}
}

func TestBanditCatalogue(t *testing.T) {
	for _, id := range []string{"soba", "soba-diag", "soba-adaptive", "banditron", "perceptron-mc", "sop-mc"} {
		l, err := NewBandit(id, 3, 4, nil)
		if err != nil || l.Classes() != 3 || l.Dim() != 4 {
			t.Errorf("%s: %v", id, err)
		}
	}
	if _, err := NewBandit("exp4", 3, 4, nil); err == nil {
		t.Error("unknown id accepted")
	}
	if _, err := NewBandit("soba", 3, 4, map[string]float64{"gamma": 2}); err == nil {
		t.Error("gamma = 2 accepted")
	}
	if _, err := NewBandit("soba", 1, 4, nil); err == nil {
		t.Error("k = 1 accepted")
	}
}

func TestSamplingCatalogue(t *testing.T) {
	o, err := sampling.NewObjective(sampling.RidgeSquare, [][]float64{{1, 0}, {0, 2}, {1, 1}}, []float64{1, 2, 3}, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	for _, sid := range []string{"uniform", "is", "mabs"} {
		s, err := NewSampler(sid, o, 100, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, oid := range []string{"sgd", "saga", "prox-svrg"} {
			if _, err := NewOptimizer(oid, o, s, nil); err != nil {
				t.Errorf("%s with %s: %v", oid, sid, err)
			}
		}
	}
	if _, err := NewSampler("thompson", o, 10, nil); err == nil {
		t.Error("unknown sampler accepted")
	}
	if _, err := NewSampler("mabs", o, 10, map[string]float64{"eta": 1}); err == nil {
		t.Error("eta = 1 accepted")
	}
	if _, err := NewOptimizer("adam", o, nil, nil); err == nil {
		t.Error("unknown optimiser accepted")
	}
}
