package main

import (
	"fmt"
	"os"
	"strings"

	"unitfree/core/data"
	"unitfree/core/leaderboard"
)

// ownData is the board on a CSV file of one's own: which columns, which
// task, which classes, and the spread of orders and rescalings.
type ownData struct {
	label, columns, task, positive, classes string
	spread                                  leaderboard.Spread
}

// board reads the file and plays the board on it.
func (o ownData) board(path string) (leaderboard.SpreadBoard, error) {
	f, err := os.Open(path)
	if err != nil {
		return leaderboard.SpreadBoard{}, err
	}
	defer f.Close()
	tab, err := data.ParseCSV(f, data.DefaultLimits)
	if err != nil {
		return leaderboard.SpreadBoard{}, fmt.Errorf("%s: %w", path, err)
	}
	task, err := o.taskOf(tab)
	if err != nil {
		return leaderboard.SpreadBoard{}, fmt.Errorf("%s: %w", path, err)
	}
	rounds, err := tab.Select(task.Kind, data.Selection{Features: task.Features, Label: task.Label, Positive: task.Positive, Classes: o.classList()})
	if err != nil {
		return leaderboard.SpreadBoard{}, fmt.Errorf("%s: %w", path, err)
	}
	return leaderboard.RunSpread(task, rounds, o.spread)
}

// classList returns -classes as a list, or nil.
func (o ownData) classList() []string {
	if o.classes == "" {
		return nil
	}
	return strings.Split(o.classes, ",")
}

// taskOf makes the board's task from the flags and the table.
func (o ownData) taskOf(tab *data.Table) (leaderboard.Task, error) {
	if o.label == "" {
		return leaderboard.Task{}, fmt.Errorf("say which column is the label with -label (columns: %s)", strings.Join(names(tab), ", "))
	}
	lc, ok := tab.Column(o.label)
	if !ok {
		return leaderboard.Task{}, fmt.Errorf("no column %q (columns: %s)", o.label, strings.Join(names(tab), ", "))
	}
	t := leaderboard.Task{Dataset: "csv", Label: o.label, Positive: o.positive}
	if o.columns != "" {
		t.Features = strings.Split(o.columns, ",")
	} else {
		for _, c := range tab.Columns {
			if c.Numeric && c.Name != o.label {
				t.Features = append(t.Features, c.Name)
			}
		}
		if len(t.Features) == 0 {
			return leaderboard.Task{}, fmt.Errorf("no numeric column besides the label %q to learn from", o.label)
		}
	}
	switch o.task {
	case "classify":
		t.Kind = data.Classify
	case "regress":
		t.Kind = data.Regress
	case "":
		t.Kind = data.Classify
		if lc.Numeric && len(distinctText(lc)) > 2 {
			t.Kind = data.Regress
		}
	default:
		return leaderboard.Task{}, fmt.Errorf("-task %q: classify or regress", o.task)
	}
	t.Loss, t.Title = "logistic", fmt.Sprintf("%s from %s", o.label, strings.Join(t.Features, ", "))
	if t.Kind == data.Regress {
		t.Loss = "absolute"
	} else if classes := distinctText(lc); len(classes) > 2 && o.positive == "" && o.classes == "" {
		return leaderboard.Task{}, fmt.Errorf("the label %q has %d classes (%s): choose one against the rest with -positive, or two with -classes",
			o.label, len(classes), strings.Join(classes, ", "))
	}
	return t, nil
}

// names lists a table's columns.
func names(tab *data.Table) []string {
	var out []string
	for _, c := range tab.Columns {
		out = append(out, c.Name)
	}
	return out
}

// distinctText returns a column's distinct non-missing cells, in order of
// first appearance.
func distinctText(c *data.Column) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range c.Text {
		if v = strings.TrimSpace(v); v != "" && !strings.EqualFold(v, "NA") && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
