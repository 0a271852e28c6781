package wire

import (
	"unitfree/core/data"
	"unitfree/core/eval"
)

// The tasks of POST /api/run beside data.Classify and data.Regress.
const (
	TaskBandit   data.Task = "bandit"   // multiclass learners with bandit feedback
	TaskSampling data.Task = "sampling" // stochastic optimisation with bandit sampling
)

// Head is the part of every request read first: it says which request type
// the body is.
type Head struct {
	Task data.Task `json:"task"`
}

// Source is where a run's data come from: exactly one of inline data, a
// shipped dataset and a CSV text (or, for some tasks, a generator).
type Source struct {
	Data    *data.Inline `json:"data"`
	Dataset string       `json:"dataset"`
	CSV     *string      `json:"csv"`
	Columns []string     `json:"columns"` // feature columns of a dataset or CSV
	Label   string       `json:"label"`   // label column of a dataset or CSV
	// Scale and Offset change the features' units: x' = scale x + offset.
	Scale  []float64 `json:"scale"`
	Offset []float64 `json:"offset"`
}

// Binary picks the two classes of a classification from a label column.
type Binary struct {
	Positive string   `json:"positive"` // class that becomes +1
	Classes  []string `json:"classes"`  // two classes to keep, the first +1
}

// Features is the feature map: a bias term, polynomial degree 1 to 3.
type Features struct {
	Bias   bool `json:"bias"`
	Degree int  `json:"degree"`
}

// Order is the order of the rounds: as given, or a seeded shuffle.
type Order struct {
	Shuffle bool   `json:"shuffle"`
	Seed    uint64 `json:"seed"`
}

// Generator names a synthetic dataset: "synsep" or "synnonsep" (bandit
// runs, Rounds rows), or "tau" (sampling runs: Rounds points in Dim
// dimensions, 2 when 0, whose smoothness constants have max/mean Tau).
type Generator struct {
	Name   string  `json:"name"`
	Rounds int     `json:"rounds"`
	Seed   uint64  `json:"seed"`
	Tau    float64 `json:"tau,omitempty"`
	Dim    int     `json:"dim,omitempty"`
}

// LinearRequest is a run of task "classify" or "regress": full-information
// linear learners on the rounds.
type LinearRequest struct {
	Task data.Task `json:"task"`
	Source
	Binary
	Features Features           `json:"features"`
	Loss     string             `json:"loss"`
	Learners []eval.LearnerSpec `json:"learners"`
	Order    Order              `json:"order"`
	Passes   int                `json:"passes"`
	Keep     []string           `json:"keep"` // predictions, losses, order
}

// BanditRequest is a run of task "bandit": multiclass learners that only
// hear whether the label they played was right.
type BanditRequest struct {
	Task data.Task `json:"task"`
	Source
	Generator *Generator         `json:"generator"`
	Features  Features           `json:"features"`
	Learners  []eval.LearnerSpec `json:"learners"`
	Order     Order              `json:"order"`
	Passes    int                `json:"passes"`
	Keep      []string           `json:"keep"`     // rounds
	DrawSeed  uint64             `json:"drawSeed"` // seed of the exploration draws
	Draws     []float64          `json:"draws"`    // or the draws, two per round in [0, 1)
}

// SamplingRun names one optimiser with one sampler and their parameters.
type SamplingRun struct {
	Optimizer string             `json:"optimizer"`
	Sampler   string             `json:"sampler"`
	Params    map[string]float64 `json:"params,omitempty"` // the optimiser's (gamma) and the sampler's (eta, deltaScale)
}

// SamplingRequest is a run of task "sampling": the data define a finite
// sum, and each optimiser and sampler pair spends the same budget of
// gradient evaluations on it.
type SamplingRequest struct {
	Task data.Task `json:"task"`
	Source
	Binary
	Generator *Generator    `json:"generator"`
	Features  Features      `json:"features"`
	Objective string        `json:"objective"` // ridge, logistic-l1 or squared-hinge-l2
	Lambda    float64       `json:"lambda"`
	Runs      []SamplingRun `json:"runs"`
	Order     Order         `json:"order"`  // its seed seeds the draws
	Passes    int           `json:"passes"` // the budget in passes over the n points (10 when 0)
}
