package playground

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
	"unitfree/core/features"
	"unitfree/core/sampling"
	"unitfree/wasm/wire"
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

// Name returns the pair in words: "SGD + Importance sampling".
func (p SamplingPair) Name() string { return PairName(p.Optimizer, p.Sampler) }

// PairName names an optimiser with a sampler by their catalogue names.
func PairName(optimizer, sampler string) string {
	name := func(entries []catalog.Entry, id string) string {
		for _, e := range entries {
			if e.ID == id {
				return e.Name
			}
		}
		return id
	}
	return name(catalog.Optimizers(), optimizer) + " + " + name(catalog.Samplers(), sampler)
}

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

// SamplingFields returns the sampling room's settings.
func SamplingFields() Fields[SamplingRoom] {
	return Fields[SamplingRoom]{
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
}

// NewSamplingRoom returns the sampling room's start: 300 generated points
// with tau = 50, squared hinge + L2, SGD with each sampler.
func NewSamplingRoom() *SamplingRoom {
	s := &SamplingRoom{Data: SamplingTau, Kind: sampling.SqHingeL2,
		Pairs: []SamplingPair{{"sgd", "uniform"}, {"sgd", "is"}, {"sgd", "mabs"}}}
	SamplingFields().SetDefaults(s)
	return s
}

// Validate checks a sampling room read from a link or from storage.
func (s *SamplingRoom) Validate() error {
	switch s.Data {
	case SamplingTau:
		if err := sampling.CheckTau(s.N, s.Tau); err != nil {
			return err
		}
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
	return SamplingFields().Validate(s)
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

// Raw returns the state before compression (the page deflates it).
func (s *SamplingRoom) Raw() []byte { return rawState(s) }

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
	SamplingFields().write(w, s)
}

func (s *SamplingRoom) readState(r *stateReader) {
	s.Data = r.str()
	s.Points = readPoints(r)
	s.Kind = sampling.Kind(r.str())
	s.readPairs(r)
	SamplingFields().read(r, s)
}

func (s *SamplingRoom) readPairs(r *stateReader) {
	s.Pairs = make([]SamplingPair, r.count(10))
	for i := range s.Pairs {
		s.Pairs[i] = SamplingPair{Optimizer: r.str(), Sampler: r.str()}
	}
}

func (s *SamplingRoom) legacyKind() byte { return 's' }

// readLegacy reads the state of links made before the settings became
// key and value pairs (their settings in a fixed order; a setting added
// since keeps its default).
func (s *SamplingRoom) readLegacy(r *stateReader) {
	SamplingFields().SetDefaults(s) // the settings the layout did not have
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

// SamplingRun is the sampling room in progress: the engine's sampling
// session (the API plays the same one) and the points' places.
type SamplingRun struct {
	*eval.SamplingSession
	XY [][2]float64
}

// Config returns the engine's configuration of the room for n points: the
// pairs with the room's step, a budget of Epochs passes.
func (s *SamplingRoom) Config(n int) eval.SamplingConfig {
	cfg := eval.SamplingConfig{Budget: s.Epochs * n, Seed: s.Seed}
	for _, p := range s.Pairs {
		cfg.Pairs = append(cfg.Pairs, eval.SamplingPair{Optimizer: p.Optimizer, Sampler: p.Sampler, Params: map[string]float64{"gamma": s.Gamma}})
	}
	return cfg
}

// NewSamplingRun builds the room's objective (the two features and a bias),
// its optimum F* and one track per pair, all from w = 0.
func NewSamplingRun(s *SamplingRoom) (*SamplingRun, error) {
	xy, y := s.Plane()
	if len(xy) < 2 {
		return nil, errors.New("the objective needs at least 2 points: draw some, or generate them")
	}
	x := make([][]float64, len(xy))
	for i, p := range xy {
		x[i] = []float64{p[0], p[1]}
	}
	o, err := sampling.NewObjective(s.Kind, features.WithBias(x), y, s.Lambda)
	if err != nil {
		return nil, err
	}
	session, err := eval.NewSampling(o, s.Config(o.N()))
	if err != nil {
		return nil, err
	}
	return &SamplingRun{SamplingSession: session, XY: xy}, nil
}

// Request returns the API request that plays the room's run: the same
// points (generated, or drawn and sent inline), objective, pairs, budget
// and seed give the same run, record for record (the API plays the same
// eval.SamplingSession).
func (s *SamplingRoom) Request() wire.SamplingRequest {
	req := wire.SamplingRequest{Task: wire.TaskSampling, Features: wire.Features{Bias: true}, Objective: string(s.Kind),
		Lambda: s.Lambda, Order: wire.Order{Seed: s.Seed}, Passes: s.Epochs}
	if s.Data == SamplingTau {
		req.Generator = &wire.Generator{Name: "tau", Rounds: s.N, Seed: s.Seed, Tau: s.Tau, Dim: 2}
	} else {
		in := &data.Inline{Features: []string{"x1", "x2"}}
		for _, p := range s.Points {
			in.X = append(in.X, []float64{p.X, p.Y})
			in.Y = append(in.Y, p.Label)
		}
		req.Data = in
	}
	for _, p := range s.Pairs {
		req.Runs = append(req.Runs, wire.SamplingRun{Optimizer: p.Optimizer, Sampler: p.Sampler, Params: map[string]float64{"gamma": s.Gamma}})
	}
	return req
}
