package playground

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"unitfree/core/catalog"
	"unitfree/core/sampling"
)

// The sampling room (Salehi, Celis, Thiran, arXiv:1708.02544): the points
// define a finite sum F(w) = (1/n) sum_i phi_i(w) + r(w), and stochastic
// optimisers pick one point per step with a sampler: uniform, importance
// sampling, or MABS, which learns the probabilities as a bandit.

// Data sources of the sampling room.
const (
	SamplingTau    = "tau"    // generated points, tau = max L_i / mean L_i
	SamplingPoints = "points" // drawn points
)

// Limits of the sampling room.
const (
	MaxSamplingPoints = 2000
	MaxSamplingEpochs = 100
	MaxTau            = 1000
)

// SamplingPair is one optimiser with one sampler.
type SamplingPair struct {
	Optimizer string
	Sampler   string
}

// String returns "sgd + mabs".
func (p SamplingPair) String() string { return p.Optimizer + " + " + p.Sampler }

// SamplingRoom is the sampling room's state.
type SamplingRoom struct {
	Data   string
	Points []Point // drawn points (points)
	Kind   sampling.Kind
	Pairs  []SamplingPair
	// The settings, described in SamplingFields.
	N      int     // points generated (tau)
	Tau    float64 // inequality of the generated points
	Lambda float64 // the L2 regularisation
	Gamma  float64 // the optimisers' step
	Epochs int     // budget: epochs x n gradient evaluations
	Seed   uint64  // seed of the data and of the draws
}

// generated reports whether the room's points are generated from tau.
func (s *SamplingRoom) generated() bool { return s.Data == SamplingTau }

// SamplingFields are the sampling room's settings.
var SamplingFields = Fields[SamplingRoom]{
	{Param: catalog.Param{Name: "n", Doc: "points generated", Default: 300, Min: 2, Max: MaxSamplingPoints}, Integer: true, Step: 1,
		Ref: func(s *SamplingRoom) any { return &s.N }, Applies: (*SamplingRoom).generated},
	{Param: catalog.Param{Name: "tau", Symbol: "τ", Doc: "how unequal the points' smoothness is", Default: 50, Min: 1, Max: MaxTau},
		Control: Log10Slider, Step: 0.01, Ref: func(s *SamplingRoom) any { return &s.Tau }, Applies: (*SamplingRoom).generated},
	{Param: catalog.Param{Name: "lambda", Symbol: "λ", Doc: "L2 regularisation", Default: 1e-3, Min: 0, Max: 100}, Step: 0.0001,
		Ref: func(s *SamplingRoom) any { return &s.Lambda }},
	{Param: withDefault(entryParam(catalog.Optimizers(), "sgd", "gamma"), 0.02), Step: 0.001,
		Ref: func(s *SamplingRoom) any { return &s.Gamma }},
	{Param: catalog.Param{Name: "epochs", Doc: "budget in epochs (n gradient evaluations each)", Default: 20, Min: 1, Max: MaxSamplingEpochs},
		Integer: true, Step: 1, Ref: func(s *SamplingRoom) any { return &s.Epochs }},
	seedField("seed", "seed of the data and of the draws", func(s *SamplingRoom) any { return &s.Seed }),
}

// NewSamplingRoom returns the sampling room's start: 300 generated points
// with tau = 50, squared hinge + L2, SGD with each sampler.
func NewSamplingRoom() *SamplingRoom {
	s := &SamplingRoom{Data: SamplingTau, Kind: sampling.SqHingeL2,
		Pairs: []SamplingPair{{"sgd", "uniform"}, {"sgd", "is"}, {"sgd", "mabs"}}}
	SamplingFields.SetDefaults(s)
	return s
}

