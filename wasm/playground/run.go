package playground

import (
	"context"
	"math"

	"unitfree/core/catalog"
	"unitfree/core/data"
	"unitfree/core/eval"
)

// MeterTolerance is the invariance meter's threshold: a learner whose
// predictions in the current units stay within this (relative to max(1,
// |prediction|)) of its predictions in the base units reads "invariant".
const MeterTolerance = 1e-9

// Run is the model played as a stream. Each learner runs twice over the
// same rounds in the same order: once on the numbers in the current units
// (what the panels show) and once in the base units; the largest difference
// between the two predictions so far is the learner's invariance meter.
type Run struct {
	cur, ref *eval.Session
	labels   []float64
	meter    []float64
	checked  int
	names    []string
	xy       []float64 // the point of Probability, reused
	regress  bool      // real-valued targets: no mistakes, the heatmap spans lo..hi
	lo, hi   float64   // the targets' range
	// Cumulative loss and mistakes of each learner after each round: the
	// chart's series.
	CumLoss, CumMistakes [][]float64
	// ComparatorLoss is the cumulative loss, round by round, of the best
	// fixed predictor in hindsight of the last Regrets call.
	ComparatorLoss []float64
}

// LearnerStats are a panel's running figures.
type LearnerStats struct {
	ID, Name   string
	Rounds     int
	Mistakes   int
	Loss       float64
	Meter      float64 // largest relative prediction difference caused by the units
	DivergedAt int
}

// NewRun builds the run of the model's current state (a model without
// points gives an empty run).
func NewRun(m *Model) (*Run, error) {
	r := &Run{meter: make([]float64, len(m.Learners)),
		CumLoss: make([][]float64, len(m.Learners)), CumMistakes: make([][]float64, len(m.Learners))}
	for _, l := range m.Learners {
		name := l.ID
		if e, ok := catalog.Lookup(l.ID); ok {
			name = e.Name
		}
		r.names = append(r.names, name)
	}
	r.regress = m.Regression()
	r.lo, r.hi = m.TargetRange()
	if len(m.Points) == 0 {
		return r, nil
	}
	base := &data.Rounds{Features: []string{m.Features[0].Name, m.Features[1].Name}}
	for i, p := range m.Points {
		base.X = append(base.X, []float64{p.X, p.Y})
		base.Y = append(base.Y, p.Label)
		r.labels = append(r.labels, p.Label)
		base.Rows = append(base.Rows, i+1)
	}
	u0, u1 := m.Unit(0), m.Unit(1)
	cur, err := base.Rescale([]float64{u0.Scale, u1.Scale}, []float64{u0.Offset, u1.Offset})
	if err != nil {
		return nil, err
	}
	task := data.Classify
	if r.regress {
		task = data.Regress
	}
	cfg := eval.Config{Task: task, Bias: m.Bias, Degree: m.Degree, Learners: m.Learners,
		Shuffle: m.Shuffle, Seed: m.Seed, Passes: m.Passes, Keep: eval.Keep{Predictions: true, Losses: true}}
	lim := eval.Limits{MaxLearners: MaxLearners, MaxPasses: MaxPasses, MaxDim: 20, MaxWork: 1e12, MaxKept: math.Inf(1)}
	if r.cur, err = eval.New(cur, cfg, lim); err != nil {
		return nil, err
	}
	if r.ref, err = eval.New(base, cfg, lim); err != nil {
		return nil, err
	}
	return r, nil
}

// Advance plays up to k rounds of every learner and updates the meters.
func (r *Run) Advance(k int) {
	if r.cur == nil {
		return
	}
	r.cur.Step(k)
	r.ref.Step(k)
	for i := range r.meter {
		p := r.cur.Progress(i)
		a, b := p.Predictions, r.ref.Progress(i).Predictions
		loss, mistakes := 0.0, 0.0
		if t := len(r.CumLoss[i]); t > 0 {
			loss, mistakes = r.CumLoss[i][t-1], r.CumMistakes[i][t-1]
		}
		for t := r.checked; t < len(a); t++ {
			d := math.Abs(a[t]-b[t]) / math.Max(1, math.Abs(b[t]))
			if d > r.meter[i] || math.IsNaN(d) {
				r.meter[i] = d
			}
			loss += p.Losses[t]
			if !r.regress && r.labels[r.cur.RoundRow(t)]*a[t] <= 0 {
				mistakes++
			}
			r.CumLoss[i] = append(r.CumLoss[i], loss)
			r.CumMistakes[i] = append(r.CumMistakes[i], mistakes)
		}
	}
	r.checked = r.cur.Played()
}

