package api

import (
	"context"
	"fmt"
	"math"

	"unitfree/core/bandit"
	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/wasm/wire"
)

// maxGeneratedRounds bounds the synthetic datasets a request may ask for.
const maxGeneratedRounds = 100_000

// runBandit answers a run of task "bandit": multiclass rounds from a
// dataset, a CSV, inline data (labels are class indices) or a generator;
// every learner sees the same rounds and the same exploration draws.
func (rn runner) runBandit(ctx context.Context, req *wire.BanditRequest) (any, error) {
	var x [][]float64
	var sparse *data.SparseRounds // inline rows given by their non-zero entries, kept so
	var labels []int
	var classes []string
	info := wire.DataInfo{}
	admitted := false // the run's memory is admitted (a generator's before its rows are made)
	if n := sources(req.Source, req.Generator != nil); n != 1 {
		return nil, bad("a bandit run needs exactly one of \"data\", \"dataset\", \"csv\" and \"generator\" (got %d)", n)
	}
	cfg := eval.BanditConfig{Learners: req.Learners, Bias: req.Features.Bias,
		Degree: req.Features.Degree, Shuffle: req.Order.Shuffle, Seed: req.Order.Seed, Passes: req.Passes,
		DrawSeed: req.DrawSeed, Draws: req.Draws}
	switch {
	case req.Generator != nil:
		g := req.Generator
		if g.Rounds < 1 || g.Rounds > maxGeneratedRounds {
			return nil, bad("generator.rounds = %d: 1 to %d are accepted", g.Rounds, maxGeneratedRounds)
		}
		if g.Tau != 0 || g.Dim != 0 {
			return nil, bad("generator.tau and generator.dim belong to the sampling generator \"tau\"")
		}
		// Check the run before generating its data (SynSep's 100,000
		// rounds are 320 MB).
		if err := eval.CheckBandit(g.Rounds, bandit.SynClasses, bandit.SynFeatures, cfg, eval.DefaultLimits); err != nil {
			return nil, bad("%v", err)
		}
		release, err := rn.start(ctx, banditRunBytes(g.Rounds, synNonZero, bandit.SynFeatures, bandit.SynClasses, hasOffset(req.Offset), cfg))
		if err != nil {
			return nil, err
		}
		defer release()
		admitted = true
		// The rows are generated sparse (a ninth of the memory); an offset,
		// which makes them dense, gets them dense.
		if hasOffset(req.Offset) {
			x, labels, err = bandit.Generate(g.Name, g.Seed, g.Rounds)
		} else {
			var rows []bandit.SparseRow
			rows, labels, err = bandit.GenerateSparse(g.Name, g.Seed, g.Rounds)
			sparse = &data.SparseRounds{Features: make([]string, bandit.SynFeatures), Dim: bandit.SynFeatures, X: make([]data.SparseRow, len(rows))}
			for i, r := range rows {
				sparse.X[i] = data.SparseRow(r)
			}
		}
		if err != nil {
			return nil, bad("generator.name: %v", err)
		}
		for c := range bandit.SynClasses {
			classes = append(classes, fmt.Sprint(c+1))
		}
		info = wire.DataInfo{Source: "generator " + g.Name, Rows: len(labels)}
		if sparse != nil && req.Scale != nil {
			if sparse, err = sparse.Rescale(req.Scale, nil); err != nil {
				return nil, bad("%v", err)
			}
		}
	case req.Data != nil && req.Data.Sparse != nil:
		r, err := req.Data.SparseRounds(data.DefaultLimits)
		if err != nil {
			return nil, bad("%v", err)
		}
		if labels, classes, err = classIndices(r.Y); err != nil {
			return nil, err
		}
		if req.Scale != nil || req.Offset != nil {
			if r, err = r.Rescale(req.Scale, req.Offset); err != nil {
				return nil, bad("%v", err)
			}
		}
		sparse = r
		info = wire.DataInfo{Source: "inline sparse data", Columns: r.Features, Units: r.Units, Rows: len(r.X)}
	case req.Data != nil:
		d := req.Data
		r, err := d.Rounds(data.Regress, data.DefaultLimits)
		if err != nil {
			return nil, bad("%v", err)
		}
		if labels, classes, err = classIndices(r.Y); err != nil {
			return nil, err
		}
		x = r.X
		info = wire.DataInfo{Source: "inline data", Columns: r.Features, Units: r.Units, Rows: len(x)}
	default:
		src := req.Source
		tab, err := table(&src, &info)
		if err != nil {
			return nil, err
		}
		r, err := tab.SelectClasses(src.Columns, src.Label)
		if err != nil {
			return nil, bad("%v", err)
		}
		x, labels, classes = r.X, r.Labels, r.Classes
		info.Columns, info.Units, info.Rows, info.Dropped = r.Features, r.Units, len(r.X), r.Dropped
	}
	if sparse == nil && (req.Scale != nil || req.Offset != nil) {
		rr, err := (&data.Rounds{Features: make([]string, len(x[0])), X: x}).Rescale(req.Scale, req.Offset)
		if err != nil {
			return nil, bad("%v", err)
		}
		x = rr.X
	}
	for _, k := range req.Keep {
		if k != "rounds" {
			return nil, bad("keep: unknown record %q for a bandit run (known: rounds)", k)
		}
		cfg.KeepRounds = true
	}
	if !admitted {
		rows, nonZero, d := len(x), 0, 0
		if sparse != nil {
			rows, d = len(sparse.X), sparse.Dim
			for _, r := range sparse.X {
				nonZero = max(nonZero, len(r.Index))
			}
		} else {
			d = len(x[0])
			nonZero = d
		}
		if err := eval.CheckBandit(rows, len(classes), d, cfg, eval.DefaultLimits); err != nil {
			return nil, bad("%v", err)
		}
		release, err := rn.start(ctx, banditRunBytes(rows, nonZero, d, len(classes), sparse == nil, cfg))
		if err != nil {
			return nil, err
		}
		defer release()
	}
	var s *eval.BanditSession
	var err error
	if sparse != nil {
		rows := make([]bandit.SparseRow, len(sparse.X))
		for i, r := range sparse.X {
			rows[i] = bandit.SparseRow(r)
		}
		s, err = eval.NewBanditSparse(rows, sparse.Dim, labels, len(classes), cfg, eval.DefaultLimits)
	} else {
		s, err = eval.NewBandit(x, labels, len(classes), cfg, eval.DefaultLimits)
	}
	if err != nil {
		return nil, bad("%v", err)
	}
	if err := s.RunContext(ctx); err != nil {
		return nil, gone(err)
	}
	return &wire.BanditAnswer{Task: wire.TaskBandit, Data: info, Classes: classes, Rounds: s.Played(), Learners: s.Results()}, nil
}

// synNonZero bounds the non-zero features of a SynSep row: at most 40 rare
// words of its class's prototype less the 5 switched off, and 20 common
// words.
const synNonZero = 40 - 5 + 20

// hasOffset says whether a unit change's offsets move any feature.
func hasOffset(offset []float64) bool {
	for _, o := range offset {
		if o != 0 {
			return true
		}
	}
	return false
}

// classIndices reads inline bandit labels, class indices 0, 1, 2, ..., and
// names the classes 0 to the largest.
func classIndices(y []float64) (labels []int, classes []string, err error) {
	k := 0
	maxClasses := eval.DefaultLimits.MaxClasses
	for i, v := range y {
		if v != math.Trunc(v) || v < 0 {
			return nil, nil, bad("data.y row %d is %v: bandit labels are class indices 0, 1, 2, ...", i+1, v)
		}
		if v >= float64(maxClasses) { // before the classes are made
			return nil, nil, bad("data.y row %d is %v: at most %d classes (labels 0 to %d) are accepted", i+1, v, maxClasses, maxClasses-1)
		}
		labels = append(labels, int(v))
		k = max(k, int(v)+1)
	}
	for c := range k {
		classes = append(classes, fmt.Sprint(c))
	}
	return labels, classes, nil
}
