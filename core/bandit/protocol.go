package bandit

import (
	"fmt"
	"math"
)

// Protocol is the experiment of the SOBA paper (Beygelzimer, Orabona, Zhang, ICML 2017, the experiments): the
// online error rate M_T/T of the played labels (against the labels the
// learner is told about, noisy ones included) as a function of the
// exploration rate gamma, averaged over seeds, on SynSep or SynNonSep.
type Protocol struct {
	Learners []string  // learner ids
	Gammas   []float64 // the grid of exploration rates
	Seeds    []uint64  // one data set and one draw sequence per seed
	T        int       // rounds per run
	Noisy    bool      // SynNonSep instead of SynSep
}

// Builder makes a learner by id for k classes, d features and rate gamma.
type Builder func(id string, k, d int, gamma float64) (Learner, error)

// ErrorCurve is one learner's error rate at each gamma of the grid: the mean
// over seeds, and the smallest and largest run.
type ErrorCurve struct {
	ID                 string
	Gammas             []float64
	Mean, Lowest, High []float64
}

// Run plays every learner at every gamma on every seed's data and returns
// the curves, in the order of p.Learners.
func (p Protocol) Run(build Builder) ([]ErrorCurve, error) {
	if p.T < 1 || len(p.Seeds) == 0 || len(p.Gammas) == 0 {
		return nil, fmt.Errorf("bandit: protocol needs T >= 1, seeds and gammas (got T = %d, %d seeds, %d gammas)", p.T, len(p.Seeds), len(p.Gammas))
	}
	curves := make([]ErrorCurve, len(p.Learners))
	for i, id := range p.Learners {
		curves[i] = ErrorCurve{ID: id, Gammas: p.Gammas}
	}
	for _, seed := range p.Seeds {
		var xs [][]float64
		var ys []int
		if p.Noisy {
			xs, ys, _ = SynNonSep(seed, p.T)
		} else {
			xs, ys = SynSep(seed, p.T)
		}
		for i, id := range p.Learners {
			for g, gamma := range p.Gammas {
				l, err := build(id, SynClasses, SynFeatures, gamma)
				if err != nil {
					return nil, err
				}
				tr, err := Run(l, xs, ys, NewSeededDraws(seed), false)
				if err != nil {
					return nil, err
				}
				rate := float64(tr.Mistakes) / float64(p.T)
				c := &curves[i]
				if len(c.Mean) < len(p.Gammas) {
					c.Mean = make([]float64, len(p.Gammas))
					c.Lowest = make([]float64, len(p.Gammas))
					c.High = make([]float64, len(p.Gammas))
					for j := range c.Lowest {
						c.Lowest[j] = math.Inf(1)
					}
				}
				c.Mean[g] += rate / float64(len(p.Seeds))
				c.Lowest[g] = math.Min(c.Lowest[g], rate)
				c.High[g] = math.Max(c.High[g], rate)
			}
		}
	}
	return curves, nil
}

// Best returns the curve's lowest mean error rate and its gamma.
func (c ErrorCurve) Best() (rate, gamma float64) {
	rate = math.Inf(1)
	for i, m := range c.Mean {
		if m < rate {
			rate, gamma = m, c.Gammas[i]
		}
	}
	return rate, gamma
}
