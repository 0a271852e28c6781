package wire

import (
	"unitfree/core/data"
	"unitfree/core/eval"
)

// DataInfo says what data a run used.
type DataInfo struct {
	Source   string   `json:"source"`
	Columns  []string `json:"columns"`
	Units    []string `json:"units"`
	Rows     int      `json:"rows"`
	Dropped  int      `json:"dropped"`  // rows with a missing value
	Excluded int      `json:"excluded"` // rows of classes not selected
	Positive string   `json:"positive,omitempty"`
	Ignored  []string `json:"ignored,omitempty"` // CSV columns that are not features by default, and why
}

// LinearAnswer is the answer of a linear run.
type LinearAnswer struct {
	Task data.Task `json:"task"`
	Data DataInfo  `json:"data"`
	eval.Result
	// Order is the source row of each round, counted from 1 as the API's
	// messages count rows (row 1 is data.x[0], or a CSV's first line of
	// data); sparse rows' feature indices, like JSON arrays, count from 0.
	Order []int `json:"order,omitempty"`
}

// BanditAnswer is the answer of a bandit run.
type BanditAnswer struct {
	Task     data.Task           `json:"task"`
	Data     DataInfo            `json:"data"`
	Classes  []string            `json:"classes"`
	Rounds   int                 `json:"rounds"`
	Learners []eval.BanditResult `json:"learners"`
}

// SamplingPoint is one record of a sampling run's trace.
type SamplingPoint struct {
	Evals    int     `json:"evals"`
	Gap      float64 `json:"gap"`      // F(w) - F*
	Variance float64 `json:"variance"` // the effective variance of the gradient estimate
}

// SamplingResult is one pair's record.
type SamplingResult struct {
	SamplingRun
	Objective float64         `json:"objective"` // F(w) at the end
	Gap       float64         `json:"gap"`       // F(w) - F*
	Evals     int             `json:"evals"`
	MinProb   float64         `json:"minProb"` // the smallest probability the sampler gave any point at the end
	Trace     []SamplingPoint `json:"trace"`
}

// SamplingAnswer is the answer of a sampling run.
type SamplingAnswer struct {
	Task      data.Task `json:"task"`
	Data      DataInfo  `json:"data"`
	Objective string    `json:"objective"`
	Lambda    float64   `json:"lambda"`
	FStar     float64   `json:"fstar"`
	// FStarLimited says that F*'s search stopped at its share of the work
	// limit: the gaps are then measured against the best value it found.
	FStarLimited bool             `json:"fstarLimited,omitempty"`
	Budget       int              `json:"budget"`
	Runs         []SamplingResult `json:"runs"`
}
