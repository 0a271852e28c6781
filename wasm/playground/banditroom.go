package playground

import (
	"fmt"
	"math"
	"math/rand/v2"

	"unitfree/core/bandit"
	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
)

// The bandit room (Beygelzimer, Orabona, Zhang, ICML 2017):
// multiclass learners that only hear whether the label they played was
// right, against a full-information reference.

// Data sources of the bandit room.
const (
	BanditPoints    = "points"    // two-feature points of up to 6 classes (drawn, blobs, penguins)
	BanditSynSep    = "synsep"    // the paper's SynSep: 9 classes, 400 binary features
	BanditSynNonSep = "synnonsep" // SynSep with 5% of the labels replaced by others
)

// Limits of the bandit room.
const (
	MaxBanditClasses = 6
	MaxBanditRounds  = 5000
)

// DefaultBanditLearners are the bandit room's panels.
var DefaultBanditLearners = []string{"soba", "soba-adaptive", "banditron", "sop-mc"}

// ClassPoint is a point of the bandit room: two features and a class
// 0..k-1.
type ClassPoint struct {
	X, Y  float64
	Class int
}

// BanditRoom is the bandit room's state.
type BanditRoom struct {
	Data     string
	Preset   string       // the preset the points came from
	Features [2]Feature   // names and units of the two features (points)
	Classes  []string     // class names (points)
	Points   []ClassPoint // the points (points)
	Learners []string     // bandit learner ids
	// The settings, described in BanditFields.
	Rounds   int     // T (synsep, synnonsep)
	Gamma    float64 // exploration rate of the learners with a fixed one
	GammaMax float64 // cap of soba-adaptive's rate
	Seed     uint64  // seed of the data and of the order
	DrawSeed uint64  // seed of the exploration draws
	Passes   int     // passes over the points
	A        float64 // the second-order learners' regularization, A = aI at the start
}

// generated reports whether the room plays SynSep or SynNonSep.
func (b *BanditRoom) generated() bool { return b.Data == BanditSynSep || b.Data == BanditSynNonSep }

// BanditFields returns the bandit room's settings.
func BanditFields() Fields[BanditRoom] {
	return Fields[BanditRoom]{
		{Param: catalog.Param{Name: "rounds", Doc: "rounds T", Default: 200, Min: 1, Max: MaxBanditRounds}, Integer: true, Step: 1,
			Ref: func(b *BanditRoom) any { return &b.Rounds }, Applies: (*BanditRoom).generated},
		// The exploration rates step by powers of two, as the SOBA paper
		// sets them (γ = 2^-6 is one arrow press from 2^-5).
		{Param: withDefault(entryParam(catalog.Bandit(), "soba", "gamma"), 1.0/16), Control: Log2Slider, Step: 1,
			Ref: func(b *BanditRoom) any { return &b.Gamma }},
		{Param: withDefault(entryParam(catalog.Bandit(), "soba-adaptive", "gammaMax"), 0.5), Control: Log2Slider, Step: 1,
			Ref: func(b *BanditRoom) any { return &b.GammaMax }},
		seedField("seed", "data seed", func(b *BanditRoom) any { return &b.Seed }),
		seedField("drawSeed", "seed of the exploration draws", func(b *BanditRoom) any { return &b.DrawSeed }),
		{Param: catalog.Param{Name: "passes", Doc: "passes over the points", Default: 3, Min: 1, Max: MaxPasses}, Integer: true, Step: 1,
			Ref: func(b *BanditRoom) any { return &b.Passes }, Applies: func(b *BanditRoom) bool { return !b.generated() }},
		{Param: entryParam(catalog.Bandit(), "soba", "a"), Ref: func(b *BanditRoom) any { return &b.A }},
	}
}

// BanditPresets lists the bandit room's data presets.
var BanditPresets = []string{"blobs", "penguins", BanditSynSep, BanditSynNonSep}

