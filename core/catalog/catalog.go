package catalog

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Invariance says which changes of the inputs leave a learner's predictions
// unchanged.
type Invariance string

// The invariances a learner can have.
const (
	InvariantNone       Invariance = "none"
	InvariantPerFeature Invariance = "per-feature"       // x_i -> c_i x_i, any c_i != 0
	InvariantLinear     Invariance = "invertible-linear" // x -> A x, any invertible A
)

// Param is one tunable parameter of a learner.
type Param struct {
	Name         string  `json:"name"`           // key in API requests and URLs
	Symbol       string  `json:"symbol"`         // the paper's name for it
	Doc          string  `json:"doc"`            // one line on what it does
	Default      float64 `json:"default"`        // value used when none is given
	Min          float64 `json:"min"`            // lowest accepted value
	MinExclusive bool    `json:"minExclusive"`   // Min itself is not accepted
	Max          float64 `json:"max"`            // highest accepted value
	Unit         string  `json:"unit,omitempty"` // unit, if the parameter has one
}

// Check returns an error if v is not an accepted value of p.
func (p Param) Check(v float64) error {
	bad := math.IsNaN(v) || v > p.Max || v < p.Min || (p.MinExclusive && v == p.Min)
	if !bad {
		return nil
	}
	lo := "["
	if p.MinExclusive {
		lo = "("
	}
	return fmt.Errorf("parameter %q = %v is outside %s%g, %g]", p.Name, v, lo, p.Min, p.Max)
}

// Entry describes one learner.
type Entry struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Family    string `json:"family"`
	Paper     Paper  `json:"paper"`
	Algorithm string `json:"algorithm"`
	Summary   string `json:"summary"`
	Loss      string `json:"loss"` // "any", or the loss the algorithm has built in
	// BoundedLoss says the learner needs a loss whose derivative has a
	// known bound (logistic, hinge, absolute): its bets or its potential
	// are built on the bound.
	BoundedLoss bool       `json:"boundedLoss,omitempty"`
	Params      []Param    `json:"params"`
	Invariance  Invariance `json:"invariance"`
	Cost        Cost       `json:"cost"` // time per round in the input dimension d
	// Variant says where the learner differs from its authors' own code or
	// from the paper's algorithm, why, and what that changes (measured);
	// empty when it computes what they do.
	Variant string `json:"variant,omitempty"`
}

// Cost is how a learner's time per round grows with the dimension d.
type Cost string

// The costs of a round.
const (
	CostLinear    Cost = "O(d)"
	CostQuadratic Cost = "O(d^2)"
)

// Work returns the cost of one round in d dimensions, in units of one
// coordinate update: d or d².
func (c Cost) Work(d int) float64 {
	if c == CostQuadratic {
		return float64(d) * float64(d)
	}
	return float64(d)
}

// Resolve fills in the defaults of params and checks every value; unknown
// names and values outside a parameter's range are errors.
func (e Entry) Resolve(params map[string]float64) (map[string]float64, error) {
	out := make(map[string]float64, len(e.Params))
	for _, p := range e.Params {
		out[p.Name] = p.Default
	}
	names := make([]string, 0, len(params))
	for name := range params {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := params[name]
		var spec *Param
		for i := range e.Params {
			if e.Params[i].Name == name {
				spec = &e.Params[i]
			}
		}
		if spec == nil {
			return nil, fmt.Errorf("learner %q has no parameter %q (it has: %s)", e.ID, name, e.paramNames())
		}
		if err := spec.Check(v); err != nil {
			return nil, fmt.Errorf("learner %q: %w", e.ID, err)
		}
		out[name] = v
	}
	return out, nil
}

// Param returns the entry's parameter of that name.
func (e Entry) Param(name string) (Param, bool) {
	for _, p := range e.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

func (e Entry) paramNames() string {
	if len(e.Params) == 0 {
		return "none"
	}
	names := make([]string, len(e.Params))
	for i, p := range e.Params {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}
