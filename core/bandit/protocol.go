package bandit

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
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
// the curves, in the order of p.Learners. The runs of one seed share its
// data and run in parallel, one per processor; the curves are summed in the
// order of the seeds, so they do not depend on the parallelism.
func (p Protocol) Run(build Builder) ([]ErrorCurve, error) {
	if p.T < 1 || len(p.Seeds) == 0 || len(p.Gammas) == 0 {
		return nil, fmt.Errorf("bandit: protocol needs T >= 1, seeds and gammas (got T = %d, %d seeds, %d gammas)", p.T, len(p.Seeds), len(p.Gammas))
	}
	curves := make([]ErrorCurve, len(p.Learners))
	for i, id := range p.Learners {
		curves[i] = ErrorCurve{ID: id, Gammas: p.Gammas, Mean: make([]float64, len(p.Gammas)),
			Lowest: make([]float64, len(p.Gammas)), High: make([]float64, len(p.Gammas))}
		for g := range p.Gammas {
			curves[i].Lowest[g] = math.Inf(1)
		}
	}
	rates := make([]float64, len(p.Learners)*len(p.Gammas))
	for _, seed := range p.Seeds {
		var xs [][]float64
		var ys []int
		if p.Noisy {
			xs, ys, _ = SynNonSep(seed, p.T)
		} else {
			xs, ys = SynSep(seed, p.T)
		}
		if err := parallel(len(rates), func(job int) error {
			i, g := job/len(p.Gammas), job%len(p.Gammas)
			l, err := build(p.Learners[i], SynClasses, SynFeatures, p.Gammas[g])
			if err != nil {
				return err
			}
			tr, err := Run(l, xs, ys, NewSeededDraws(seed), false)
			if err != nil {
				return err
			}
			rates[job] = float64(tr.Mistakes) / float64(p.T)
			return nil
		}); err != nil {
			return nil, err
		}
		for job, rate := range rates {
			c, g := &curves[job/len(p.Gammas)], job%len(p.Gammas)
			c.Mean[g] += rate / float64(len(p.Seeds))
			c.Lowest[g] = math.Min(c.Lowest[g], rate)
			c.High[g] = math.Max(c.High[g], rate)
		}
	}
	return curves, nil
}

// parallel runs job(0) to job(n-1) on GOMAXPROCS goroutines and returns
// their errors joined, in job order.
func parallel(n int, job func(int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for j := range next {
				errs[j] = job(j)
			}
		})
	}
	for j := range n {
		next <- j
	}
	close(next)
	wg.Wait()
	return errors.Join(slices.DeleteFunc(errs, func(e error) bool { return e == nil })...)
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
