package eval

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/loss"
)

func penguins(t *testing.T) *data.Rounds {
	t.Helper()
	tab, _, err := data.Load("penguins")
	if err != nil {
		t.Fatal(err)
	}
	r, err := tab.Select(data.Classify, data.Selection{Features: []string{"bill_length_mm", "body_mass_g"}, Label: "species", Positive: "Gentoo"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func baseConfig() Config {
	return Config{Task: data.Classify, Bias: true, Passes: 2, Shuffle: true, Seed: 3,
		Learners: []LearnerSpec{{ID: "scinol2"}, {ID: "scinol-full"}, {ID: "ogd", Params: map[string]float64{"eta": 0.01}}},
		Keep:     Keep{Predictions: true, Losses: true}}
}

func run(t *testing.T, r *data.Rounds, cfg Config) (*Session, Result) {
	t.Helper()
	return runWithin(t, r, cfg, DefaultLimits)
}

// runWithin plays a session under the limits to its end.
func runWithin(t *testing.T, r *data.Rounds, cfg Config, lim Limits) (*Session, Result) {
	t.Helper()
	s, err := New(r, cfg, lim)
	if err != nil {
		t.Fatal(err)
	}
	s.Run()
	res, err := s.Result()
	if err != nil {
		t.Fatal(err)
	}
	return s, res
}

// TestProgressiveValidation replays the session's order by hand and checks
// every recorded prediction, the loss, mistakes and regret bookkeeping.
func TestProgressiveValidation(t *testing.T) {
	r := penguins(t)
	cfg := baseConfig()
	s, res := run(t, r, cfg)
	if res.Rounds != 2*342 || s.Total() != 684 || !s.Done() {
		t.Fatalf("rounds %d, total %d", res.Rounds, s.Total())
	}
	index := map[int]int{} // source row -> index into r.X
	for i, row := range r.Rows {
		index[row] = i
	}
	order := s.Order()
	for i, spec := range cfg.Learners {
		l, _ := catalog.NewLinear(spec.ID, 3, loss.Logistic{}, spec.Params)
		lr := res.Learners[i]
		total, mistakes := 0.0, 0
		for k, row := range order {
			i := index[row]
			x := append(append([]float64(nil), r.X[i]...), 1)
			yhat := l.Learn(x, r.Y[i])
			if yhat != lr.Predictions[k] {
				t.Fatalf("%s round %d: engine %v, by hand %v", spec.ID, k+1, lr.Predictions[k], yhat)
			}
			total += loss.Logistic{}.Value(r.Y[i], yhat)
			if r.Y[i]*yhat <= 0 {
				mistakes++
			}
		}
		if math.Abs(total-lr.Loss) > 1e-9*total || *lr.Mistakes != mistakes {
			t.Fatalf("%s: loss %v mistakes %d, by hand %v and %d", spec.ID, lr.Loss, *lr.Mistakes, total, mistakes)
		}
		if lr.Regret == nil || math.Abs(*lr.Regret-(lr.Loss-res.Comparator.Loss)) > 1e-9 {
			t.Fatalf("%s: regret %v is not loss - comparator", spec.ID, lr.Regret)
		}
	}
	zero := 684 * math.Ln2 // the loss of u = 0
	if res.Comparator.Loss >= zero || res.Comparator.Loss <= 0 {
		t.Fatalf("comparator loss %v (u = 0 has %v)", res.Comparator.Loss, zero)
	}
}

func TestSeededOrderIsRepeatable(t *testing.T) {
	r := penguins(t)
	_, a := run(t, r, baseConfig())
	_, b := run(t, r, baseConfig())
	if !reflect.DeepEqual(a, b) {
		t.Fatal("two runs with the same seed differ")
	}
	cfg := baseConfig()
	cfg.Seed = 4
	s, _ := run(t, r, cfg)
	s0, _ := run(t, r, baseConfig())
	if reflect.DeepEqual(s.Order(), s0.Order()) {
		t.Fatal("another seed gave the same order")
	}
	cfg.Shuffle = false
	s, _ = run(t, r, cfg)
	for i, row := range s.Order()[:342] {
		if row != r.Rows[i] { // unshuffled: the data rows in order
			t.Fatalf("unshuffled round %d visits row %d, want %d", i+1, row, r.Rows[i])
		}
	}
}

// TestUnitsDoNotMatterToInvariantLearners changes grams to kilograms and
// millimetres to metres through the engine: the per-feature invariant
// learners' predictions and the comparator's loss stay, OGD's do not.
func TestUnitsDoNotMatterToInvariantLearners(t *testing.T) {
	r := penguins(t)
	scaled, err := r.Rescale([]float64{0.001, 0.001}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, a := run(t, r, baseConfig())
	_, b := run(t, scaled, baseConfig())
	for i, lr := range a.Learners {
		worst := 0.0
		for k := range lr.Predictions {
			p, q := lr.Predictions[k], b.Learners[i].Predictions[k]
			worst = math.Max(worst, math.Abs(p-q)/math.Max(1, math.Abs(p)))
		}
		switch lr.ID {
		case "scinol2", "scinol-full":
			if worst > 1e-9 {
				t.Errorf("%s moved by %.3g when the units changed", lr.ID, worst)
			}
		case "ogd":
			if worst < 0.01 {
				t.Errorf("ogd moved by only %.3g when the units changed", worst)
			}
		}
	}
	if math.Abs(a.Comparator.Loss-b.Comparator.Loss) > 1e-4*a.Comparator.Loss {
		t.Errorf("comparator loss %v in mm and g, %v in m and kg", a.Comparator.Loss, b.Comparator.Loss)
	}
}

func TestConfigErrors(t *testing.T) {
	r := penguins(t)
	tests := []struct {
		mod  func(*Config)
		want string
	}{
		{func(c *Config) { c.Learners = []LearnerSpec{{ID: "svm"}} }, `learners[0]: unknown learner "svm" (known: ogd,`},
		{func(c *Config) { c.Learners = nil }, "no learners"},
		{func(c *Config) { c.Learners[0].Params = map[string]float64{"eta": 1} }, `has no parameter "eta"`},
		{func(c *Config) { c.Passes = 1000 }, "passes = 1000"},
		{func(c *Config) { c.Task = "rank" }, "not classify or regress"},
		{func(c *Config) { c.Loss = "cubic" }, `unknown loss "cubic"`},
		{func(c *Config) { c.Degree = 5 }, "degree must be 1 to 3"},
	}
	for _, tc := range tests {
		cfg := baseConfig()
		tc.mod(&cfg)
		if _, err := New(r, cfg, DefaultLimits); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got %v, want %q", err, tc.want)
		}
	}
	if _, err := New(r, baseConfig(), Limits{MaxLearners: 5, MaxPasses: 5, MaxDim: 10, MaxWork: 1000}); err == nil || !strings.Contains(err.Error(), "limit of 1e+03") {
		t.Errorf("work limit: %v", err)
	}
	bad := &data.Rounds{Features: []string{"a"}, X: [][]float64{{1}, {1e200}}, Y: []float64{1, -1}, Rows: []int{1, 2}}
	var rowErr *RowError
	if _, err := New(bad, baseConfig(), DefaultLimits); !errors.As(err, &rowErr) || rowErr.Row != 2 {
		t.Errorf("bad row: %v", err)
	}
}

// TestSessionsShareNoState runs sessions concurrently and compares them with
// the same sessions run one at a time.
func TestSessionsShareNoState(t *testing.T) {
	r := penguins(t)
	seeds := []uint64{1, 2, 3, 4, 5, 6, 7, 8}
	want := make([]Result, len(seeds))
	for i, seed := range seeds {
		cfg := baseConfig()
		cfg.Seed = seed
		_, want[i] = run(t, r, cfg)
	}
	got := make([]Result, len(seeds))
	var wg sync.WaitGroup
	for i, seed := range seeds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := baseConfig()
			cfg.Seed = seed
			s, err := New(r, cfg, DefaultLimits)
			if err != nil {
				t.Error(err)
				return
			}
			for !s.Done() {
				s.Step(7)
			}
			got[i], _ = s.Result()
		}()
	}
	wg.Wait()
	if !reflect.DeepEqual(got, want) {
		t.Fatal("concurrent sessions differ from sequential ones")
	}
}

func TestRegressionAndDivergence(t *testing.T) {
	tab, _, _ := data.Load("penguins")
	r, err := tab.Select(data.Regress, data.Selection{Features: []string{"flipper_length_mm"}, Label: "body_mass_g"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Task: data.Regress, Bias: true, Learners: []LearnerSpec{{ID: "vaw"}, {ID: "ogd", Params: map[string]float64{"eta": 1}}}}
	_, res := run(t, r, cfg)
	if res.Learners[0].Mistakes != nil {
		t.Fatal("a regression run reports mistakes")
	}
	if res.Learners[0].DivergedAt != 0 {
		t.Fatalf("VAW diverged at %d", res.Learners[0].DivergedAt)
	}
	if res.Learners[1].DivergedAt == 0 {
		t.Fatal("OGD with eta = 1 on grams and millimetres should diverge on the squared loss")
	}
	for _, lr := range res.Learners {
		if math.IsNaN(lr.Loss) || math.IsInf(lr.Loss, 0) {
			t.Fatalf("%s: loss %v", lr.ID, lr.Loss)
		}
	}
}

// TestRunStopsWhenItsContextEnds: a run whose client has gone stops at
// its next look at the context, and the comparator's search does too.
func TestRunStopsWhenItsContextEnds(t *testing.T) {
	r := &data.Rounds{Features: []string{"a", "b"}}
	for i := range 2000 {
		r.X = append(r.X, []float64{float64(i % 7), float64(i % 5)})
		r.Y = append(r.Y, float64(2*(i%2)-1))
		r.Rows = append(r.Rows, i+1)
	}
	s, err := New(r, Config{Task: data.Classify, Learners: []LearnerSpec{{ID: "ogd"}}, Passes: 3}, DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.Step(10)
	cancel()
	if err := s.RunContext(ctx); err == nil || s.Played() != 10 {
		t.Fatalf("RunContext after cancel: %v, %d rounds played", err, s.Played())
	}
	if _, err := s.ResultContext(ctx); err == nil {
		t.Fatal("the comparator ran to its end after the context was cancelled")
	}
	if err := s.RunContext(context.Background()); err != nil || !s.Done() {
		t.Fatalf("RunContext: %v, done %v", err, s.Done())
	}
}

// TestComparatorSharesTheWorkLimit: the comparator's search may make
// MaxWork/(rows x d) passes over the rounds; a budget too small for its
// optimum gives a result whose comparator says it is limited.
func TestComparatorSharesTheWorkLimit(t *testing.T) {
	r := &data.Rounds{Features: []string{"a", "b", "c"}}
	for i := range 200 {
		r.X = append(r.X, []float64{float64(i%7) - 3, float64(i%5) - 2, float64(i%11) - 5})
		r.Y = append(r.Y, float64(2*((i*7)%3%2)-1))
		r.Rows = append(r.Rows, i+1)
	}
	cfg := Config{Task: data.Classify, Loss: "hinge", Learners: []LearnerSpec{{ID: "ogd"}}}
	for _, c := range []struct {
		work    float64
		limited bool
	}{{DefaultLimits.MaxWork, false}, {200 * 3 * 10, true}} {
		lim := DefaultLimits
		lim.MaxWork = c.work
		_, res := runWithin(t, r, cfg, lim)
		if res.Comparator.Limited != c.limited {
			t.Errorf("MaxWork %g: comparator limited = %v, want %v", c.work, res.Comparator.Limited, c.limited)
		}
	}
}

// TestNoRegretForAnUnboundedLoss: with the linear loss no fixed predictor
// is best; the result says so instead of reporting a comparator (which
// once read 6,652 against OGD's -137,800).
func TestNoRegretForAnUnboundedLoss(t *testing.T) {
	r := &data.Rounds{Features: []string{"a"}}
	for i := range 50 {
		r.X, r.Y, r.Rows = append(r.X, []float64{float64(i%5) - 2}), append(r.Y, float64(2*(i%2)-1)), append(r.Rows, i+1)
	}
	_, res := run(t, r, Config{Task: data.Classify, Loss: "linear", Learners: []LearnerSpec{{ID: "ogd"}}})
	if res.Comparator.Note == "" || res.Comparator.Weights != nil || res.Learners[0].Regret != nil {
		t.Fatalf("linear loss: comparator %+v, regret %v", res.Comparator, res.Learners[0].Regret)
	}
}

// TestComparatorIgnoresTheOrder: one pass in two orders finds the same best
// fixed predictor, to the last bit (a board searches once per data and
// reuses it: ResultWith), and ResultWith is Result.
func TestComparatorIgnoresTheOrder(t *testing.T) {
	r := penguins(t)
	cfg := Config{Task: data.Classify, Loss: "logistic", Bias: true, Shuffle: true, Learners: []LearnerSpec{{ID: "ogd"}}}
	_, ra := run(t, r, cfg)
	cfg.Seed = 99
	b, rb := run(t, r, cfg)
	if !reflect.DeepEqual(ra.Comparator, rb.Comparator) || ra.Learners[0].Loss == rb.Learners[0].Loss {
		t.Errorf("two orders: comparators %+v and %+v (learner losses %v, %v)", ra.Comparator, rb.Comparator, ra.Learners[0].Loss, rb.Learners[0].Loss)
	}
	if again := b.ResultWith(ra.Comparator); !reflect.DeepEqual(again, rb) {
		t.Errorf("ResultWith the other order's comparator differs from Result")
	}
}

// TestAgainPlaysAsNew checks that a session started again on another's
// mapped rows, with other learners and another order, records exactly
// what a session of its own would, leaves the first one as it was, and
// refuses a configuration that maps the features differently.
func TestAgainPlaysAsNew(t *testing.T) {
	r := penguins(t)
	first, firstResult := run(t, r, baseConfig())
	cfg := baseConfig()
	cfg.Seed, cfg.Passes = 9, 1
	cfg.Learners = []LearnerSpec{{ID: "vaw"}, {ID: "cocob"}}
	_, want := run(t, r, cfg)
	again, err := first.Again(cfg)
	if err != nil {
		t.Fatal(err)
	}
	again.Run()
	got, err := again.Result()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("a session started again differs from a session of its own")
	}
	if res, _ := first.Result(); !reflect.DeepEqual(res, firstResult) {
		t.Fatal("starting again changed the first session")
	}
	for _, bad := range []func(*Config){func(c *Config) { c.Bias = false }, func(c *Config) { c.Degree = 2 }} {
		c := cfg
		bad(&c)
		if _, err := first.Again(c); err == nil || !strings.Contains(err.Error(), "map them as it did") {
			t.Fatalf("a different feature map: err = %v", err)
		}
	}
}

// TestFixedPredictionsRoundByRound checks the fixed predictor's
// predictions against u·x of each round's row, bit for bit, for sessions
// of fewer rounds than rows (played part of the way), of one shuffled pass
// and of two.
func TestFixedPredictionsRoundByRound(t *testing.T) {
	r := penguins(t)
	for _, passes := range []int{1, 2} {
		cfg := baseConfig()
		cfg.Passes = passes
		s, err := New(r, cfg, DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		u := []float64{0.25, -1e-3, 3}
		for _, played := range []int{len(r.Y) / 3, len(r.Y) * passes} {
			s.Step(played - s.Played())
			got := s.FixedPredictions(u)
			if len(got) != played {
				t.Fatalf("%d predictions after %d rounds", len(got), played)
			}
			for i, row := range s.order[:played] {
				want := 0.0
				for j, v := range s.mapped[row] {
					want += u[j] * v
				}
				if math.Float64bits(got[i]) != math.Float64bits(want) {
					t.Fatalf("passes %d, round %d of %d: %v, u·x %v", passes, i+1, played, got[i], want)
				}
			}
		}
	}
}
