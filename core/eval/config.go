package eval

import (
	"errors"
	"fmt"
	"math"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/features"
	"unitfree/core/loss"
)

// LearnerSpec names a learner of the catalogue and its parameters (missing
// ones take their defaults).
type LearnerSpec struct {
	ID     string             `json:"id"`               // the learner's id
	Params map[string]float64 `json:"params,omitempty"` // its parameters by name; missing ones take their defaults
}

// Config is everything that defines a run besides the data.
type Config struct {
	Task     data.Task     // classify or regress
	Loss     string        // loss name; "" means logistic (classify) or squared (regress)
	Bias     bool          // append a constant 1 feature
	Degree   int           // polynomial degree of the feature map, 1 to 3 (0 means 1)
	Learners []LearnerSpec // at least one
	Shuffle  bool          // visit the points in a seeded random order each pass
	Seed     uint64        // seed of the order
	Passes   int           // passes over the data (0 means 1)
	Keep     Keep          // what per-round records to keep
}

// Keep says which per-round records a run keeps.
type Keep struct {
	Predictions bool // each learner's prediction of each round
	Losses      bool // each learner's loss of each round
	Order       bool // the data row of each round (counted in MaxKept; Order gives it)
}

// kept returns how many numbers a run of rounds rounds and learners
// learners keeps.
func (k Keep) kept(rounds, learners int) float64 {
	per := 0.0
	if k.Predictions {
		per++
	}
	if k.Losses {
		per++
	}
	n := per * float64(rounds) * float64(learners)
	if k.Order {
		n += float64(rounds)
	}
	return n
}

// Limits bound a run's size; a run over them is refused before it starts.
type Limits struct {
	MaxLearners int
	MaxPasses   int
	MaxDim      int     // length of the mapped feature vector
	MaxWork     float64 // rounds x sum over learners of the per-round cost (d or d²)
	MaxClasses  int     // classes of a bandit run
	MaxKept     float64 // numbers a run keeps to answer with (predictions, losses, order, rounds)
}

// DefaultLimits are the API's limits.
var DefaultLimits = Limits{MaxLearners: 20, MaxPasses: 100, MaxDim: 500, MaxWork: 2e8, MaxClasses: 100, MaxKept: 2e6}

// featureMap returns the feature map of d raw features, refusing one over
// the limit before it is built (100 columns at degree 3 make 176,850).
func featureMap(d, degree int, bias bool, lim Limits) (*features.Map, error) {
	if degree >= 1 && degree <= features.MaxDegree {
		if n := features.Size(d, degree, bias); n > lim.MaxDim {
			return nil, fmt.Errorf("the feature map makes %d features, more than the limit of %d", n, lim.MaxDim)
		}
	}
	return features.New(d, degree, bias)
}

// checkKept refuses a run that would keep more numbers than the limit
// (once 100,000 rows x 100 passes x 4 learners kept everything: 5.5 GB
// of memory and a 1.55 GB answer).
func checkKept(kept float64, lim Limits) error {
	if kept > lim.MaxKept {
		return fmt.Errorf("keep would record %.3g numbers, more than the limit of %.3g: keep less, or use fewer rounds, passes or learners", kept, lim.MaxKept)
	}
	return nil
}

// resolved holds a validated configuration.
type resolved struct {
	Config
	loss    loss.Loss
	lossNm  string
	fmap    *features.Map
	entries []catalog.Entry
	params  []map[string]float64
}

// Check validates cfg for a run of rows rows of d raw features without
// building anything: New refuses what it refuses.
func Check(rows, d int, cfg Config, lim Limits) error {
	_, err := resolve(cfg, d, rows, lim)
	return err
}

// resolve validates cfg for data of d raw features and n rows.
func resolve(cfg Config, d, n int, lim Limits) (*resolved, error) {
	r := &resolved{Config: cfg}
	switch cfg.Task {
	case data.Classify:
		r.lossNm = "logistic"
	case data.Regress:
		r.lossNm = "squared"
	default:
		return nil, fmt.Errorf("task %q is not classify or regress", cfg.Task)
	}
	if cfg.Loss != "" {
		r.lossNm = cfg.Loss
	}
	l, ok := loss.ByName(r.lossNm)
	if !ok {
		return nil, fmt.Errorf("unknown loss %q (known: %v)", r.lossNm, loss.Names())
	}
	r.loss = l
	if r.Degree == 0 {
		r.Degree = 1
	}
	fm, err := featureMap(d, r.Degree, cfg.Bias, lim)
	if err != nil {
		return nil, err
	}
	r.fmap = fm
	if r.Passes == 0 {
		r.Passes = 1
	}
	if r.Passes < 0 || r.Passes > lim.MaxPasses {
		return nil, fmt.Errorf("passes = %d: 1 to %d are accepted", cfg.Passes, lim.MaxPasses)
	}
	if len(cfg.Learners) == 0 {
		return nil, errors.New("no learners: name at least one")
	}
	if len(cfg.Learners) > lim.MaxLearners {
		return nil, fmt.Errorf("%d learners, more than the limit of %d", len(cfg.Learners), lim.MaxLearners)
	}
	work := 0.0
	for i, spec := range cfg.Learners {
		e, ok := catalog.Lookup(spec.ID)
		if !ok {
			_, err := catalog.NewLinear(spec.ID, 1, l, nil)
			return nil, fmt.Errorf("learners[%d]: %w", i, err)
		}
		p, err := e.Resolve(spec.Params)
		if err != nil {
			return nil, fmt.Errorf("learners[%d]: %w", i, err)
		}
		r.entries = append(r.entries, e)
		r.params = append(r.params, p)
		work += e.Cost.Work(fm.Dim())
	}
	if total := work * float64(n) * float64(r.Passes); total > lim.MaxWork || math.IsNaN(total) {
		return nil, fmt.Errorf("the run needs about %.3g coordinate updates, more than the limit of %.3g: use fewer rounds, passes, learners or features", total, lim.MaxWork)
	}
	if err := checkKept(cfg.Keep.kept(n*r.Passes, len(cfg.Learners)), lim); err != nil {
		return nil, err
	}
	return r, nil
}
