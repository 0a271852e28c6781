package eval

import (
	"reflect"
	"strings"
	"testing"

	"unitfree/core/bandit"
	"unitfree/core/catalog"
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

// TestBanditSparseSessionMatchesDense: a session given SynSep's rows by
// their non-zero entries (NewBanditSparse) plays, round by round, what the
// session on the same rows given dense plays, for every bandit learner of
// the catalog (those without PlaySparse get each row made dense), with a
// bias term and with degree-2 features (the map applied to the sparse
// rows); the greedy labels on the rows agree too; and a malformed row is
// refused naming its row.
func TestBanditSparseSessionMatchesDense(t *testing.T) {
	xs, ys := bandit.SynSep(3, 120)
	var learners []LearnerSpec
	for _, id := range catalog.BanditIDs() {
		learners = append(learners, LearnerSpec{ID: id})
	}
	for _, c := range []struct {
		d      int
		bias   bool
		degree int
	}{{40, false, 1}, {40, true, 1}, {8, true, 2}} {
		dense, rows := make([][]float64, len(xs)), make([]bandit.SparseRow, len(xs))
		for i, x := range xs {
			dense[i] = x[:c.d]
			rows[i] = bandit.Sparsify(dense[i])
		}
		cfg := BanditConfig{Learners: learners, Bias: c.bias, Degree: c.degree, Shuffle: true, Seed: 7, DrawSeed: 8, KeepRounds: true, Passes: 2}
		want, err := NewBandit(dense, ys, bandit.SynClasses, cfg, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		got, err := NewBanditSparse(rows, c.d, ys, bandit.SynClasses, cfg, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if got.mapped != nil {
			t.Fatal("the sparse session made its rows dense")
		}
		want.Run()
		got.Run()
		if !reflect.DeepEqual(got.Results(), want.Results()) {
			t.Fatalf("d=%d bias=%v degree=%d: the sparse rows played other rounds than the dense ones", c.d, c.bias, c.degree)
		}
		updates := 0
		for i, r := range want.Results() {
			updates += r.Updates
			for row := range xs {
				if g, w := got.PredictRow(i, row), want.PredictRow(i, row); g != w {
					t.Fatalf("%s row %d: greedy label %d on the sparse row, %d on the dense one", r.ID, row, g, w)
				}
			}
		}
		if updates == 0 {
			t.Fatal("no learner updated; the comparison is empty")
		}
	}
	bad := []bandit.SparseRow{{Index: []int{1}, Value: []float64{2}}, {Index: []int{3, 3}, Value: []float64{1, 1}}}
	_, err := NewBanditSparse(bad, 5, []int{0, 1}, 2, BanditConfig{Learners: []LearnerSpec{{ID: "soba"}}}, DefaultLimits)
	if err == nil || !strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), "increase") {
		t.Fatalf("a row with a repeated index: %v", err)
	}
	if _, err := NewBanditSparse(bad, 5, []int{0}, 2, BanditConfig{Learners: []LearnerSpec{{ID: "soba"}}}, DefaultLimits); err == nil || !strings.Contains(err.Error(), "1 labels for 2 rows") {
		t.Fatalf("one label for two rows: %v", err)
	}
}