// Validate checks a sampling room read from a link or from storage.
func (s *SamplingRoom) Validate() error {
	switch s.Data {
	case SamplingTau:
	case SamplingPoints:
		if len(s.Points) > MaxSamplingPoints {
			return fmt.Errorf("%d points, more than %d", len(s.Points), MaxSamplingPoints)
		}
		for i, p := range s.Points {
			if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) || (p.Label != 1 && p.Label != -1) {
				return fmt.Errorf("point %d (%v, %v, %v) is not valid", i+1, p.X, p.Y, p.Label)
			}
		}
	default:
		return fmt.Errorf("unknown data %q (tau or points)", s.Data)
	}
	if !slices.Contains(sampling.Kinds(), s.Kind) {
		return fmt.Errorf("unknown objective %q (known: %v)", s.Kind, sampling.Kinds())
	}
	if len(s.Pairs) < 1 || len(s.Pairs) > 9 {
		return fmt.Errorf("pick 1 to 9 optimiser and sampler pairs, not %d", len(s.Pairs))
	}
	for _, p := range s.Pairs {
		if !hasID(catalog.Optimizers(), p.Optimizer) || !hasID(catalog.Samplers(), p.Sampler) {
			return fmt.Errorf("unknown pair %q", p)
		}
	}
	return SamplingFields.Validate(s)
}

// hasID reports whether entries has one with the id.
func hasID(entries []catalog.Entry, id string) bool {
	for _, e := range entries {
		if e.ID == id {
			return true
		}
	}
	return false
}

// Encode returns the state for a link.
func (s *SamplingRoom) Encode() string { return encodeState(s) }

// Raw returns the state before compression (the page deflates it).
func (s *SamplingRoom) Raw() []byte { return rawState(s) }

// DecodeSamplingRoom reads a state made by Encode.
func DecodeSamplingRoom(s string) (*SamplingRoom, error) { return decodeAs[SamplingRoom](s) }

func (s *SamplingRoom) stateKind() byte { return 'S' }

func (s *SamplingRoom) writeState(w *stateWriter) {
	w.str(s.Data)
	writePoints(w, s.Points)
	w.str(string(s.Kind))
	w.count(len(s.Pairs))
	for _, p := range s.Pairs {
		w.str(p.Optimizer)
		w.str(p.Sampler)
	}
	SamplingFields.write(w, s)
}

func (s *SamplingRoom) readState(r *stateReader) {
	s.Data = r.str()
	s.Points = readPoints(r)
	s.Kind = sampling.Kind(r.str())
	s.readPairs(r)
	SamplingFields.read(r, s)
}

func (s *SamplingRoom) readPairs(r *stateReader) {
	s.Pairs = make([]SamplingPair, r.count(10))
	for i := range s.Pairs {
		s.Pairs[i] = SamplingPair{Optimizer: r.str(), Sampler: r.str()}
	}
}

func (s *SamplingRoom) legacyKind() byte { return 's' }

// readLegacy reads the state of links made before the settings became
// key and value pairs (their settings in a fixed order).
func (s *SamplingRoom) readLegacy(r *stateReader) {
	s.Data = r.str()
	s.N = r.int()
	s.Tau = r.float()
	s.Points = readPoints(r)
	s.Kind = sampling.Kind(r.str())
	s.Lambda = r.float()
	s.readPairs(r)
	s.Gamma = r.float()
	s.Epochs = r.int()
	s.Seed = r.uint()
}

// Plane returns the room's points in the plane with their labels.
func (s *SamplingRoom) Plane() (xy [][2]float64, y []float64) {
	if s.Data == SamplingPoints {
		for _, p := range s.Points {
			xy = append(xy, [2]float64{p.X, p.Y})
			y = append(y, p.Label)
		}
		return xy, y
	}
	xs, ys := sampling.TauPoints(s.Seed, s.N, 2, s.Tau)
	for _, x := range xs {
		xy = append(xy, [2]float64{x[0], x[1]})
	}
	return xy, ys
}

// SamplingTrack is one pair's run.
type SamplingTrack struct {
	Pair     SamplingPair
	Opt      sampling.Optimizer
	Sampler  sampling.Sampler
	rng      *rand.Rand
	Last     sampling.Step // the last step (Index -1 before the first)
	Evals    []float64     // gradient evaluations at each record
	Gap      []float64     // F(w) - F* at each record
	Variance []float64     // the effective variance V_e(p) at each record
}