// NewBanditRoom returns the bandit room's start: three species of penguins.
func NewBanditRoom() *BanditRoom {
	b := &BanditRoom{Learners: append([]string(nil), DefaultBanditLearners...)}
	BanditFields().SetDefaults(b)
	if err := b.LoadPreset("penguins"); err != nil {
		b.LoadPreset("blobs")
	}
	return b
}

// LoadPreset replaces the data by a preset.
func (b *BanditRoom) LoadPreset(id string) error {
	switch id {
	case BanditSynSep, BanditSynNonSep:
		b.Data, b.Preset, b.Points, b.Classes, b.Features = id, id, nil, nil, [2]Feature{}
		b.Rounds = 200
		b.Passes = 1
		return nil
	case "blobs":
		rng := rand.New(rand.NewPCG(b.Seed, 0x626c6f6273))
		b.Data, b.Preset, b.Points = BanditPoints, id, nil
		b.Features = [2]Feature{{"x₁", ""}, {"x₂", ""}}
		b.Classes = []string{"1", "2", "3"}
		for i := range 90 {
			c := i % 3
			a := 2*math.Pi*float64(c)/3 + 0.5
			b.Points = append(b.Points, ClassPoint{0.55*math.Cos(a) + 0.17*rng.NormFloat64(), 0.55*math.Sin(a) + 0.17*rng.NormFloat64(), c})
		}
		b.Passes = 3
		return nil
	case "penguins":
		tab, _, err := data.Load("penguins")
		if err != nil {
			return err
		}
		fx, fy := "bill_length_mm", "flipper_length_mm"
		r, err := tab.SelectClasses([]string{fx, fy}, "species")
		if err != nil {
			return err
		}
		b.Data, b.Preset, b.Points, b.Classes, b.Passes = BanditPoints, id, nil, r.Classes, 3
		b.Features = [2]Feature{{fx, r.Units[0]}, {fy, r.Units[1]}}
		for i, x := range r.X {
			b.Points = append(b.Points, ClassPoint{x[0], x[1], r.Labels[i]})
		}
		return nil
	}
	return fmt.Errorf("unknown bandit preset %q (known: %v)", id, BanditPresets)
}

// Validate checks a bandit room read from a link or from storage.
func (b *BanditRoom) Validate() error {
	switch b.Data {
	case BanditPoints:
		if len(b.Classes) < 2 || len(b.Classes) > MaxBanditClasses {
			return fmt.Errorf("%d classes, not 2 to %d", len(b.Classes), MaxBanditClasses)
		}
		if len(b.Points) > MaxPoints {
			return fmt.Errorf("%d points, more than %d", len(b.Points), MaxPoints)
		}
		for i, p := range b.Points {
			if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) || p.Class < 0 || p.Class >= len(b.Classes) {
				return fmt.Errorf("point %d (%v, %v, class %d) is not valid", i+1, p.X, p.Y, p.Class)
			}
		}
	case BanditSynSep, BanditSynNonSep:
	default:
		return fmt.Errorf("unknown data %q (points, synsep or synnonsep)", b.Data)
	}
	if len(b.Learners) < 1 || len(b.Learners) > MaxLearners {
		return fmt.Errorf("pick 1 to %d learners, not %d", MaxLearners, len(b.Learners))
	}
	for _, id := range b.Learners {
		if _, ok := catalog.LookupBandit(id); !ok {
			return fmt.Errorf("unknown bandit learner %q", id)
		}
	}
	return BanditFields().Validate(b)
}

// Raw returns the state before compression (the page deflates it).
func (b *BanditRoom) Raw() []byte { return rawState(b) }

func (b *BanditRoom) stateKind() byte { return 'B' }

func (b *BanditRoom) writeState(w *stateWriter) {
	b.writeData(w)
	w.strs(b.Learners)
	BanditFields().write(w, b)
}

func (b *BanditRoom) readState(r *stateReader) {
	b.readData(r)
	b.Learners = r.strs(MaxLearners + 1)
	BanditFields().read(r, b)
}

