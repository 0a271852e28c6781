package data

import (
	"fmt"
	"strings"
)

// MultiRounds are rounds of a multiclass problem: labels are indices into
// Classes (sorted class names).
type MultiRounds struct {
	Features []string
	Units    []string
	X        [][]float64
	Labels   []int
	Classes  []string
	Rows     []int // 1-based source row of each round
	Dropped  int   // rows left out because a selected cell was missing
}

// SelectClasses turns columns of t into multiclass rounds: the label column's
// distinct values (in sorted order) are the classes. Rows with a missing cell
// are dropped and counted.
func (t *Table) SelectClasses(features []string, label string) (*MultiRounds, error) {
	cols, lc, err := t.columns(features, label)
	if err != nil {
		return nil, err
	}
	r := &MultiRounds{}
	for _, c := range cols {
		r.Features, r.Units = append(r.Features, c.Name), append(r.Units, c.Unit)
	}
	r.Classes = distinct(lc)
	if len(r.Classes) < 2 {
		return nil, fmt.Errorf("label column %q has %d classes; at least 2 are needed", label, len(r.Classes))
	}
	index := map[string]int{}
	for i, c := range r.Classes {
		index[c] = i
	}
	for i := 0; i < t.Rows; i++ {
		x, missing := rowOf(cols, i)
		y, ok := index[strings.TrimSpace(lc.Text.At(i))]
		if missing || !ok {
			r.Dropped++
			continue
		}
		r.X, r.Labels, r.Rows = append(r.X, x), append(r.Labels, y), append(r.Rows, i+1)
	}
	if len(r.X) == 0 {
		return nil, fmt.Errorf("no rows left (%d with missing values)", r.Dropped)
	}
	return r, nil
}
