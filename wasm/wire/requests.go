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
	Data    *data.Inline `json:"data"`    // inline rows (below)
	Dataset string       `json:"dataset"` // a shipped dataset's name (GET /api/datasets)
	CSV     *string      `json:"csv"`     // CSV text with a header row, separated by commas, semicolons or tabs
	Columns []string     `json:"columns"` // feature columns of a dataset or CSV (default: every numeric column but the label)
	Label   string       `json:"label"`   // label column of a dataset or CSV
	Scale   []float64    `json:"scale"`   // per raw feature: x' = scale x + offset, a change of units (default 1)
	Offset  []float64    `json:"offset"`  // per raw feature: the shift of an affine change such as °C to °F (default 0; refused for sparse rows)
}

// Binary picks the two classes of a classification from a label column.
type Binary struct {
	Positive string   `json:"positive"` // a label with more than two classes: the class that becomes +1, the others -1
	Classes  []string `json:"classes"`  // or two classes to keep, the first +1 (rows of other classes are excluded)
}

// Features is the feature map: a bias term, polynomial degree 1 to 3.
type Features struct {
	Bias   bool `json:"bias"`   // append a constant feature 1
	Degree int  `json:"degree"` // polynomial degree of the feature map, 1 to 3 (1 when 0)
}

// Order is the order of the rounds: as given, or a seeded shuffle.
type Order struct {
	Shuffle bool   `json:"shuffle"` // visit the rows in a seeded random order each pass (else in the given order)
	Seed    uint64 `json:"seed"`    // seed of the order
}

// Generator names a synthetic dataset: "synsep" or "synnonsep" (bandit
// runs, Rounds rows), or "tau" (sampling runs: Rounds points in Dim
// dimensions, 2 when 0, whose smoothness constants have max/mean Tau).
type Generator struct {
	Name   string  `json:"name"`          // synsep, synnonsep (bandit) or tau (sampling)
	Rounds int     `json:"rounds"`        // rows to generate, 1 to 100,000
	Seed   uint64  `json:"seed"`          // seed of the data
	Tau    float64 `json:"tau,omitempty"` // tau: max/mean of the points' smoothness constants, 1 <= tau < rounds
	Dim    int     `json:"dim,omitempty"` // tau: dimensions of the points (2 when 0)
}

// LinearRequest is a run of task "classify" or "regress": full-information
// linear learners on the rounds.
type LinearRequest struct {
	Task data.Task `json:"task"` // classify (labels ±1) or regress (real labels)
	Source
	Binary
	Features Features           `json:"features"` // the feature map
	Loss     string             `json:"loss"`     // logistic (default for classify), squared (default for regress), hinge, absolute or linear
	Learners []eval.LearnerSpec `json:"learners"` // 1 to 20 learners of GET /api/learners' linear list
	Order    Order              `json:"order"`    // the order of the rounds
	Passes   int                `json:"passes"`   // passes over the data, 1 to 100 (1 when 0)
	// Keep asks for per-round records: predictions and losses (per learner,
	// one per round in stream order), order (the source row of each round).
	Keep []string `json:"keep"`
}

// BanditRequest is a run of task "bandit": multiclass learners that only
// hear whether the label they played was right.
type BanditRequest struct {
	Task data.Task `json:"task"` // bandit
	Source
	Generator *Generator         `json:"generator"` // or generated data: synsep or synnonsep, the SOBA paper's
	Features  Features           `json:"features"`  // the feature map
	Learners  []eval.LearnerSpec `json:"learners"`  // learners of GET /api/learners' bandit list
	Order     Order              `json:"order"`     // the order of the rounds
	Passes    int                `json:"passes"`    // passes over the data, 1 to 100 (1 when 0)
	Keep      []string           `json:"keep"`      // rounds: every round of every learner
	DrawSeed  uint64             `json:"drawSeed"`  // seed of the exploration draws, the same for every learner
	// Draws are the exploration draws instead of a seed, two per round in
	// [0, 1): explore when the first is below γ, then play floor(second × k).
	Draws []float64 `json:"draws"`
}

// SamplingRun names one optimiser with one sampler and their parameters.
type SamplingRun struct {
	Optimizer string             `json:"optimizer"`        // sgd, saga or prox-svrg
	Sampler   string             `json:"sampler"`          // uniform, is or mabs
	Params    map[string]float64 `json:"params,omitempty"` // the optimiser's (gamma) and the sampler's (eta, deltaScale)
}

// SamplingRequest is a run of task "sampling": the data define a finite
// sum, and each optimiser and sampler pair spends the same budget of
// gradient evaluations on it.
type SamplingRequest struct {
	Task data.Task `json:"task"` // sampling
	Source
	Binary
	Generator *Generator    `json:"generator"` // or generated data: tau, the sampling room's points
	Features  Features      `json:"features"`  // the feature map
	Objective string        `json:"objective"` // ridge, logistic-l1 or squared-hinge-l2
	Lambda    float64       `json:"lambda"`    // the regularizer's weight λ in F(w) = (1/n) Σ φ_i(w) + λ r(w)
	Runs      []SamplingRun `json:"runs"`      // the optimiser and sampler pairs, each from w = 0 on the same draws
	Order     Order         `json:"order"`     // its seed seeds the draws
	Passes    int           `json:"passes"`    // the budget in passes over the n points (10 when 0)
}

// TaskBoard is the task of a board: every learner on one's own data.
const TaskBoard data.Task = "board"

// BoardRequest is a run of task "board": every linear learner of the
// catalogue that fits the problem, in several seeded orders, each in
// natural units and under random rescalings of every feature by
// 10^U[-3, 3], as `go run ./core/cmd/leaderboard -csv` prints it.
type BoardRequest struct {
	Task data.Task `json:"task"` // board
	Source
	Binary
	Kind       data.Task `json:"kind"`       // the problem: classify (the default) or regress
	Orders     int       `json:"orders"`     // seeded random orders of the rows, 1 to 20 (5 when 0)
	Rescalings *int      `json:"rescalings"` // random rescalings per order, 0 to 20 (5 when absent)
	Seed       uint64    `json:"seed"`       // order i is seeded seed+i; the rescalings come from seed too
}
