package playground

import (
	"errors"
	"fmt"
	"strconv"

	"unitfree/core/catalog"
	"unitfree/core/data"
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
	for _, d := range data.Datasets() {
		if d.Name == e.Dataset {
			return d
		}
	}
	return data.Dataset{}
}

// LabelValues returns the classes of the current label column.
func (e *Experiment) LabelValues() []string { return e.DatasetInfo().LabelValues[e.Label] }

// Request returns the body of POST /api/run for the current state, as a
// JSON tree (maps, []any, strings, numbers, bools) that the page hands to
// the browser's JSON.stringify: the WASM carries no JSON encoder.
func (e *Experiment) Request() (map[string]any, error) {
	if len(e.Learners) == 0 {
		return nil, errors.New("pick at least one learner")
	}
	if len(e.Columns) == 0 {
		return nil, errors.New("pick at least one feature")
	}
	learners := make([]any, len(e.Learners))
	for i, id := range e.Learners {
		learners[i] = map[string]any{"id": id}
	}
	columns := make([]any, len(e.Columns))
	for i, c := range e.Columns {
		columns[i] = c
	}
	req := map[string]any{
		"task": string(data.Classify), "dataset": e.Dataset, "columns": columns, "label": e.Label,
		"features": map[string]any{"bias": true, "degree": 1}, "learners": learners,
		"order": map[string]any{"shuffle": e.Shuffle, "seed": e.Seed}, "passes": e.Passes,
	}
	if e.Positive != "" {
		req["positive"] = e.Positive
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
	res := jsonTree{answer}
	if status != 200 {
		if msg := res.str("error"); msg != "" {
			return ResultTable{}, errors.New(msg)
		}
		return ResultTable{}, fmt.Errorf("the API answered %d", status)
	}
	learners, ok := res.get("learners").([]any)
	if !ok {
		return ResultTable{}, errors.New("the API's answer is not a run result")
	}
	rounds := int(res.num("rounds"))
	data := jsonTree{res.get("data")}
	t := ResultTable{Summary: fmt.Sprintf("%d rounds on %d rows (%d dropped for missing values); positive class %q; "+
		"best fixed predictor in hindsight: %s loss %s", rounds, int(data.num("rows")), int(data.num("dropped")), data.str("positive"),
		res.str("loss"), num(jsonTree{res.get("comparator")}.num("loss")))}
	for _, item := range learners {
		l := jsonTree{item}
		id := l.str("id")
		row := ResultRow{ID: id, Name: id, Loss: num(l.num("loss")), Regret: num(l.num("regret")), ErrorRate: "–"}
		if e, ok := catalog.Lookup(id); ok {
			row.Name = e.Name
		}
		if m, ok := l.get("mistakes").(float64); ok && rounds > 0 {
			row.ErrorRate = fmt.Sprintf("%.1f %%", 100*m/float64(rounds))
		}
		if d := int(l.num("divergedAt")); d > 0 {
			row.Diverged = "diverged at round " + strconv.Itoa(d)
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// jsonTree reads fields of a parsed JSON object; a missing field or one of
// another type reads as zero.
type jsonTree struct{ v any }

func (j jsonTree) get(key string) any {
	m, _ := j.v.(map[string]any)
	return m[key]
}

func (j jsonTree) str(key string) string { s, _ := j.get(key).(string); return s }

func (j jsonTree) num(key string) float64 { f, _ := j.get(key).(float64); return f }

// num formats a figure with four significant digits.
func num(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