// writeData writes the data: its source, the features, classes and points.
func (b *BanditRoom) writeData(w *stateWriter) {
	w.str(b.Data)
	w.str(b.Preset)
	for _, f := range b.Features {
		w.str(f.Name)
		w.str(f.Base)
	}
	w.strs(b.Classes)
	w.count(len(b.Points))
	for _, p := range b.Points {
		w.floats(p.X, p.Y)
		w.int(p.Class)
	}
}

func (b *BanditRoom) readData(r *stateReader) {
	b.Data = r.str()
	b.Preset = r.str()
	for i := range b.Features {
		b.Features[i] = Feature{Name: r.str(), Base: r.str()}
	}
	if c := r.strs(MaxBanditClasses + 1); len(c) > 0 {
		b.Classes = c
	}
	if n := r.count(MaxPoints); n > 0 {
		b.Points = make([]ClassPoint, n)
		for i := range b.Points {
			b.Points[i] = ClassPoint{X: r.float(), Y: r.float(), Class: r.int()}
		}
	}
}

func (b *BanditRoom) legacyKind() byte { return 'b' }

// readLegacy reads the state of links made before the settings became
// key and value pairs (their settings in a fixed order; a setting added
// since keeps its default).
func (b *BanditRoom) readLegacy(r *stateReader) {
	BanditFields().SetDefaults(b) // the settings the layout did not have
	b.readData(r)
	b.Rounds = r.int()
	b.Learners = r.strs(MaxLearners + 1)
	b.Gamma, b.GammaMax = r.float(), r.float()
	b.Seed = r.uint()
	b.DrawSeed = r.uint()
	b.Passes = r.int()
}

// Specs returns the learners with the room's exploration rates: gamma for
// those with a fixed rate, gammaMax for soba-adaptive.
func (b *BanditRoom) Specs() []eval.LearnerSpec {
	var out []eval.LearnerSpec
	for _, id := range b.Learners {
		params := catalog.ExplorationParams(id, b.Gamma, b.GammaMax)
		e, _ := catalog.LookupBandit(id)
		if _, ok := e.Param("a"); ok {
			params["a"] = b.A
		}
		out = append(out, eval.LearnerSpec{ID: id, Params: params})
	}
	return out
}

// Stream returns the rows, labels and class count the room plays; a
// generated dataset's rows are shared between runs and must not be
// changed.
func (b *BanditRoom) Stream() (x [][]float64, labels []int, k int) {
	if b.generated() {
		r, err := synthetic(b.Data, b.Seed, b.Rounds)
		if err != nil { // Validate names the unknown dataset
			return nil, nil, 0
		}
		return r.x, r.labels, bandit.SynClasses
	}
	center, scale := b.standardization()
	for _, p := range b.Points {
		x = append(x, []float64{(p.X - center[0]) / scale[0], (p.Y - center[1]) / scale[1]})
		labels = append(labels, p.Class)
	}
	return x, labels, len(b.Classes)
}

// standardization returns the points' mean and standard deviation per
// feature: the learners of this room are not scale-invariant (that is the
// units room's lesson), so they see standardized features, and the
// exploration is what differs between them.
func (b *BanditRoom) standardization() (center, scale [2]float64) {
	n := float64(len(b.Points))
	for _, p := range b.Points {
		center[0] += p.X / n
		center[1] += p.Y / n
	}
	for _, p := range b.Points {
		scale[0] += (p.X - center[0]) * (p.X - center[0]) / n
		scale[1] += (p.Y - center[1]) * (p.Y - center[1]) / n
	}
	for i := range scale {
		scale[i] = math.Sqrt(scale[i])
		if !(scale[i] > 0) {
			scale[i] = 1
		}
	}
	return center, scale
}

// Config returns the engine's configuration of the room: points get a bias
// and a seeded shuffle over the passes; SynSep is played in its own order,
// without a bias, as in the paper.
func (b *BanditRoom) Config() eval.BanditConfig {
	cfg := eval.BanditConfig{Learners: b.Specs(), DrawSeed: b.DrawSeed, KeepRounds: true}
	if b.Data == BanditPoints {
		cfg.Bias, cfg.Shuffle, cfg.Seed, cfg.Passes = true, true, b.Seed, b.Passes
	}
	return cfg
}
