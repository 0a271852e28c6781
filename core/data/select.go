package data

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Task says what the labels are: "classify" (labels ±1) or "regress" (real).
type Task string

// The tasks of full-information learning.
const (
	Classify Task = "classify"
	Regress  Task = "regress"
)

// Selection picks the columns of a table that become rounds.
type Selection struct {
	Features []string // numeric columns, in this order
	Label    string   // the label column
	// For classification from a column of more than two values: Positive is
	// the value that becomes +1 (all others -1), or Classes names two values
	// (Classes[0] is +1, Classes[1] is -1) and the rows of any other value are
	// left out. A column of exactly two values needs neither: the first in
	// sorted order becomes +1.
	Positive string
	Classes  []string
}

// Rounds are the (x, y) pairs a learner sees, in data order, with where each
// came from.
type Rounds struct {
	Features    []string
	Units       []string
	X           [][]float64
	Y           []float64
	Rows        []int  // 1-based source row of each round
	Dropped     int    // rows left out because a selected cell was missing
	DroppedRows []int  // those rows, 1-based
	Excluded    int    // rows left out because their class was not selected
	Positive    string // the label value that became +1 (classification)
}

// Select turns columns of t into rounds for the task. Rows with a missing
// feature or label are dropped and counted; nothing else is left out
// silently.
func (t *Table) Select(task Task, sel Selection) (*Rounds, error) {
	cols, lc, err := t.columns(sel.Features, sel.Label)
	if err != nil {
		return nil, err
	}
	r := &Rounds{}
	for _, c := range cols {
		r.Features, r.Units = append(r.Features, c.Name), append(r.Units, c.Unit)
	}
	label, err := labeller(task, lc, sel)
	if err != nil {
		return nil, err
	}
	for i := 0; i < t.Rows; i++ {
		x, missing := rowOf(cols, i)
		y, keep, miss := label(i)
		switch {
		case missing || miss:
			r.Dropped++
			r.DroppedRows = append(r.DroppedRows, i+1)
		case !keep:
			r.Excluded++
		default:
			r.X, r.Y, r.Rows = append(r.X, x), append(r.Y, y), append(r.Rows, i+1)
		}
	}
	if len(r.X) == 0 {
		return nil, fmt.Errorf("no rows left (%d with missing values, %d of other classes)", r.Dropped, r.Excluded)
	}
	if task == Classify {
		r.Positive = positiveName(lc, sel)
	}
	return r, nil
}

// columns returns the named feature columns, which must be numeric, and the
// label column.
func (t *Table) columns(features []string, label string) ([]*Column, *Column, error) {
	if len(features) == 0 {
		return nil, nil, errors.New("no features selected")
	}
	var cols []*Column
	for _, name := range features {
		if name == label {
			return nil, nil, fmt.Errorf("column %q is the label; it cannot be a feature too", name)
		}
		c, ok := t.Column(name)
		if !ok {
			return nil, nil, fmt.Errorf("no column %q (columns: %s)", name, strings.Join(t.Names(), ", "))
		}
		if !c.Numeric {
			return nil, nil, fmt.Errorf("feature %w", c.notNumericError())
		}
		cols = append(cols, c)
	}
	lc, ok := t.Column(label)
	if !ok {
		return nil, nil, fmt.Errorf("no label column %q (columns: %s)", label, strings.Join(t.Names(), ", "))
	}
	return cols, lc, nil
}

// rowOf returns row i of the feature columns and whether a cell is missing.
func rowOf(cols []*Column, i int) ([]float64, bool) {
	x := make([]float64, len(cols))
	missing := false
	for j, c := range cols {
		x[j] = c.Values[i]
		missing = missing || math.IsNaN(x[j])
	}
	return x, missing
}

// labeller returns the function giving row i's label, whether the row is
// kept, and whether its label is missing.
func labeller(task Task, lc *Column, sel Selection) (func(i int) (y float64, keep, missing bool), error) {
	switch task {
	case Regress:
		if !lc.Numeric {
			return nil, fmt.Errorf("label for regression: %w", lc.notNumericError())
		}
		return func(i int) (float64, bool, bool) { v := lc.Values[i]; return v, true, math.IsNaN(v) }, nil
	case Classify:
	default:
		return nil, fmt.Errorf("unknown task %q (known: classify, regress)", task)
	}
	values := distinct(lc)
	text := func(i int) string { return strings.TrimSpace(lc.Text.At(i)) }
	isMissing := func(i int) bool { return text(i) == "" || strings.EqualFold(text(i), "NA") }
	has := func(v string) bool { return slices.Contains(values, v) }
	switch {
	case len(sel.Classes) > 0:
		if len(sel.Classes) != 2 || sel.Classes[0] == sel.Classes[1] {
			return nil, fmt.Errorf("classes must name two different values of %q, got %q", lc.Name, sel.Classes)
		}
		for _, c := range sel.Classes {
			if !has(c) {
				return nil, fmt.Errorf("class %q does not occur in column %q (values: %s)", c, lc.Name, strings.Join(values, ", "))
			}
		}
		return func(i int) (float64, bool, bool) {
			switch text(i) {
			case sel.Classes[0]:
				return 1, true, false
			case sel.Classes[1]:
				return -1, true, false
			}
			return 0, false, isMissing(i)
		}, nil
	case sel.Positive != "":
		if !has(sel.Positive) {
			return nil, fmt.Errorf("positive class %q does not occur in column %q (values: %s)", sel.Positive, lc.Name, strings.Join(values, ", "))
		}
		return func(i int) (float64, bool, bool) {
			if text(i) == sel.Positive {
				return 1, true, false
			}
			return -1, true, isMissing(i)
		}, nil
	case lc.Numeric && allSigns(values):
		return func(i int) (float64, bool, bool) { v := lc.Values[i]; return v, true, math.IsNaN(v) }, nil
	case len(values) == 2:
		return func(i int) (float64, bool, bool) {
			if text(i) == values[0] {
				return 1, true, false
			}
			return -1, true, isMissing(i)
		}, nil
	}
	return nil, fmt.Errorf("label column %q has %d values (%s): name a positive class or two classes",
		lc.Name, len(values), strings.Join(values, ", "))
}

// distinct returns the sorted distinct non-missing values of a column as text.
func distinct(c *Column) []string {
	set := map[string]bool{}
	for i := range c.Text.Len() {
		v := strings.TrimSpace(c.Text.At(i))
		if v != "" && !strings.EqualFold(v, "NA") {
			set[v] = true
		}
	}
	out := make([]string, 0, len(set))
	for v := range set {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// allSigns reports whether every value is the number -1 or +1.
func allSigns(values []string) bool {
	for _, v := range values {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || (f != 1 && f != -1) {
			return false
		}
	}
	return len(values) > 0
}

func positiveName(lc *Column, sel Selection) string {
	switch {
	case len(sel.Classes) == 2:
		return sel.Classes[0]
	case sel.Positive != "":
		return sel.Positive
	}
	values := distinct(lc)
	if lc.Numeric && allSigns(values) {
		return "1"
	}
	return values[0]
}
