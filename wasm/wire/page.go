package wire

import (
	"errors"
	"fmt"
	"math"

	"unitfree/core/data"
	"unitfree/core/eval"
)

// The page's side of the linear run: it writes a LinearRequest as the tree
// the browser's JSON.stringify writes, and reads a LinearAnswer from the
// tree the browser's JSON.parse gives (objects as map[string]any, numbers
// as float64). Both are written out field by field rather than with
// reflection, which costs the page's WASM 30 KB of gzip; page_test.go
// checks both against encoding/json, so that a field added to the types
// and not here fails a test.

// Tree returns the request as a JSON tree.
func (r LinearRequest) Tree() map[string]any {
	t := map[string]any{"task": string(r.Task), "dataset": r.Dataset, "label": r.Label, "positive": r.Positive, "loss": r.Loss,
		"features": map[string]any{"bias": r.Features.Bias, "degree": float64(r.Features.Degree)},
		"order":    map[string]any{"shuffle": r.Order.Shuffle, "seed": float64(r.Order.Seed)},
		"passes":   float64(r.Passes),
		"columns":  stringList(r.Columns), "classes": stringList(r.Classes), "keep": stringList(r.Keep),
		"scale": numberList(r.Scale), "offset": numberList(r.Offset), "data": nil, "csv": nil}
	if r.Data != nil {
		x := make([]any, len(r.Data.X))
		for i, row := range r.Data.X {
			x[i] = numberList(row)
		}
		data := map[string]any{"features": stringList(r.Data.Features), "x": x, "y": numberList(r.Data.Y)}
		if len(r.Data.Units) > 0 {
			data["units"] = stringList(r.Data.Units)
		}
		t["data"] = data
	}
	if r.CSV != nil {
		t["csv"] = *r.CSV
	}
	var learners []any
	for _, l := range r.Learners {
		spec := map[string]any{"id": l.ID}
		if len(l.Params) > 0 {
			params := map[string]any{}
			for k, v := range l.Params {
				params[k] = v
			}
			spec["params"] = params
		}
		learners = append(learners, spec)
	}
	t["learners"] = learners
	if r.Learners == nil {
		t["learners"] = nil
	}
	return t
}

// stringList is a list as a JSON tree (nil stays null).
func stringList(s []string) any {
	if s == nil {
		return nil
	}
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// numberList is a list as a JSON tree (nil stays null).
func numberList(s []float64) any {
	if s == nil {
		return nil
	}
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// node reads a parsed JSON tree; a member of another type reads as an
// error that names it.
type node struct {
	m    map[string]any
	path string
	err  error
}

func (n *node) fail(key, want string) {
	if n.err == nil {
		n.err = fmt.Errorf("field %q is not %s", n.path+key, want)
	}
}

func (n *node) str(key string) string {
	switch v := n.m[key].(type) {
	case nil:
	case string:
		return v
	default:
		n.fail(key, "a string")
	}
	return ""
}

func (n *node) num(key string) float64 {
	switch v := n.m[key].(type) {
	case nil:
	case float64:
		return v
	default:
		n.fail(key, "a number")
	}
	return 0
}

func (n *node) integer(key string) int {
	v := n.num(key)
	if v != math.Trunc(v) {
		n.fail(key, "a whole number")
	}
	return int(v)
}

func (n *node) boolean(key string) bool {
	v, ok := n.m[key].(bool)
	if !ok && n.m[key] != nil {
		n.fail(key, "true or false")
	}
	return v
}

func (n *node) list(key string) []any {
	v, ok := n.m[key].([]any)
	if !ok && n.m[key] != nil {
		n.fail(key, "a list")
	}
	return v
}

func (n *node) child(key string) *node {
	m, ok := n.m[key].(map[string]any)
	if !ok && n.m[key] != nil {
		n.fail(key, "an object")
	}
	return &node{m: m, path: n.path + key + ".", err: n.err}
}

func (n *node) strs(key string) []string {
	var out []string
	for _, v := range n.list(key) {
		s, ok := v.(string)
		if !ok {
			n.fail(key, "a list of strings")
		}
		out = append(out, s)
	}
	return out
}

func (n *node) nums(key string) []float64 {
	var out []float64
	for _, v := range n.list(key) {
		f, ok := v.(float64)
		if !ok {
			n.fail(key, "a list of numbers")
		}
		out = append(out, f)
	}
	return out
}

// ReadLinearAnswer reads a linear run's answer from its JSON tree.
func ReadLinearAnswer(tree any) (LinearAnswer, error) {
	m, ok := tree.(map[string]any)
	if !ok {
		return LinearAnswer{}, errors.New("the answer is not a JSON object")
	}
	root := &node{m: m}
	var a LinearAnswer
	a.Task = data.Task(root.str("task"))
	d := root.child("data")
	a.Data = DataInfo{Source: d.str("source"), Columns: d.strs("columns"), Units: d.strs("units"), Rows: d.integer("rows"),
		Dropped: d.integer("dropped"), Excluded: d.integer("excluded"), Positive: d.str("positive"), Ignored: d.strs("ignored")}
	a.Rounds, a.Loss, a.Features = root.integer("rounds"), root.str("loss"), root.strs("features")
	c := root.child("comparator")
	a.Comparator = eval.Comparator{Loss: c.num("loss"), Weights: c.nums("weights"), Limited: c.boolean("limited"), Note: c.str("note")}
	for i, item := range root.list("learners") {
		lm, ok := item.(map[string]any)
		if !ok {
			return LinearAnswer{}, fmt.Errorf("learner %d is not an object", i+1)
		}
		l := &node{m: lm, path: fmt.Sprintf("learners[%d].", i)}
		r := eval.LearnerResult{ID: l.str("id"), Loss: l.num("loss"), DivergedAt: l.integer("divergedAt"),
			Predictions: l.nums("predictions"), Losses: l.nums("losses")}
		if p := l.child("params"); p.m != nil {
			r.Params = map[string]float64{}
			for k := range p.m {
				r.Params[k] = p.num(k)
			}
			l.err = errors.Join(l.err, p.err)
		}
		if _, ok := lm["mistakes"]; ok {
			v := l.integer("mistakes")
			r.Mistakes = &v
		}
		if _, ok := lm["regret"]; ok {
			v := l.num("regret")
			r.Regret = &v
		}
		if l.err != nil {
			return LinearAnswer{}, l.err
		}
		a.Learners = append(a.Learners, r)
	}
	for _, v := range root.list("order") {
		f, _ := v.(float64)
		a.Order = append(a.Order, int(f))
	}
	for _, n := range []*node{root, d, c} {
		if n.err != nil {
			return LinearAnswer{}, n.err
		}
	}
	return a, nil
}
