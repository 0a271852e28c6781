package catalog

import (
	"sync"
	"unitfree/core/bandit"
)

var (
	paramGamma = Param{Name: "gamma", Symbol: "γ", Doc: "exploration rate: the chance of playing a uniformly random label",
		Default: 0.01, Min: 0, MinExclusive: true, Max: 1}
	paramSOBAa = Param{Name: "a", Symbol: "a", Doc: "regularization of A (A = a I at the start)",
		Default: 1, Min: 0, MinExclusive: true, Max: 1e6, Unit: "feature units²"}
)

// banditBuild builds a bandit (or full-information reference) multiclass
// learner for k classes in d dimensions.
type banditBuild = func(k, d int, p map[string]float64) (bandit.Learner, error)

// banditLearners returns the table of bandit learners, built on first use: a
// program that never asks for one (the units playground) does not
// link them.
func banditLearners() table[banditBuild] {
	banditLearnersOnce.Do(func() {
		banditLearnersTable = table[banditBuild]{kind: "bandit learner", items: []item[banditBuild]{
			{Entry{ID: "soba", Name: "SOBA", Family: "bandit", Paper: paperSOBA, Algorithm: "Algorithm 1 (full kd x kd matrix)",
				Summary: "second-order Banditron: learns only from revealed labels, importance-weighted, with margin updates",
				Loss:    "bandit feedback", Invariance: InvariantNone, Cost: CostQuadratic, Params: []Param{paramSOBAa, paramGamma}},
				func(k, d int, p map[string]float64) (bandit.Learner, error) {
					return bandit.NewSOBA(k, d, p["a"], p["gamma"])
				}},
			{Entry{ID: "soba-diag", Name: "SOBA (diagonal)", Family: "bandit", Paper: paperSOBA, Algorithm: "Algorithm 1 with a diagonal A (the authors' experiments)",
				Summary: "SOBA with a diagonal second-order matrix: O(kd) per round",
				Loss:    "bandit feedback", Invariance: InvariantNone, Params: []Param{paramSOBAa, paramGamma}},
				func(k, d int, p map[string]float64) (bandit.Learner, error) {
					return bandit.NewSOBADiag(k, d, p["a"], p["gamma"])
				}},
			{Entry{ID: "soba-adaptive", Name: "SOBA, adaptive γ", Family: "bandit", Paper: paperSOBA, Algorithm: "Algorithm 1 with the appendix's adaptive exploration rate",
				Summary: "SOBA whose exploration rate follows the leverage of its updates",
				Loss:    "bandit feedback", Invariance: InvariantNone, Cost: CostQuadratic,
				Params: []Param{paramSOBAa, {Name: "gammaMax", Symbol: "γ_max", Doc: "cap of the adaptive rate (1/2: the theory's range)", Default: 0.5, Min: 0, MinExclusive: true, Max: 1}}},
				func(k, d int, p map[string]float64) (bandit.Learner, error) {
					return bandit.NewSOBAAdaptive(k, d, p["a"], p["gammaMax"])
				}},
			{Entry{ID: "banditron", Name: "Banditron", Family: "bandit", Paper: paperBanditron,
				Algorithm: "Banditron", Summary: "the first-order baseline: learns from every round, importance-weighted",
				Loss: "bandit feedback", Invariance: InvariantNone, Params: []Param{paramGamma}},
				func(k, d int, p map[string]float64) (bandit.Learner, error) {
					return bandit.NewBanditron(k, d, p["gamma"])
				}},
			{Entry{ID: "perceptron-mc", Name: "Multiclass Perceptron", Family: "full information", Paper: paperSOBA, Algorithm: "multiclass Perceptron (the plots' reference line)",
				Summary: "sees the true label every round: the full-information reference",
				Loss:    "mistakes (built in)", Invariance: InvariantNone},
				func(k, d int, _ map[string]float64) (bandit.Learner, error) { return bandit.NewPerceptronMC(k, d) }},
			{Entry{ID: "sop-mc", Name: "Multiclass second-order Perceptron", Family: "full information", Paper: paperOMD, Algorithm: "second-order Perceptron on Kesler's construction",
				Summary: "the full-information second-order reference for SOBA",
				Loss:    "mistakes (built in)", Invariance: InvariantNone, Cost: CostQuadratic, Params: []Param{paramSOBAa}},
				func(k, d int, p map[string]float64) (bandit.Learner, error) { return bandit.NewSOPMC(k, d, p["a"]) }},
		}}
	})
	return banditLearnersTable
}

var (
	banditLearnersOnce  sync.Once
	banditLearnersTable table[banditBuild]
)

// Bandit returns the entries of the bandit multiclass learners and their
// full-information references.
func Bandit() []Entry { return banditLearners().entries() }

// BanditIDs returns the ids of the bandit learners.
func BanditIDs() []string { return banditLearners().ids() }

// NewBandit builds the bandit learner id for k classes in d dimensions.
func NewBandit(id string, k, d int, params map[string]float64) (bandit.Learner, error) {
	build, p, err := banditLearners().resolve(id, params)
	if err != nil {
		return nil, err
	}
	return build(k, d, p)
}

// BanditWithGamma builds a bandit learner at exploration rate gamma (the
// rate, or the cap of the adaptive one; ignored by the full-information
// references), the other parameters at their defaults: the Builder of
// bandit.Protocol.
func BanditWithGamma(id string, k, d int, gamma float64) (bandit.Learner, error) {
	return NewBandit(id, k, d, ExplorationParams(id, gamma, gamma))
}

// ExplorationParams returns the exploration parameters of the bandit
// learner: gamma for a fixed rate, gammaMax for the cap of an adaptive one,
// none for a full-information reference.
func ExplorationParams(id string, gamma, gammaMax float64) map[string]float64 {
	params := map[string]float64{}
	e, _ := LookupBandit(id)
	for _, p := range e.Params {
		switch p.Name {
		case "gamma":
			params[p.Name] = gamma
		case "gammaMax":
			params[p.Name] = gammaMax
		}
	}
	return params
}

// LookupBandit returns the bandit entry with the given id.
func LookupBandit(id string) (Entry, bool) { return banditLearners().lookup(id) }
