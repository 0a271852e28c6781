package playground

import (
	"sync"

	"unitfree/core/bandit"
)

// syntheticRows is a generated dataset (SynSep, SynNonSep) with its picture
// on the plot: its rows' first two principal components.
type syntheticRows struct {
	name   string
	seed   uint64
	rounds int
	x      [][]float64 // read-only: every run of the same data shares them
	labels []int
	screen [][2]float64
}

// lastSynthetic keeps the last generated dataset for the next run of the
// same data: a change of γ, of the learners or a restart replays the same
// rows, and generating 5000 x 400 rows and their projection is a pause of
// the page (0.3 to 0.5 s in Chromium) that only a new dataset should cost.
var lastSynthetic struct {
	sync.Mutex
	rows *syntheticRows
}

// synthetic returns the named generated dataset of T rounds and seed, from
// the last call's when it was the same.
func synthetic(name string, seed uint64, rounds int) (*syntheticRows, error) {
	lastSynthetic.Lock()
	defer lastSynthetic.Unlock()
	if r := lastSynthetic.rows; r != nil && r.name == name && r.seed == seed && r.rounds == rounds {
		return r, nil
	}
	x, labels, err := bandit.Generate(name, seed, rounds)
	if err != nil {
		return nil, err
	}
	r := &syntheticRows{name: name, seed: seed, rounds: rounds, x: x, labels: labels, screen: project2(x)}
	lastSynthetic.rows = r
	return r, nil
}
