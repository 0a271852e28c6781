package catalog

import (
	"fmt"
	"strings"
)

// table is one of the catalogue's tables (linear learners, bandit
// learners, samplers, optimisers): entries with their constructors, all of
// one shape. A constructor gets the entry's parameters resolved (defaults
// filled in, every value checked against its range) and returns an error
// of its own where the value needs more than a range.
type table[B any] struct {
	kind  string // "learner", "bandit learner", "sampler", "optimiser"
	items []item[B]
}

// item is an entry with its constructor.
type item[B any] struct {
	Entry
	build B
}

// entries returns the table's entries in catalogue order, each with its
// cost (O(d) unless it says otherwise).
func (t table[B]) entries() []Entry {
	out := make([]Entry, len(t.items))
	for i, it := range t.items {
		out[i] = it.Entry
		if out[i].Cost == "" {
			out[i].Cost = CostLinear
		}
	}
	return out
}

// ids returns the table's ids.
func (t table[B]) ids() []string {
	ids := make([]string, len(t.items))
	for i, it := range t.items {
		ids[i] = it.ID
	}
	return ids
}

// lookup returns the entry with the id.
func (t table[B]) lookup(id string) (Entry, bool) {
	for _, e := range t.entries() {
		if e.ID == id {
			return e, true
		}
	}
	return Entry{}, false
}

// resolve returns the constructor of the entry with the id and its
// parameters resolved; an unknown id lists the known ones.
func (t table[B]) resolve(id string, params map[string]float64) (B, map[string]float64, error) {
	for _, it := range t.items {
		if it.ID == id {
			p, err := it.Resolve(params)
			return it.build, p, err
		}
	}
	var none B
	return none, nil, fmt.Errorf("unknown %s %q (known: %s)", t.kind, id, strings.Join(t.ids(), ", "))
}
