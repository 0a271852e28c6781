package eval

import (
	"reflect"
	"strings"
	"testing"

	"unitfree/core/bandit"
	"unitfree/core/data"
)

func TestBanditSessionSharesDrawsAndRepeats(t *testing.T) {
	tab, _, _ := data.Load("penguins")
	r, err := tab.SelectClasses([]string{"bill_length_mm", "flipper_length_mm"}, "species")
	if err != nil {
		t.Fatal(err)
	}
	cfg := BanditConfig{Learners: []LearnerSpec{{ID: "soba", Params: map[string]float64{"gamma": 0.2}}, {ID: "banditron", Params: map[string]float64{"gamma": 0.2}}},
		Bias: true, Shuffle: true, Seed: 1, Passes: 2, DrawSeed: 3, KeepRounds: true}
	run := func(cfg BanditConfig) []BanditResult {
		s, err := NewBandit(r.X, r.Labels, len(r.Classes), cfg, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		s.Run()
		return s.Results()
	}
	a, b := run(cfg), run(cfg)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("identical configurations differ")
	}
	for k := range a[0].Rounds {
		if a[0].Rounds[k].Explored != a[1].Rounds[k].Explored {
			t.Fatalf("round %d: the learners did not share the draws", k+1)
		}
	}
	// Replaying the seeded draws gives the same run.
	d := bandit.NewSeededDraws(3)
	var u []float64
	for range 2 * 342 {
		u1, u2 := d.Next()
		u = append(u, u1, u2)
	}
	cfg.Draws = u
	if c := run(cfg); !reflect.DeepEqual(a, c) {
		t.Fatal("replayed draws gave another run")
	}
	cfg.Draws = u[:10]
	if _, err := NewBandit(r.X, r.Labels, 3, cfg, DefaultLimits); err == nil || !strings.Contains(err.Error(), "two per round") {
		t.Fatalf("short draws: %v", err)
	}
}

// TestBanditSessionPlaysSparseRows: on SynSep's rows (about 45 non-zero
// features of 400) the session keeps their non-zero entries and the
// learners play those; the results, round by round, are those of the same
// session playing the dense rows. Penguins' rows stay dense.
func TestBanditSessionPlaysSparseRows(t *testing.T) {
	xs, ys := bandit.SynSep(2, 200)
	for i := range xs {
		xs[i] = xs[i][:100] // keeps the sparsity, and full SOBA's factor at 900 x 900
	}
	cfg := BanditConfig{Learners: []LearnerSpec{{ID: "soba"}, {ID: "soba-diag"}, {ID: "banditron"}, {ID: "perceptron-mc"}},
		Shuffle: true, Seed: 5, DrawSeed: 4, KeepRounds: true}
	run := func(sparse bool) []BanditResult {
		s, err := NewBandit(xs, ys, bandit.SynClasses, cfg, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if s.sparse == nil {
			t.Fatal("SynSep's rows were not kept sparse")
		}
		if !sparse {
			s.sparse = nil
		}
		s.Run()
		return s.Results()
	}
	sparse, dense := run(true), run(false)
	if !reflect.DeepEqual(sparse, dense) {
		t.Fatal("the sparse rows played other rounds than the dense ones")
	}
	if sparse[0].Updates == 0 {
		t.Fatal("full SOBA never updated; the comparison is empty")
	}
	tab, _, _ := data.Load("penguins")
	r, err := tab.SelectClasses([]string{"bill_length_mm", "flipper_length_mm"}, "species")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewBandit(r.X, r.Labels, len(r.Classes), cfg, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if s.sparse != nil {
		t.Fatal("penguins' dense rows were copied as sparse ones")
	}
}
