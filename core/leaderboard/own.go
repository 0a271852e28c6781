package leaderboard

import (
	"fmt"
	"strings"

	"unitfree/core/data"
)

// Own says which board to play on a table of one's own (a CSV file): the
// label column, the feature columns (empty: every numeric column but the
// label), the task ("" infers it), and for a classification the class that
// is +1 or the two classes that play.
type Own struct {
	Label    string   `json:"label"`
	Columns  []string `json:"columns,omitempty"`
	Task     string   `json:"task,omitempty"` // classify, regress, or "" to infer
	Positive string   `json:"positive,omitempty"`
	Classes  []string `json:"classes,omitempty"`
}

// Rounds makes the board's task and its rounds from the table. The task,
// when not given, is a regression for a numeric label of more than two
// values and a classification otherwise; every error says what to do.
func (o Own) Rounds(tab *data.Table) (Task, *data.Rounds, error) {
	var names []string
	for _, c := range tab.Columns {
		names = append(names, c.Name)
	}
	if o.Label == "" {
		return Task{}, nil, fmt.Errorf("choose the label column (columns: %s)", strings.Join(names, ", "))
	}
	lc, ok := tab.Column(o.Label)
	if !ok {
		return Task{}, nil, fmt.Errorf("no column %q (columns: %s)", o.Label, strings.Join(names, ", "))
	}
	t := Task{Dataset: "csv", Label: o.Label, Positive: o.Positive, Features: o.Columns}
	if len(t.Features) == 0 {
		for _, c := range tab.Columns {
			switch {
			case c.Name == o.Label:
			case c.Numeric:
				t.Features = append(t.Features, c.Name)
			default:
				t.Skipped = append(t.Skipped, c.NumericError().Error())
			}
		}
		if len(t.Features) == 0 {
			return Task{}, nil, fmt.Errorf("no numeric column besides the label %q to learn from", o.Label)
		}
	}
	classes := distinctCells(lc, MaxClasses+1)
	switch o.Task {
	case "classify":
		t.Kind = data.Classify
	case "regress":
		t.Kind = data.Regress
	case "":
		t.Kind = data.Classify
		if lc.Numeric && len(classes) > 2 {
			t.Kind = data.Regress
		}
	default:
		return Task{}, nil, fmt.Errorf("task %q: classify or regress", o.Task)
	}
	t.Loss, t.Title = "logistic", fmt.Sprintf("%s from %s", o.Label, strings.Join(t.Features, ", "))
	switch {
	case t.Kind == data.Regress:
		t.Loss = "absolute"
	case len(classes) > MaxClasses:
		what := "choose a numeric label column for a regression"
		if lc.Numeric {
			what = "choose the regression task"
		}
		return Task{}, nil, fmt.Errorf("the label %q has more than %d distinct values, too many classes to choose from: %s, or another label column",
			o.Label, MaxClasses, what)
	case len(classes) < 2:
		return Task{}, nil, fmt.Errorf("the label %q has only one class (%s): a classification needs rows of two classes",
			o.Label, strings.Join(classes, ""))
	case len(classes) > 2 && o.Positive == "" && len(o.Classes) == 0:
		return Task{}, nil, fmt.Errorf("the label %q has %d classes (%s): choose one against the rest, or two",
			o.Label, len(classes), strings.Join(classes, ", "))
	}
	rounds, err := tab.Select(t.Kind, data.Selection{Features: t.Features, Label: t.Label, Positive: t.Positive, Classes: o.Classes})
	if err != nil {
		return Task{}, nil, err
	}
	return t, rounds, nil
}

// distinctCells returns a column's distinct non-missing cells, in order of
// first appearance, stopping at limit of them.
func distinctCells(c *data.Column, limit int) []string {
	seen := map[string]bool{}
	var out []string
	for i := range c.Text.Len() {
		if v := strings.TrimSpace(c.Text.At(i)); v != "" && !strings.EqualFold(v, "NA") && !seen[v] {
			seen[v] = true
			out = append(out, v)
			if len(out) == limit {
				break
			}
		}
	}
	return out
}
