package api

import (
	"context"
	"math"

	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/core/features"
	"unitfree/core/sampling"
	"unitfree/wasm/wire"
)

// Limits of a sampling run.
const (
	maxBudgetEpochs = 100 // gradient evaluations, as a multiple of n
	maxTauPoints    = 10_000
	maxTauDim       = 100
)

// runSampling answers a run of task "sampling": the data (or the "tau"
// generator) define the finite sum, each (optimiser, sampler) pair spends
// the same budget of gradient evaluations from w = 0 with the same seeded
// draws, and the answer traces F(w) - F* and the effective variance
// against evaluations. It plays eval's sampling session, as the page's
// sampling room does: the same request gives the same run in both.
func (rn runner) runSampling(ctx context.Context, req *wire.SamplingRequest) (any, error) {
	kind := sampling.Kind(req.Objective)
	if kind == "" {
		kind = sampling.RidgeSquare
	}
	x, y, info, err := samplingData(req, kind)
	if err != nil {
		return nil, err
	}
	epochs := req.Passes
	if epochs == 0 {
		epochs = 10
	}
	if epochs < 1 || epochs > maxBudgetEpochs {
		return nil, bad("passes = %d: the budget is 1 to %d times n gradient evaluations", req.Passes, maxBudgetEpochs)
	}
	if len(req.Runs) == 0 || len(req.Runs) > 9 {
		return nil, bad("runs: name 1 to 9 optimiser and sampler pairs, got %d", len(req.Runs))
	}
	if req.Features.Bias {
		x = features.WithBias(x)
	}
	d := 0
	if len(x) > 0 {
		d = len(x[0])
	}
	release, err := rn.start(ctx, samplingRunBytes(len(x), d, len(req.Runs)))
	if err != nil {
		return nil, err
	}
	defer release()
	o, err := sampling.NewObjective(kind, x, y, req.Lambda)
	if err != nil {
		return nil, bad("%v", err)
	}
	cfg := eval.SamplingConfig{Budget: epochs * o.N(), Seed: req.Order.Seed}
	for _, run := range req.Runs {
		cfg.Pairs = append(cfg.Pairs, eval.SamplingPair{Optimizer: run.Optimizer, Sampler: run.Sampler, Params: run.Params})
	}
	s, err := eval.NewSampling(o, cfg)
	if err != nil {
		return nil, bad("%v", err)
	}
	for s.Played() < s.Budget { // in slices, to stop when the client goes away
		if ctx.Err() != nil {
			return nil, gone(ctx.Err())
		}
		s.Advance(max(1, s.Budget/16))
	}
	answer := &wire.SamplingAnswer{Task: wire.TaskSampling, Data: info, Objective: string(kind), Lambda: req.Lambda,
		FStar: s.FStar, FStarLimited: s.FStarLimited, Budget: s.Budget}
	for i, t := range s.Tracks {
		res := wire.SamplingResult{SamplingRun: req.Runs[i], Evals: t.Opt.Evals(), MinProb: math.Inf(1)}
		res.Objective = finite(o.Value(t.Opt.W()))
		res.Gap = finite(res.Objective - s.FStar)
		for k := range t.Evals {
			res.Trace = append(res.Trace, wire.SamplingPoint{Evals: int(t.Evals[k]), Gap: finite(t.Gap[k]), Variance: finite(t.Variance[k])})
		}
		for _, p := range t.Probs() {
			res.MinProb = math.Min(res.MinProb, p)
		}
		answer.Runs = append(answer.Runs, res)
	}
	return answer, nil
}

// samplingData reads the rows and labels of a sampling run: the "tau"
// generator, or the data, dataset or CSV as a regression (ridge) or a
// classification (the other objectives).
func samplingData(req *wire.SamplingRequest, kind sampling.Kind) ([][]float64, []float64, wire.DataInfo, error) {
	if g := req.Generator; g != nil {
		if n := sources(req.Source, true); n != 1 {
			return nil, nil, wire.DataInfo{}, bad("a sampling run needs exactly one of \"data\", \"dataset\", \"csv\" and \"generator\" (got %d)", n)
		}
		if g.Name != "tau" {
			return nil, nil, wire.DataInfo{}, bad("generator.name %q: a sampling run's generator is \"tau\"", g.Name)
		}
		dim := g.Dim
		if dim == 0 {
			dim = 2
		}
		switch {
		case g.Rounds < 2 || g.Rounds > maxTauPoints:
			return nil, nil, wire.DataInfo{}, bad("generator.rounds = %d: 2 to %d points are accepted", g.Rounds, maxTauPoints)
		case dim < 1 || dim > maxTauDim:
			return nil, nil, wire.DataInfo{}, bad("generator.dim = %d: 1 to %d are accepted", g.Dim, maxTauDim)
		}
		if err := sampling.CheckTau(g.Rounds, g.Tau); err != nil {
			return nil, nil, wire.DataInfo{}, bad("generator.tau: %v", err)
		}
		x, y := sampling.TauPoints(g.Seed, g.Rounds, dim, g.Tau)
		return x, y, wire.DataInfo{Source: "generator tau", Rows: len(x)}, nil
	}
	task := data.Classify
	if kind == sampling.RidgeSquare {
		task = data.Regress
	}
	r, info, err := rounds(task, req.Source, req.Binary)
	if err != nil {
		return nil, nil, info, err
	}
	return r.X, r.Y, info, nil
}

// finite replaces a non-finite value (a diverged run) by the largest float,
// which JSON can carry.
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return math.MaxFloat64
	}
	return v
}
