package api

import (
	"math"
	"math/rand/v2"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/sampling"
)

// taskSampling is the task of stochastic optimisation with bandit sampling.
const taskSampling data.Task = "sampling"

// Limits of a sampling run.
const (
	maxBudgetEpochs = 100 // gradient evaluations, as a multiple of n
	maxTracePoints  = 200
)

// samplingRun names one optimiser with one sampler.
type samplingRun struct {
	Optimizer string             `json:"optimizer"`
	Sampler   string             `json:"sampler"`
	Params    map[string]float64 `json:"params,omitempty"` // the optimiser's (gamma) and the sampler's (eta, deltaScale)
}

// samplingPoint is one point of a run's trace.
type samplingPoint struct {
	Evals int     `json:"evals"`
	Gap   float64 `json:"gap"` // F(w) - F*
}

// samplingResult is one run's record.
type samplingResult struct {
	samplingRun
	Objective float64         `json:"objective"` // F(w) at the end
	Gap       float64         `json:"gap"`       // F(w) - F*
	Evals     int             `json:"evals"`
	MinProb   float64         `json:"minProb"` // the smallest probability the sampler gave any point at the end
	Trace     []samplingPoint `json:"trace"`
}

// samplingResponse is the answer of a sampling run.
type samplingResponse struct {
	Task      data.Task     `json:"task"`
	Data      dataInfo      `json:"data"`
	Objective sampling.Kind `json:"objective"`
	Lambda    float64       `json:"lambda"`
	FStar     float64       `json:"fstar"`
	// FStarLimited says that F*'s search stopped at its share of the work
	// limit: the gaps are then measured against the best value it found.
	FStarLimited bool             `json:"fstarLimited,omitempty"`
	Budget       int              `json:"budget"`
	Runs         []samplingResult `json:"runs"`
}

// runSampling answers a run of task "sampling": the data define the finite
// sum, each (optimiser, sampler) pair spends the same budget of gradient
// evaluations from w = 0 with the same seed, and the answer traces
// F(w) - F* against evaluations.
func (req *runRequest) runSampling() (any, error) {
	kind := sampling.Kind(req.ObjectiveKind)
	if kind == "" {
		kind = sampling.RidgeSquare
	}
	inner := *req
	inner.Task = data.Classify
	if kind == sampling.RidgeSquare {
		inner.Task = data.Regress
	}
	rounds, info, err := inner.rounds()
	if err != nil {
		return nil, err
	}
	if req.Scale != nil || req.Offset != nil {
		if rounds, err = rounds.Rescale(req.Scale, req.Offset); err != nil {
			return nil, bad("%v", err)
		}
	}
	x := rounds.X
	if req.Features.Bias {
		x = make([][]float64, len(rounds.X))
		for i, row := range rounds.X {
			x[i] = append(append([]float64(nil), row...), 1)
		}
	}
	o, err := sampling.NewObjective(kind, x, rounds.Y, req.Lambda)
	if err != nil {
		return nil, bad("%v", err)
	}
	n := o.N()
	epochs := req.Passes
	if epochs == 0 {
		epochs = 10
	}
	if epochs < 1 || epochs > maxBudgetEpochs {
		return nil, bad("passes = %d: the budget is 1 to %d times n gradient evaluations", req.Passes, maxBudgetEpochs)
	}
	budget := epochs * n
	if len(req.Runs) == 0 || len(req.Runs) > 9 {
		return nil, bad("runs: name 1 to 9 optimiser and sampler pairs, got %d", len(req.Runs))
	}
	if work := float64(budget) * float64(o.Dim()) * float64(len(req.Runs)) * 4; work > 2e8 {
		return nil, bad("the run needs about %.3g coordinate updates, more than the limit of 2e+08", work)
	}
	// F* shares the work limit: at most 2e8/(n d) passes over the data (a
	// 1.8 MB L1-logistic request once spent 6.9 s on it).
	fstar, _, limited := o.OptimumWithin(max(int(2e8/(float64(o.N())*float64(o.Dim()))), 1))
	resp := &samplingResponse{Task: taskSampling, Data: info, Objective: kind, Lambda: req.Lambda, FStar: fstar,
		FStarLimited: limited, Budget: budget}
	for i, run := range req.Runs {
		res, err := samplingOne(o, run, budget, req.Order.Seed, fstar)
		if err != nil {
			return nil, bad("runs[%d]: %v", i, err)
		}
		resp.Runs = append(resp.Runs, res)
	}
	return resp, nil
}

// samplingOne plays one optimiser with one sampler for the budget.
func samplingOne(o *sampling.Objective, run samplingRun, budget int, seed uint64, fstar float64) (samplingResult, error) {
	optParams, sampParams := map[string]float64{}, map[string]float64{}
	for k, v := range run.Params {
		if k == "gamma" {
			optParams[k] = v
		} else {
			sampParams[k] = v
		}
	}
	s, err := catalog.NewSampler(run.Sampler, o, budget, sampParams)
	if err != nil {
		return samplingResult{}, err
	}
	opt, err := catalog.NewOptimizer(run.Optimizer, o, s, optParams)
	if err != nil {
		return samplingResult{}, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x73616d70))
	res := samplingResult{samplingRun: run}
	every := max(1, budget/maxTracePoints)
	next := 0
	for opt.Evals() < budget {
		if opt.Evals() >= next {
			res.Trace = append(res.Trace, samplingPoint{opt.Evals(), finite(o.Value(opt.W()) - fstar)})
			next = opt.Evals() + every
		}
		opt.Step(rng)
	}
	res.Objective = finite(o.Value(opt.W()))
	res.Gap = finite(res.Objective - fstar)
	res.Evals = opt.Evals()
	res.Trace = append(res.Trace, samplingPoint{res.Evals, res.Gap})
	res.MinProb = math.Inf(1)
	for i := range o.N() {
		res.MinProb = math.Min(res.MinProb, s.Prob(i))
	}
	return res, nil
}

// finite replaces a non-finite value (a diverged run) by the largest float,
// which JSON can carry.
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return math.MaxFloat64
	}
	return v
}
