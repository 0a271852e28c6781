package wire

import (
	"unitfree/core/data"
	"unitfree/core/eval"
)

// DataInfo says what data a run used.
type DataInfo struct {
	Source   string   `json:"source"`             // inline, a dataset's name, csv or a generator's name
	Columns  []string `json:"columns"`            // the raw features
	Units    []string `json:"units"`              // their units, where known
	Rows     int      `json:"rows"`               // rows used
	Dropped  int      `json:"dropped"`            // rows with a missing value
	Excluded int      `json:"excluded"`           // rows of classes not selected
	Positive string   `json:"positive,omitempty"` // the class that became +1
	Ignored  []string `json:"ignored,omitempty"`  // CSV columns that are not features by default, and why
}

// LinearAnswer is the answer of a linear run.
type LinearAnswer struct {
	Task data.Task `json:"task"` // the request's task
	Data DataInfo  `json:"data"` // what data the run used
	eval.Result
	// Order is the source row of each round, counted from 1 as the API's
	// messages count rows (row 1 is data.x[0], or a CSV's first line of
	// data); sparse rows' feature indices, like JSON arrays, count from 0.
	Order []int `json:"order,omitempty"`
}

// BanditAnswer is the answer of a bandit run.
type BanditAnswer struct {
	Task     data.Task           `json:"task"`     // bandit
	Data     DataInfo            `json:"data"`     // what data the run used
	Classes  []string            `json:"classes"`  // the classes, by index
	Rounds   int                 `json:"rounds"`   // rounds played
	Learners []eval.BanditResult `json:"learners"` // one record per learner
}

// SamplingPoint is one record of a sampling run's trace.
type SamplingPoint struct {
	Evals    int     `json:"evals"`    // gradient evaluations so far
	Gap      float64 `json:"gap"`      // F(w) - F*
	Variance float64 `json:"variance"` // the effective variance of the gradient estimate
}

// SamplingResult is one pair's record.
type SamplingResult struct {
	SamplingRun
	Objective float64         `json:"objective"` // F(w) at the end
	Gap       float64         `json:"gap"`       // F(w) - F*
	Evals     int             `json:"evals"`     // gradient evaluations spent
	MinProb   float64         `json:"minProb"`   // the smallest probability the sampler gave any point at the end
	Trace     []SamplingPoint `json:"trace"`     // about 200 records along the run
}

// SamplingAnswer is the answer of a sampling run.
type SamplingAnswer struct {
	Task      data.Task `json:"task"`      // sampling
	Data      DataInfo  `json:"data"`      // what data the run used
	Objective string    `json:"objective"` // the request's objective
	Lambda    float64   `json:"lambda"`    // the request's λ
	FStar     float64   `json:"fstar"`     // F*, the objective's minimum (found with gonum)
	// FStarLimited says that F*'s search stopped at its share of the work
	// limit: the gaps are then measured against the best value it found.
	FStarLimited bool             `json:"fstarLimited,omitempty"`
	Budget       int              `json:"budget"` // gradient evaluations each pair spends: passes × n
	Runs         []SamplingResult `json:"runs"`   // one record per pair
}
