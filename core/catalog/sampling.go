package catalog

import (
	"sync"
	"unitfree/core/sampling"
)

// samplerBuild builds a sampler over the objective's points for a run of T
// steps.
type samplerBuild = func(o *sampling.Objective, T int, p map[string]float64) (sampling.Sampler, error)

// samplers returns the table of samplers, built on first use: a
// program that never asks for one (the units playground) does not
// link them.
func samplers() table[samplerBuild] {
	samplersOnce.Do(func() {
		samplersTable = table[samplerBuild]{kind: "sampler", items: []item[samplerBuild]{
			{Entry{ID: "uniform", Name: "Uniform", Family: "sampler", Paper: paperMABS, Algorithm: "uniform sampling (_U)",
				Summary: "every point with probability 1/n", Loss: "any", Invariance: InvariantNone},
				func(o *sampling.Objective, _ int, _ map[string]float64) (sampling.Sampler, error) {
					return sampling.NewUniform(o.N()), nil
				}},
			{Entry{ID: "is", Name: "Importance sampling", Family: "sampler", Paper: paperMABS, Algorithm: "fixed p_i ∝ L_i (_IS)",
				Summary: "points in proportion to their smoothness constants", Loss: "any", Invariance: InvariantNone},
				func(o *sampling.Objective, _ int, _ map[string]float64) (sampling.Sampler, error) {
					return sampling.NewImportance(o), nil
				}},
			{Entry{ID: "mabs", Name: "MABS", Family: "sampler", Paper: paperMABS, Algorithm: "EXP3-style bandit sampler (§5.3)",
				Summary: "learns which points reduce the variance: weights grow by exp(δ a_i / p_i³)", Loss: "any",
				Invariance: InvariantNone, Params: []Param{
					{Name: "eta", Symbol: "η", Doc: "mixing with uniform: every p_i >= η/n", Default: 0.4, Min: 0, Max: 0.999},
					{Name: "deltaScale", Symbol: "δ/δ*", Doc: "the step δ as a multiple of the theory's δ* (§5.5, capped so that one update's exponent is at most 1) for the run's length", Default: 1, Min: 0, Max: 1e12},
				}},
				func(o *sampling.Objective, T int, p map[string]float64) (sampling.Sampler, error) {
					abar, A2 := o.InitialTerms()
					delta := p["deltaScale"] * sampling.TheoryDelta(p["eta"], o.N(), T, A2, abar)
					return sampling.NewMABS(o.N(), p["eta"], delta)
				}},
		}}
	})
	return samplersTable
}

var (
	samplersOnce  sync.Once
	samplersTable table[samplerBuild]
)

// optimizerBuild builds a stochastic optimiser on the objective that draws
// its points with the sampler.
type optimizerBuild = func(o *sampling.Objective, s sampling.Sampler, p map[string]float64) (sampling.Optimizer, error)

// stepParam is an optimiser's step size.
var stepParam = []Param{{Name: "gamma", Symbol: "γ", Doc: "step size", Default: 0.1, Min: 0, MinExclusive: true, Max: 1e6}}

// optimizers returns the table of optimisers, built on first use: a
// program that never asks for one (the units playground) does not
// link them.
func optimizers() table[optimizerBuild] {
	optimizersOnce.Do(func() {
		optimizersTable = table[optimizerBuild]{kind: "optimiser", items: []item[optimizerBuild]{
			{Entry{ID: "sgd", Name: "SGD", Family: "optimiser", Paper: paperMABS, Algorithm: "proximal SGD with the estimator grad_i/(n p_i)",
				Summary: "one gradient per step", Loss: "objective", Invariance: InvariantNone, Params: stepParam},
				func(o *sampling.Objective, s sampling.Sampler, p map[string]float64) (sampling.Optimizer, error) {
					return sampling.NewSGD(o, s, p["gamma"])
				}},
			{Entry{ID: "saga", Name: "SAGA", Family: "optimiser", Paper: paperMABS, Algorithm: "SAGA with a table of the points' last gradients",
				Summary: "variance reduced with a gradient table", Loss: "objective", Invariance: InvariantNone, Params: stepParam},
				func(o *sampling.Objective, s sampling.Sampler, p map[string]float64) (sampling.Optimizer, error) {
					return sampling.NewSAGA(o, s, p["gamma"])
				}},
			{Entry{ID: "prox-svrg", Name: "Prox-SVRG", Family: "optimiser", Paper: paperMABS, Algorithm: "Prox-SVRG with bins of n steps",
				Summary: "variance reduced with a full gradient per bin", Loss: "objective", Invariance: InvariantNone, Params: stepParam},
				func(o *sampling.Objective, s sampling.Sampler, p map[string]float64) (sampling.Optimizer, error) {
					return sampling.NewProxSVRG(o, s, p["gamma"])
				}},
		}}
	})
	return optimizersTable
}

var (
	optimizersOnce  sync.Once
	optimizersTable table[optimizerBuild]
)

// Samplers lists the data-point samplers of stochastic optimisation.
func Samplers() []Entry { return samplers().entries() }

// Optimizers lists the stochastic optimisers that take a sampler.
func Optimizers() []Entry { return optimizers().entries() }

// NewSampler builds sampler id for the objective and a run of T steps.
func NewSampler(id string, o *sampling.Objective, T int, params map[string]float64) (sampling.Sampler, error) {
	build, p, err := samplers().resolve(id, params)
	if err != nil {
		return nil, err
	}
	return build(o, T, p)
}

// NewOptimizer builds optimiser id on the objective with the sampler.
func NewOptimizer(id string, o *sampling.Objective, s sampling.Sampler, params map[string]float64) (sampling.Optimizer, error) {
	build, p, err := optimizers().resolve(id, params)
	if err != nil {
		return nil, err
	}
	return build(o, s, p)
}
