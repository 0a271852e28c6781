package api

import (
	"fmt"
	"math"

	"unitfree/core/bandit"
	"unitfree/core/data"
	"unitfree/core/eval"
)

// taskBandit is the task of bandit multiclass runs.
const taskBandit data.Task = "bandit"

// maxGeneratedRounds bounds the synthetic datasets a request may ask for.
const maxGeneratedRounds = 100_000

// banditResponse is the answer of a bandit run.
type banditResponse struct {
	Task     data.Task           `json:"task"`
	Data     dataInfo            `json:"data"`
	Classes  []string            `json:"classes"`
	Rounds   int                 `json:"rounds"`
	Learners []eval.BanditResult `json:"learners"`
}

// runBandit answers a run of task "bandit": multiclass rounds from a
// dataset, a CSV, inline data (labels are class indices) or a generator;
// every learner sees the same rounds and the same exploration draws.
func (req *runRequest) runBandit() (any, error) {
	var x [][]float64
	var labels []int
	var classes []string
	info := dataInfo{}
	sources := 0
	for _, given := range []bool{req.Data != nil, req.Dataset != "", req.CSV != nil, req.Generator != nil} {
		if given {
			sources++
		}
	}
	if sources != 1 {
		return nil, bad("a bandit run needs exactly one of \"data\", \"dataset\", \"csv\" and \"generator\" (got %d)", sources)
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
		// Check the run before generating its data (SynSep's 100,000
		// rounds are 320 MB).
		if err := eval.CheckBandit(g.Rounds, bandit.SynClasses, bandit.SynFeatures, cfg, eval.DefaultLimits); err != nil {
			return nil, bad("%v", err)
		}
		switch g.Name {
		case "synsep":
			x, labels = bandit.SynSep(g.Seed, g.Rounds)
		case "synnonsep":
			x, labels, _ = bandit.SynNonSep(g.Seed, g.Rounds)
		default:
			return nil, bad("generator.name %q is not synsep or synnonsep", g.Name)
		}
		for c := range bandit.SynClasses {
			classes = append(classes, fmt.Sprint(c+1))
		}
		info = dataInfo{Source: "generator " + g.Name, Rows: len(x)}
	case req.Data != nil:
		d := req.Data
		r, err := data.Inline{Features: d.Features, Units: d.Units, X: d.X, Y: d.Y}.Rounds(data.Regress, data.DefaultLimits)
		if err != nil {
			return nil, bad("%v", err)
		}
		k := 0
		maxClasses := eval.DefaultLimits.MaxClasses
		for i, y := range r.Y {
			if y != math.Trunc(y) || y < 0 {
				return nil, bad("data.y row %d is %v: bandit labels are class indices 0, 1, 2, ...", i+1, y)
			}
			if y >= float64(maxClasses) { // before the classes are made
				return nil, bad("data.y row %d is %v: at most %d classes (labels 0 to %d) are accepted", i+1, y, maxClasses, maxClasses-1)
			}
			labels = append(labels, int(y))
			k = max(k, int(y)+1)
		}
		for c := range k {
			classes = append(classes, fmt.Sprint(c))
		}
		x = r.X
		info = dataInfo{Source: "inline data", Columns: r.Features, Units: r.Units, Rows: len(x)}
	default:
		tab, source, err := req.table()
		if err != nil {
			return nil, err
		}
		info.Source = source
		r, err := tab.SelectClasses(req.Columns, req.Label)
		if err != nil {
			return nil, bad("%v", err)
		}
		x, labels, classes = r.X, r.Labels, r.Classes
		info.Columns, info.Units, info.Rows, info.Dropped = r.Features, r.Units, len(r.X), r.Dropped
		info.Ignored = req.ignored
	}
	if req.Scale != nil || req.Offset != nil {
		rr, err := (&data.Rounds{Features: make([]string, len(x[0])), X: x}).Rescale(req.Scale, req.Offset)
		if err != nil {
			return nil, bad("%v", err)
		}
		x = rr.X
	}
	keepRounds := false
	for _, k := range req.Keep {
		if k != "rounds" {
			return nil, bad("keep: unknown record %q for a bandit run (known: rounds)", k)
		}
		keepRounds = true
	}
	cfg.KeepRounds = keepRounds
	s, err := eval.NewBandit(x, labels, len(classes), cfg, eval.DefaultLimits)
	if err != nil {
		return nil, bad("%v", err)
	}
	if err := s.RunContext(req.ctx); err != nil {
		return nil, gone(err)
	}
	return &banditResponse{Task: taskBandit, Data: info, Classes: classes, Rounds: s.Played(), Learners: s.Results()}, nil
}