// Played returns the rounds played; Total the rounds of the whole run.
func (r *Run) Played() int {
	if r.cur == nil {
		return 0
	}
	return r.cur.Played()
}

// Total returns the number of rounds of the whole run.
func (r *Run) Total() int {
	if r.cur == nil {
		return 0
	}
	return r.cur.Total()
}

// Done reports whether the run is over (or empty).
func (r *Run) Done() bool { return r.cur == nil || r.cur.Done() }

// Stats returns learner i's running figures.
func (r *Run) Stats(i int) LearnerStats {
	s := LearnerStats{Name: r.names[i], Meter: r.meter[i]}
	if r.cur == nil {
		return s
	}
	p := r.cur.Progress(i)
	s.ID, s.Rounds, s.Loss, s.DivergedAt = p.ID, r.cur.Played(), p.Loss, p.DivergedAt
	if p.Mistakes != nil {
		s.Mistakes = *p.Mistakes
	}
	return s
}

// Regrets returns every learner's regret against the best fixed linear
// predictor in hindsight on the rounds played (gonum BFGS: call it when the
// stream rests or a few times a second, not every frame).
func (r *Run) Regrets() ([]float64, error) { return r.RegretsBetween(nil) }

// RegretsBetween is Regrets whose comparator search calls between after
// each of its steps (an error it returns ends the search with it): the
// page yields to the browser there, since the search can take tens of
// milliseconds of a phone's main thread. The run may play on meanwhile;
// the regrets are those of the rounds played when it was called, and
// ComparatorLoss runs to the round the run is at when it returns.
func (r *Run) RegretsBetween(between func() error) ([]float64, error) {
	out := make([]float64, len(r.meter))
	if r.cur == nil || r.cur.Played() == 0 {
		return out, nil
	}
	// The learners' losses now, before the search lets the run play on.
	now := r.cur.ResultWith(eval.Comparator{})
	c, err := r.cur.ComparatorBetween(context.Background(), between)
	if err != nil {
		return nil, err
	}
	for i, l := range now.Learners {
		out[i] = math.NaN() // no regret for an unbounded loss
		if l.Regret != nil {
			out[i] = l.Loss - c.Loss
		}
	}
	r.ComparatorLoss = nil
	if c.Weights != nil {
		r.ComparatorLoss = r.cur.FixedLoss(c.Weights)
	}
	return out, nil
}

// Probability returns learner i's P(y = +1) at the point (x, y) given in the
// current units; for regression, where its prediction falls in the targets'
// range (0 at the smallest target, 1 at the largest), the heatmap's scale.
func (r *Run) Probability(i int, x, y float64) float64 {
	if r.cur == nil {
		return 0.5
	}
	if r.xy == nil {
		r.xy = make([]float64, 2)
	}
	r.xy[0], r.xy[1] = x, y
	if r.regress {
		return (r.cur.Predict(i, r.xy) - r.lo) / (r.hi - r.lo)
	}
	return Sigmoid(r.cur.Predict(i, r.xy))
}

// Probabilities fills probs (cols x rows, row-major, top row first) with
// learner i's P(y = +1) at the centres of a grid over the frame, whose box
// is in the current units.
func (r *Run) Probabilities(i int, probs []float64, cols, rows int, f Frame) {
	r.ProbabilityRows(i, probs, cols, rows, 0, rows, f)
}

// ProbabilityRows is Probabilities for the grid rows from..to-1 only, so
// that a caller can spread one grid's work over several frames.
func (r *Run) ProbabilityRows(i int, probs []float64, cols, rows, from, to int, f Frame) {
	for row := from; row < to; row++ {
		y := f.YMax - (float64(row)+0.5)/float64(rows)*(f.YMax-f.YMin)
		for c := range cols {
			x := f.XMin + (float64(c)+0.5)/float64(cols)*(f.XMax-f.XMin)
			probs[row*cols+c] = r.Probability(i, x, y)
		}
	}
}

// PaintHeatmap fills rgba (4 bytes per cell) with the colours of the
// probabilities.
func PaintHeatmap(rgba []byte, probs []float64) {
	for k, p := range probs {
		col := ProbabilityRGBA(p)
		copy(rgba[4*k:], col[:])
	}
}

// RegretSeries returns each learner's cumulative loss minus the
// comparator's (the best fixed predictor of the last regret computation),
// for the rounds the comparator covers.
func (r *Run) RegretSeries() [][]float64 {
	out := make([][]float64, len(r.CumLoss))
	for i, s := range r.CumLoss {
		n := min(len(s), len(r.ComparatorLoss))
		out[i] = make([]float64, n)
		for t := range n {
			out[i][t] = s[t] - r.ComparatorLoss[t]
		}
	}
	return out
}
