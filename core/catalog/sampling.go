package catalog

import (
	"fmt"
	"strings"

	"unitfree/core/sampling"
)

const paperMABS = "Salehi, Celis, Thiran, Stochastic optimization with bandit sampling (arXiv 1708.02544)"

// Samplers lists the data-point samplers of stochastic optimisation.
func Samplers() []Entry {
	return []Entry{
		{ID: "uniform", Name: "Uniform", Family: "sampler", Paper: paperMABS, Algorithm: "uniform sampling (_U)",
			Summary: "every point with probability 1/n", Loss: "any", Invariance: InvariantNone, Cost: CostLinear},
		{ID: "is", Name: "Importance sampling", Family: "sampler", Paper: paperMABS, Algorithm: "fixed p_i ∝ L_i (_IS)",
			Summary: "points in proportion to their smoothness constants", Loss: "any", Invariance: InvariantNone, Cost: CostLinear},
		{ID: "mabs", Name: "MABS", Family: "sampler", Paper: paperMABS, Algorithm: "EXP3-style bandit sampler (§5.3)",
			Summary: "learns which points reduce the variance: weights grow by exp(δ a_i / p_i³)", Loss: "any",
			Invariance: InvariantNone, Cost: CostLinear, Params: []Param{
				{Name: "eta", Symbol: "η", Doc: "mixing with uniform: every p_i >= η/n", Default: 0.4, Min: 0, Max: 0.999},
				{Name: "deltaScale", Symbol: "δ/δ*", Doc: "the step δ as a multiple of the theory's δ* (§5.5, capped so that one update's exponent is at most 1) for the run's length", Default: 1, Min: 0, Max: 1e12},
			}},
	}
}

// Optimizers lists the stochastic optimisers that take a sampler.
func Optimizers() []Entry {
	step := func(def float64) []Param {
		return []Param{{Name: "gamma", Symbol: "γ", Doc: "step size", Default: def, Min: 0, MinExclusive: true, Max: 1e6}}
	}
	return []Entry{
		{ID: "sgd", Name: "SGD", Family: "optimiser", Paper: paperMABS, Algorithm: "proximal SGD with the estimator grad_i/(n p_i)",
			Summary: "one gradient per step", Loss: "objective", Invariance: InvariantNone, Cost: CostLinear, Params: step(0.1)},
		{ID: "saga", Name: "SAGA", Family: "optimiser", Paper: paperMABS, Algorithm: "SAGA with a table of the points' last gradients",
			Summary: "variance reduced with a gradient table", Loss: "objective", Invariance: InvariantNone, Cost: CostLinear, Params: step(0.1)},
		{ID: "prox-svrg", Name: "Prox-SVRG", Family: "optimiser", Paper: paperMABS, Algorithm: "Prox-SVRG with bins of n steps",
			Summary: "variance reduced with a full gradient per bin", Loss: "objective", Invariance: InvariantNone, Cost: CostLinear, Params: step(0.1)},
	}
}

// resolveIn finds entry id among entries and resolves its parameters.
func resolveIn(entries []Entry, kind, id string, params map[string]float64) (map[string]float64, error) {
	ids := make([]string, len(entries))
	for i, e := range entries {
		if e.ID == id {
			return e.Resolve(params)
		}
		ids[i] = e.ID
	}
	return nil, fmt.Errorf("unknown %s %q (known: %s)", kind, id, strings.Join(ids, ", "))
}

// NewSampler builds sampler id for the objective and a run of T steps.
func NewSampler(id string, o *sampling.Objective, T int, params map[string]float64) (sampling.Sampler, error) {
	p, err := resolveIn(Samplers(), "sampler", id, params)
	if err != nil {
		return nil, err
	}
	switch id {
	case "uniform":
		return sampling.NewUniform(o.N()), nil
	case "is":
		return sampling.NewImportance(o), nil
	}
	abar, A2 := o.InitialTerms()
	delta := p["deltaScale"] * sampling.TheoryDelta(p["eta"], o.N(), T, A2, abar)
	return sampling.NewMABS(o.N(), p["eta"], delta)
}

// NewOptimizer builds optimiser id on the objective with the sampler.
func NewOptimizer(id string, o *sampling.Objective, s sampling.Sampler, params map[string]float64) (sampling.Optimizer, error) {
	p, err := resolveIn(Optimizers(), "optimiser", id, params)
	if err != nil {
		return nil, err
	}
	switch id {
	case "sgd":
		return sampling.NewSGD(o, s, p["gamma"])
	case "saga":
		return sampling.NewSAGA(o, s, p["gamma"])
	}
	return sampling.NewProxSVRG(o, s, p["gamma"])
}
