package playground

import (
	"errors"
	"fmt"
	"math"

	"unitfree/core/catalog"
	"unitfree/core/eval"
)

// Limits of the playground's state.
const (
	MaxPoints   = 2000
	MinLearners = 1
	MaxLearners = 6
	MaxSeed     = 1 << 31
	MaxPasses   = 100
)

// DefaultLearners are the panels a new playground shows.
var DefaultLearners = []string{"scinol2", "scinol-full", "scinol-diag", "ogd"}

// Model is the playground's whole state: the data, its units, the learners
// and the stream's order. Everything a link must reproduce is here.
type Model struct {
	Preset   string
	Task     string  // "" (classify) or "regress"
	Source   *Source // the dataset choice of a dataset preset
	Features [2]Feature
	Points   []Point
	Units    [2]string // unit id of each feature
	Learners []eval.LearnerSpec
	Bias     bool
	Degree   int
	Shuffle  bool
	Seed     uint64
	Passes   int

	undo, redo [][]Point
}

// NewModel returns the starting state: the separable preset, the default
// learners, a bias, one shuffled pass... repeated 20 times.
func NewModel() *Model {
	m := &Model{Bias: true, Degree: 1, Shuffle: true, Passes: 20}
	for _, id := range DefaultLearners {
		m.Learners = append(m.Learners, eval.LearnerSpec{ID: id})
	}
	m.LoadPreset("separable", 1)
	return m
}

// LoadPreset replaces the data by a preset (undoably) and resets the units.
func (m *Model) LoadPreset(id string, seed uint64) error {
	p, err := LoadPreset(id, seed)
	if err != nil {
		return err
	}
	m.usePreset(p)
	return nil
}

// SetSource shows other features or classes of the current dataset.
func (m *Model) SetSource(src Source) error {
	p, err := FromDataset(src)
	if err != nil {
		return err
	}
	m.usePreset(p)
	return nil
}

// usePreset replaces the data by a preset's (undoably) and resets the units.
func (m *Model) usePreset(p Preset) {
	m.remember()
	m.Preset, m.Features, m.Points, m.Source, m.Task = p.ID, p.Features, p.Points, p.Source, p.Task
	m.Degree = max(m.Degree, p.Degree)
	if p.Degree == 1 {
		m.Degree = 1
	}
	for i, f := range m.Features {
		m.Units[i] = UnitsFor(f.Base)[0].ID
	}
}

// Unit returns feature i's current unit.
func (m *Model) Unit(i int) Unit {
	u, ok := FindUnit(m.Features[i].Base, m.Units[i])
	if !ok {
		return UnitsFor(m.Features[i].Base)[0]
	}
	return u
}

// SetUnit switches feature i to the unit with the given id.
func (m *Model) SetUnit(i int, id string) error {
	if _, ok := FindUnit(m.Features[i].Base, id); !ok {
		return fmt.Errorf("feature %q has no unit %q", m.Features[i].Name, id)
	}
	m.Units[i] = id
	return nil
}

// remember pushes the points on the undo stack and clears redo.
func (m *Model) remember() {
	m.undo = append(m.undo, append([]Point(nil), m.Points...))
	if len(m.undo) > 200 {
		m.undo = m.undo[1:]
	}
	m.redo = nil
}

// Add adds a point given in base units.
func (m *Model) Add(p Point) error {
	if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
		return fmt.Errorf("point (%v, %v) is not finite", p.X, p.Y)
	}
	if err := m.checkLabel(p.Label); err != nil {
		return err
	}
	if len(m.Points) >= MaxPoints {
		return fmt.Errorf("the plot holds at most %d points", MaxPoints)
	}
	m.remember()
	m.Points = append(m.Points, p)
	return nil
}

// Move moves point i to (x, y) in base units; record says whether this
// starts a new undo step (a drag records once, at its start).
func (m *Model) Move(i int, x, y float64, record bool) {
	if i < 0 || i >= len(m.Points) || math.IsNaN(x) || math.IsNaN(y) {
		return
	}
	if record {
		m.remember()
	}
	m.Points[i].X, m.Points[i].Y = x, y
}

// Remove deletes point i.
func (m *Model) Remove(i int) {
	if i < 0 || i >= len(m.Points) {
		return
	}
	m.remember()
	m.Points = append(m.Points[:i:i], m.Points[i+1:]...)
}

// Clear removes every point.
func (m *Model) Clear() {
	m.remember()
	m.Points = nil
}

// Undo restores the points before the last change; it reports whether
// there was one.
func (m *Model) Undo() bool {
	if len(m.undo) == 0 {
		return false
	}
	m.redo = append(m.redo, m.Points)
	m.Points = m.undo[len(m.undo)-1]
	m.undo = m.undo[:len(m.undo)-1]
	return true
}

// Redo re-applies the last undone change.
func (m *Model) Redo() bool {
	if len(m.redo) == 0 {
		return false
	}
	m.undo = append(m.undo, m.Points)
	m.Points = m.redo[len(m.redo)-1]
	m.redo = m.redo[:len(m.redo)-1]
	return true
}

// TaskRegress marks a model whose labels are real-valued targets.
const TaskRegress = "regress"

// MaxTarget bounds a regression target's magnitude.
const MaxTarget = 1e12

