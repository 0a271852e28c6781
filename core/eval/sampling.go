package eval

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"unitfree/core/catalog"
	"unitfree/core/sampling"
)

// SamplingPair is one stochastic optimiser with one sampler (Salehi, Celis,
// Thiran, Stochastic optimization with bandit sampling, 2017): the
// optimiser's parameters (its step "gamma") and the sampler's (MABS's "eta",
// "deltaScale") in one map.
type SamplingPair struct {
	Optimizer string
	Sampler   string
	Params    map[string]float64
}

// String returns "sgd + mabs".
func (p SamplingPair) String() string { return p.Optimizer + " + " + p.Sampler }

// SamplingConfig defines a sampling run: every pair spends Budget gradient
// evaluations on the objective from w = 0.
type SamplingConfig struct {
	Pairs  []SamplingPair
	Budget int
	// Seed seeds the draws. Every pair draws from the same seeded stream, so
	// that the pairs differ by their samplers and optimisers, not by luck.
	Seed uint64
	// Records is about how many records each pair keeps over the budget
	// (DefaultSamplingRecords when 0).
	Records int
	// MaxWork bounds the run's coordinate updates (DefaultSamplingWork when
	// 0): the pairs' (budget x dimension x pairs x 4) is refused above it,
	// and the search for F* stops after MaxWork/(n d) passes over the data.
	MaxWork float64
}

// DefaultSamplingRecords is the records a pair keeps when the config says 0.
const DefaultSamplingRecords = 200

// DefaultSamplingWork is the work bound of a sampling run when the config
// says 0 (a 1.8 MB L1-logistic request once spent 6.9 s on F* alone).
const DefaultSamplingWork = 2e8

// samplingStream is the second word of the draws' PCG seed.
const samplingStream = 0x73616d70

// SamplingTrack is one pair's run and its record.
type SamplingTrack struct {
	Pair    SamplingPair
	Opt     sampling.Optimizer
	Sampler sampling.Sampler
	Last    sampling.Step // the last step (Index -1 before the first)
	// The record, every RecordEvery evaluations and at the end of the
	// budget: evaluations spent, F(w) - F*, the effective variance V_e(p)
	// of the optimiser's gradient estimate under the sampler (the paper's
	// measure of a sampler's quality).
	Evals    []float64
	Gap      []float64
	Variance []float64
	rng      *rand.Rand
}

// SamplingSession is a sampling run in progress; the playground's room and
// the API both play it, so that the same request gives the same run.
type SamplingSession struct {
	Objective    *sampling.Objective
	FStar        float64
	FStarLimited bool // the search for F* stopped at FStarPasses
	Budget       int
	// RecordEvery is the pace of the records on the evaluation axis: the
	// same records however the evaluations are cut into calls to Advance.
	RecordEvery int
	Tracks      []*SamplingTrack
}

// NewSampling builds the session: F* (within the config's bound) and one
// track per pair, each at w = 0 with its first record.
func NewSampling(o *sampling.Objective, cfg SamplingConfig) (*SamplingSession, error) {
	if len(cfg.Pairs) == 0 {
		return nil, errors.New("name at least one optimiser and sampler pair")
	}
	if cfg.Budget < 1 {
		return nil, fmt.Errorf("the budget of %d gradient evaluations is not positive", cfg.Budget)
	}
	records := cfg.Records
	if records <= 0 {
		records = DefaultSamplingRecords
	}
	work := cfg.MaxWork
	if work <= 0 {
		work = DefaultSamplingWork
	}
	if need := float64(cfg.Budget) * float64(o.Dim()) * float64(len(cfg.Pairs)) * 4; need > work {
		return nil, fmt.Errorf("the run needs about %.3g coordinate updates, more than the limit of %.3g", need, work)
	}
	s := &SamplingSession{Objective: o, Budget: cfg.Budget, RecordEvery: max(1, cfg.Budget/records)}
	s.FStar, _, s.FStarLimited = o.OptimumWithin(max(int(work/(float64(o.N())*float64(o.Dim()))), 1))
	for i, p := range cfg.Pairs {
		optParams, sampParams := map[string]float64{}, map[string]float64{}
		for k, v := range p.Params {
			if k == "gamma" {
				optParams[k] = v
			} else {
				sampParams[k] = v
			}
		}
		smp, err := catalog.NewSampler(p.Sampler, o, cfg.Budget, sampParams)
		if err != nil {
			return nil, fmt.Errorf("pair %d (%s): %v", i+1, p, err)
		}
		opt, err := catalog.NewOptimizer(p.Optimizer, o, smp, optParams)
		if err != nil {
			return nil, fmt.Errorf("pair %d (%s): %v", i+1, p, err)
		}
		t := &SamplingTrack{Pair: p, Opt: opt, Sampler: smp, Last: sampling.Step{Index: -1},
			rng: rand.New(rand.NewPCG(cfg.Seed, samplingStream))}
		t.record(s.FStar)
		s.Tracks = append(s.Tracks, t)
	}
	return s, nil
}

// record appends the track's current figures to its record.
func (t *SamplingTrack) record(fstar float64) {
	o := t.Opt.Objective()
	t.Evals = append(t.Evals, float64(t.Opt.Evals()))
	t.Gap = append(t.Gap, o.Value(t.Opt.W())-fstar)
	t.Variance = append(t.Variance, sampling.EffectiveVariance(t.Opt, t.Sampler))
}

// Advance steps every track until it has spent evals more gradient
// evaluations (or the budget), recording it each RecordEvery evaluations
// and at the end of the budget.
func (s *SamplingSession) Advance(evals int) {
	for _, t := range s.Tracks {
		target := min(s.Budget, t.Opt.Evals()+evals)
		for t.Opt.Evals() < target {
			t.Last = t.Opt.Step(t.rng)
			next := int(t.Evals[len(t.Evals)-1])/s.RecordEvery*s.RecordEvery + s.RecordEvery
			if e := t.Opt.Evals(); e >= next || e >= s.Budget {
				t.record(s.FStar)
			}
		}
	}
}

// Run spends the whole budget.
func (s *SamplingSession) Run() { s.Advance(s.Budget) }

// Played returns the gradient evaluations every track has spent.
func (s *SamplingSession) Played() int {
	played := s.Budget
	for _, t := range s.Tracks {
		played = min(played, t.Opt.Evals())
	}
	return played
}

// Done reports whether every track spent its budget.
func (s *SamplingSession) Done() bool { return s.Played() >= s.Budget }

// Probs returns the track's current sampling probability of every point.
func (t *SamplingTrack) Probs() []float64 {
	n := t.Opt.Objective().N()
	p := make([]float64, n)
	for i := range p {
		p[i] = t.Sampler.Prob(i)
	}
	return p
}
