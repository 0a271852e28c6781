package playground

import (
	"errors"
	"fmt"
	"strconv"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/wasm/wire"
)

// DefaultExperimentLearners are the learners an experiment starts with.
var DefaultExperimentLearners = []string{"scinol2", "scinol-full", "scinol-diag", "ogd"}

// Experiment is the state of the page's experiment panel: a run of several
// learners on a shipped dataset, sent to the API in the page's Web Worker.
type Experiment struct {
	Dataset  string
	Label    string
	Positive string
	Columns  []string
	Learners []string
	Passes   int
	Shuffle  bool
	Seed     uint64
}

// NewExperiment returns the panel's starting state: penguins, Gentoo
// against the rest, all four measurements, the default learners.
func NewExperiment() Experiment {
	e := Experiment{Dataset: "penguins", Passes: 1, Shuffle: true}
	e.SetDataset("penguins")
	e.Positive = "Gentoo"
	e.Learners = append([]string(nil), DefaultExperimentLearners...)
	return e
}

// SetDataset switches to the named dataset with its first label, its first
// class and all its features.
func (e *Experiment) SetDataset(name string) {
	for _, d := range data.Datasets() {
		if d.Name != name {
			continue
		}
		e.Dataset = name
		e.Columns = nil
		for _, f := range d.Features {
			e.Columns = append(e.Columns, f.Name)
		}
		e.SetLabel(d.Labels[0])
	}
}

// SetLabel switches the label column and picks its first class as positive.
func (e *Experiment) SetLabel(label string) {
	e.Label = label
	e.Positive = ""
	if values := e.LabelValues(); len(values) > 0 {
		e.Positive = values[0]
	}
	cols := e.Columns[:0:0]
	for _, c := range e.Columns {
		if c != label {
			cols = append(cols, c)
		}
	}
	e.Columns = cols
}

// DatasetInfo returns the description of the current dataset.
func (e *Experiment) DatasetInfo() data.Dataset {
	_, d, _ := data.Load(e.Dataset)
	return d
}

// LabelValues returns the classes of the current label column.
func (e *Experiment) LabelValues() []string { return e.DatasetInfo().LabelValues[e.Label] }

// Request returns the body of POST /api/run for the current state (the
// page writes it with its Tree and the browser's JSON.stringify: the WASM
// carries no JSON encoder).
func (e *Experiment) Request() (wire.LinearRequest, error) {
	if len(e.Learners) == 0 {
		return wire.LinearRequest{}, errors.New("pick at least one learner")
	}
	if len(e.Columns) == 0 {
		return wire.LinearRequest{}, errors.New("pick at least one feature")
	}
	req := wire.LinearRequest{Task: data.Classify, Source: wire.Source{Dataset: e.Dataset, Columns: e.Columns, Label: e.Label},
		Binary: wire.Binary{Positive: e.Positive}, Features: wire.Features{Bias: true, Degree: 1},
		Order: wire.Order{Shuffle: e.Shuffle, Seed: e.Seed}, Passes: e.Passes}
	for _, id := range e.Learners {
		req.Learners = append(req.Learners, eval.LearnerSpec{ID: id})
	}
	return req, nil
}

// ResultRow is one learner's line of the results table.
type ResultRow struct {
	ID, Name                string
	Loss, ErrorRate, Regret string
	Diverged                string
}

// ResultTable is the formatted answer of a run.
type ResultTable struct {
	Summary string
	Rows    []ResultRow
}

// FormatResult reads an API answer (its status, and its body parsed as a
// JSON tree by the browser; nil when it was not JSON) into a results table,
// or returns the error the API gave.
func FormatResult(status int, answer any) (ResultTable, error) {
	if status != 200 {
		if m, ok := answer.(map[string]any); ok {
			if msg, ok := m["error"].(string); ok && msg != "" {
				return ResultTable{}, errors.New(msg)
			}
		}
		return ResultTable{}, fmt.Errorf("the API answered %d", status)
	}
	res, err := wire.ReadLinearAnswer(answer)
	if err != nil || res.Learners == nil {
		return ResultTable{}, errors.New("the API's answer is not a run result")
	}
	t := ResultTable{Summary: fmt.Sprintf("%d rounds on %d rows (%d dropped for missing values); positive class %q; "+
		"best fixed predictor in hindsight: %s loss %s", res.Rounds, res.Data.Rows, res.Data.Dropped, res.Data.Positive,
		res.Loss, num(res.Comparator.Loss))}
	for _, l := range res.Learners {
		row := ResultRow{ID: l.ID, Name: l.ID, Loss: num(l.Loss), Regret: "–", ErrorRate: "–"}
		if e, ok := catalog.Lookup(l.ID); ok {
			row.Name = e.Name
		}
		if l.Regret != nil {
			row.Regret = num(*l.Regret)
		}
		if l.Mistakes != nil && res.Rounds > 0 {
			row.ErrorRate = fmt.Sprintf("%.1f %%", 100*float64(*l.Mistakes)/float64(res.Rounds))
		}
		if l.DivergedAt > 0 {
			row.Diverged = "diverged at round " + strconv.Itoa(l.DivergedAt)
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// num formats a figure with four significant digits.
func num(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