// Regression reports whether the labels are real-valued targets.
func (m *Model) Regression() bool { return m.Task == TaskRegress }

// checkLabel validates a label for the model's task.
func (m *Model) checkLabel(y float64) error {
	if m.Regression() {
		if !(math.Abs(y) <= MaxTarget) {
			return fmt.Errorf("target %v is not a number within ±%g", y, MaxTarget)
		}
		return nil
	}
	if y != 1 && y != -1 {
		return fmt.Errorf("label %v is not -1 or +1", y)
	}
	return nil
}

// TargetRange returns the smallest and largest target (or label), the span
// the heatmap's colours cover; an empty or constant set spans ±1 around it.
func (m *Model) TargetRange() (lo, hi float64) {
	if len(m.Points) == 0 {
		return -1, 1
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range m.Points {
		lo, hi = math.Min(lo, p.Label), math.Max(hi, p.Label)
	}
	if hi-lo < 1e-12 {
		lo, hi = lo-1, hi+1
	}
	return lo, hi
}

// SetLearners replaces the learners after checking ids and parameters.
func (m *Model) SetLearners(specs []eval.LearnerSpec) error {
	if len(specs) < MinLearners || len(specs) > MaxLearners {
		return fmt.Errorf("pick %d to %d learners, not %d", MinLearners, MaxLearners, len(specs))
	}
	for _, s := range specs {
		e, ok := catalog.Lookup(s.ID)
		if !ok {
			return fmt.Errorf("unknown learner %q", s.ID)
		}
		if _, err := e.Resolve(s.Params); err != nil {
			return err
		}
	}
	m.Learners = append([]eval.LearnerSpec(nil), specs...)
	return nil
}

// Validate checks a model read from a link or from storage; the playground
// never trusts one.
func (m *Model) Validate() error {
	if len(m.Points) > MaxPoints {
		return fmt.Errorf("%d points, more than %d", len(m.Points), MaxPoints)
	}
	for i, p := range m.Points {
		if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) || m.checkLabel(p.Label) != nil {
			return fmt.Errorf("point %d (%v, %v, %v) is not valid", i+1, p.X, p.Y, p.Label)
		}
	}
	if m.Task != "" && m.Task != TaskRegress {
		return fmt.Errorf("task %q is not classification or %q", m.Task, TaskRegress)
	}
	for i := range m.Features {
		if _, ok := FindUnit(m.Features[i].Base, m.Units[i]); !ok {
			return fmt.Errorf("feature %d has no unit %q", i+1, m.Units[i])
		}
	}
	if err := m.SetLearners(m.Learners); err != nil {
		return err
	}
	if m.Degree < 1 || m.Degree > 3 {
		return fmt.Errorf("degree %d is not 1, 2 or 3", m.Degree)
	}
	if m.Passes < 1 || m.Passes > MaxPasses {
		return fmt.Errorf("passes %d is not 1 to %d", m.Passes, MaxPasses)
	}
	if m.Seed >= MaxSeed {
		return errors.New("seed out of range")
	}
	if m.Source != nil {
		if _, err := FromDataset(*m.Source); err != nil {
			return fmt.Errorf("dataset choice: %v", err)
		}
	}
	return nil
}

// BaseBounds returns the data box of the plot in base units: [-1, 1]² for
// drawn data (which stays inside it), the points' extent with a margin for
// a dataset and for any data that leaves [-1, 1]² (an imported CSV in cm
// and kg, say, once drawn outside the view).
func (m *Model) BaseBounds() (xmin, xmax, ymin, ymax float64) {
	if m.Features[0].Base == "" && m.Features[1].Base == "" && m.Preset != "scales" && m.insideUnitBox() {
		return -1, 1, -1, 1
	}
	if len(m.Points) == 0 {
		return -1, 1, -1, 1
	}
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range m.Points {
		xmin, xmax = math.Min(xmin, p.X), math.Max(xmax, p.X)
		ymin, ymax = math.Min(ymin, p.Y), math.Max(ymax, p.Y)
	}
	pad := func(lo, hi float64) (float64, float64) {
		w := hi - lo
		if w == 0 {
			w = math.Max(math.Abs(lo), 1)
		}
		return lo - 0.08*w, hi + 0.08*w
	}
	xmin, xmax = pad(xmin, xmax)
	ymin, ymax = pad(ymin, ymax)
	return xmin, xmax, ymin, ymax
}

// insideUnitBox reports whether every point lies in [-1, 1]².
func (m *Model) insideUnitBox() bool {
	for _, p := range m.Points {
		if math.Abs(p.X) > 1 || math.Abs(p.Y) > 1 {
			return false
		}
	}
	return true
}

// DisplayFrame returns the plot's frame in the current units for a canvas
// of the given size: the same base box, so that switching a unit relabels
// the axes and leaves every point where it was on screen.
func (m *Model) DisplayFrame(width, height, margin float64) Frame {
	xmin, xmax, ymin, ymax := m.BaseBounds()
	u0, u1 := m.Unit(0), m.Unit(1)
	return Frame{Width: width, Height: height, Margin: margin,
		XMin: u0.Convert(xmin), XMax: u0.Convert(xmax), YMin: u1.Convert(ymin), YMax: u1.Convert(ymax)}
}