// SamplingRun is the sampling room in progress: every pair spends the
// same budget of gradient evaluations, recorded at the same paces.
type SamplingRun struct {
	Objective *sampling.Objective
	FStar     float64
	XY        [][2]float64
	Budget    int
	Tracks    []*SamplingTrack
	// RecordEvery is the pace of the curves on the evaluation axis: a
	// record each time a track has spent that many more evaluations, so
	// that a curve's resolution does not depend on how many evaluations the
	// page runs per frame (it once had 11 points at 1000 per frame).
	RecordEvery int
}

// samplingRecords is about how many records a curve gets over the budget.
const samplingRecords = 200

// NewSamplingRun builds the room's objective (the two features and a bias),
// its optimum F* and one track per pair, all from w = 0.
func NewSamplingRun(s *SamplingRoom) (*SamplingRun, error) {
	xy, y := s.Plane()
	if len(xy) < 2 {
		return nil, errors.New("the objective needs at least 2 points: draw some, or generate them")
	}
	x := make([][]float64, len(xy))
	for i, p := range xy {
		x[i] = []float64{p[0], p[1], 1}
	}
	o, err := sampling.NewObjective(s.Kind, x, y, s.Lambda)
	if err != nil {
		return nil, err
	}
	r := &SamplingRun{Objective: o, XY: xy, Budget: s.Epochs * o.N()}
	r.RecordEvery = max(1, r.Budget/samplingRecords)
	r.FStar, _ = o.Optimum()
	for i, p := range s.Pairs {
		smp, err := catalog.NewSampler(p.Sampler, o, r.Budget, nil)
		if err != nil {
			return nil, err
		}
		opt, err := catalog.NewOptimizer(p.Optimizer, o, smp, map[string]float64{"gamma": s.Gamma})
		if err != nil {
			return nil, err
		}
		t := &SamplingTrack{Pair: p, Opt: opt, Sampler: smp, rng: rand.New(rand.NewPCG(s.Seed, uint64(i))), Last: sampling.Step{Index: -1}}
		t.record(r.FStar)
		r.Tracks = append(r.Tracks, t)
	}
	return r, nil
}

// record appends the track's current figures to its series.
func (t *SamplingTrack) record(fstar float64) {
	o := t.Opt.Objective()
	t.Evals = append(t.Evals, float64(t.Opt.Evals()))
	t.Gap = append(t.Gap, o.Value(t.Opt.W())-fstar)
	t.Variance = append(t.Variance, sampling.EffectiveVariance(t.Opt, t.Sampler))
}

// Advance steps every track until it has spent evals more gradient
// evaluations (or the budget), recording it each RecordEvery evaluations
// and at the end of the budget: the same records however the evaluations
// are cut into calls.
func (r *SamplingRun) Advance(evals int) {
	for _, t := range r.Tracks {
		target := min(r.Budget, t.Opt.Evals()+evals)
		for t.Opt.Evals() < target {
			t.Last = t.Opt.Step(t.rng)
			next := int(t.Evals[len(t.Evals)-1])/r.RecordEvery*r.RecordEvery + r.RecordEvery
			if e := t.Opt.Evals(); e >= next || e >= r.Budget {
				t.record(r.FStar)
			}
		}
	}
}

// Played returns the gradient evaluations every track has spent.
func (r *SamplingRun) Played() int {
	played := r.Budget
	for _, t := range r.Tracks {
		played = min(played, t.Opt.Evals())
	}
	return played
}

// Done reports whether every track spent its budget.
func (r *SamplingRun) Done() bool {
	for _, t := range r.Tracks {
		if t.Opt.Evals() < r.Budget {
			return false
		}
	}
	return true
}

// Probs returns the track's current sampling probability of every point.
func (t *SamplingTrack) Probs() []float64 {
	n := t.Opt.Objective().N()
	p := make([]float64, n)
	for i := range p {
		p[i] = t.Sampler.Prob(i)
	}
	return p
}
